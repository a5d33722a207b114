import type { Table } from 'dexie';
import { reportListItemSchema, type ReportListItem } from '../../domain/field-reports.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { reportsStores } from './stores.ts';

/** A city's field report as its list shows it; a report created on this device has its temp id and pending: 1 until sent. */
export type RelatorioRow = ReportListItem & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    relatorios: Table<RelatorioRow, number>;
  }
}

/** Scope of a municipality's report list (GET relatorio/get-by-municipio), which the bundle also fills. */
export function reportListScope(municipioId: number): string {
  return `relatorios:municipio:${municipioId}`;
}

export const reportsTable = defineDeviceTable({
  ...reportsStores,
  row: reportListItemSchema,
  // An older server sends no reports: the device's list is emptied (as it always was) but keeps its own age.
  bundle: { key: 'relatorios', whenAbsent: 'empty', scopes: (municipioId) => [reportListScope(municipioId)] },
});
