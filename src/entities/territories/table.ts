import type { Table } from 'dexie';
import { visitSchema, type Visit } from '../../domain/territories.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { visitsStores } from './stores.ts';

export type VisitaRow = Visit & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    visitas: Table<VisitaRow, number>;
  }
}

export const visitsScope = (municipioId: number) => `visitas:municipio:${municipioId}`;

/** An older server sends no key: the device keeps what it had. */
export const visitsTable = defineDeviceTable({
  ...visitsStores,
  row: visitSchema,
  bundle: { key: 'visitas', whenAbsent: 'keep', scopes: (municipioId) => [visitsScope(municipioId)] },
});
