import type { Table } from 'dexie';
import { municipalityGroupSchema, type MunicipalityGroup } from '../../domain/members.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { groupsStores } from './stores.ts';

export type GrupoRow = MunicipalityGroup & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    grupos: Table<GrupoRow, number>;
  }
}

export const groupsTable = defineDeviceTable({
  ...groupsStores,
  row: municipalityGroupSchema,
  bundle: { key: 'grupos' },
});
