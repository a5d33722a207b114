import type { Table } from 'dexie';
import { adminReportListItemSchema, type AdminReportListItem } from '../../domain/admin-reports.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';
import { adminReportsStores } from './stores.ts';

/** A city's administrative report as its list shows it; the same pending rule as RelatorioRow. */
export type RelatorioAdministrativoRow = AdminReportListItem & SyncFields;

declare module '../../offline/tables.ts' {
  interface DeviceTables {
    relatoriosAdministrativos: Table<RelatorioAdministrativoRow, number>;
  }
}

/** Scope of a municipality's administrative report list (GET get-by-municipio), which the bundle also fills. */
export function adminReportListScope(municipioId: number): string {
  return `relatoriosAdministrativos:municipio:${municipioId}`;
}

/** v3 (stores.ts): administrative reports get their own table, like field reports. */
export const adminReportsTable = defineDeviceTable({
  ...adminReportsStores,
  row: adminReportListItemSchema,
  // An older server sends none: the device's list is then left as it is rather than emptied.
  bundle: { key: 'relatoriosAdministrativos', whenAbsent: 'keep', scopes: (municipioId) => [adminReportListScope(municipioId)] },
});
