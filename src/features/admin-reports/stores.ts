import type { Transaction } from 'dexie';
import type { AdminReportListItem } from '../../domain/admin-reports.ts';
import type { MetaRow } from '../../offline/db.ts';
import { defineDeviceStores, type SyncFields } from '../../offline/tables.ts';

// What opening the device store needs of this table: the service worker imports only this, the row is in table.ts.

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
  const rows = tx.table<AdminReportListItem & SyncFields, number>('relatoriosAdministrativos');
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
export const adminReportsStores = defineDeviceStores({
  name: 'relatoriosAdministrativos',
  versions: { 3: '&relatorioAdministrativoId, municipioId' },
  upgrades: { 3: upgradeToV3 },
});
