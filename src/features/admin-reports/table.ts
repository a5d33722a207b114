import type { Table, Transaction } from 'dexie';
import { adminReportListItemSchema, type AdminReportListItem } from '../../domain/admin-reports.ts';
import type { MetaRow } from '../../offline/db.ts';
import { defineDeviceTable, type SyncFields } from '../../offline/tables.ts';

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

/** Meta keys of v2's administrative report lists: the list, and the reports sent since its pull. */
const V2_ADMIN_LIST_KEY = /^relatoriosAdministrativos:municipio:(\d+)$/;
const V2_ADMIN_SENT_KEY = /^relatoriosAdministrativos:municipio:\d+:enviados$/;

/**
 * Moves each city's administrative report list out of `meta` into the new table, as synced rows
 * of its pull (the pull's `syncedAt:` key stays, so "Atualizado em" is unchanged). The reports
 * sent since that pull (`…:enviados`) are server rows too; the next pull of the city settles them.
 */
async function upgradeToV3(tx: Transaction): Promise<void> {
  const meta = tx.table<MetaRow, string>('meta');
  const rows = tx.table<RelatorioAdministrativoRow, number>('relatoriosAdministrativos');
  for (const { key, value } of await meta.toArray()) {
    const list = V2_ADMIN_LIST_KEY.test(key);
    if (!list && !V2_ADMIN_SENT_KEY.test(key)) continue;
    const items = (Array.isArray(value) ? value : []) as Array<AdminReportListItem | { row: AdminReportListItem; at: number }>;
    const syncedAt = list ? (((await meta.get(`syncedAt:${key}`))?.value as number | undefined) ?? 0) : 0;
    for (const item of items) {
      const row = 'row' in item ? item.row : item;
      await rows.put({ ...row, syncedAt: 'row' in item ? item.at : syncedAt, pending: 0 });
    }
    await meta.delete(key);
  }
}

/**
 * v3: administrative reports get their own table, like field reports; before, each city's list was
 * a JSON value in `meta` (see upgradeToV3).
 */
export const adminReportsTable = defineDeviceTable({
  name: 'relatoriosAdministrativos',
  row: adminReportListItemSchema,
  versions: { 3: '&relatorioAdministrativoId, municipioId' },
  upgrades: { 3: upgradeToV3 },
  // An older server sends none: the device's list is then left as it is rather than emptied.
  bundle: { key: 'relatoriosAdministrativos', whenAbsent: 'keep', scopes: (municipioId) => [adminReportListScope(municipioId)] },
});
