import type { Table } from 'dexie';
import { municipalityDetailSchema, type MunicipalityDetail } from '../../domain/municipality.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { municipalitiesStores } from './stores.ts';

/** The municipality as GET api/municipio/{id} answers it; the offline bundle's `municipio` (its scope is the bundle's own). */
export type MunicipioRow = MunicipalityDetail & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    municipios: Table<MunicipioRow, number>;
  }
}

export const municipalitiesTable = defineDeviceTable({
  ...municipalitiesStores,
  row: municipalityDetailSchema,
  bundle: { key: 'municipio', single: true },
});
