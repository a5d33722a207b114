import type { Table } from 'dexie';
import { memberSchema, type Member } from '../../domain/members.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { membersStores } from './stores.ts';

export type MembroRow = Member & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    membros: Table<MembroRow, number>;
  }
}

export const membersTable = defineDeviceTable({
  ...membersStores,
  row: memberSchema,
  bundle: { key: 'membros' },
});
