import type { Table } from 'dexie';
import { memberSchema, type Member } from '../../domain/members.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';

export type MembroRow = Member & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    membros: Table<MembroRow, number>;
  }
}

export const membersTable = defineDeviceTable({
  name: 'membros',
  row: memberSchema,
  versions: { 1: '&membroId, municipioId' },
  bundle: { key: 'membros' },
});
