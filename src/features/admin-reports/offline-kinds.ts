import {
  adminReportCreateSchema,
  adminReportSchema,
  type AdminReport,
  type AdminReportCreate,
  type AdminReportListItem,
} from '../../domain/reports.ts';
import { getMeta, setMeta, type OfflineDb } from '../../offline/db.ts';
import { defineMutationKind } from '../../offline/kinds.ts';
import { syncedAtKey } from '../../offline/pull.ts';
import { ADMIN_REPORT_CREATE_KIND } from './form-logic.ts';

/**
 * The device's copy of a city's administrative report list lives in the store's key/value table
 * (one small list per city; the store has no table of its own for these reports yet). Its pull
 * scope is the same key, so "Atualizado em" works like any other list.
 */
export function adminReportsScope(municipioId: number): string {
  return `relatoriosAdministrativos:municipio:${municipioId}`;
}

export async function readCachedAdminReports(db: OfflineDb, municipioId: number): Promise<AdminReportListItem[] | undefined> {
  return getMeta<AdminReportListItem[]>(db, adminReportsScope(municipioId));
}

export function listItemOf(report: AdminReport): AdminReportListItem {
  return {
    relatorioAdministrativoId: report.relatorioAdministrativoId,
    municipioId: report.municipioId,
    titulo: report.titulo,
    horas: report.horas,
    motivoRejeicao: report.motivoRejeicao,
    usuarioId: report.usuarioId,
    usuario: { nome: report.usuario.nome },
    criacao: report.criacao,
    statusRelatorioId: report.statusRelatorioId,
  };
}

/** Puts (or replaces) one report in its city's cached list, when the device has that list. */
export async function cacheAdminReport(db: OfflineDb, report: AdminReport): Promise<void> {
  const cached = await readCachedAdminReports(db, report.municipioId);
  if (!cached) return;
  const others = cached.filter((r) => r.relatorioAdministrativoId !== report.relatorioAdministrativoId);
  await setMeta(db, adminReportsScope(report.municipioId), [listItemOf(report), ...others]);
}

type Sent = { row: AdminReportListItem; at: number };

/** Reports this device created that a pull may not have seen yet (see writeCachedAdminReports). */
const sentKey = (municipioId: number) => `${adminReportsScope(municipioId)}:enviados`;

/** The cached list with the reports this device sent since; undefined when the city was never listed here. */
export async function readAdminReportList(db: OfflineDb, municipioId: number): Promise<AdminReportListItem[] | undefined> {
  const [cached, sent] = await Promise.all([readCachedAdminReports(db, municipioId), getMeta<Sent[]>(db, sentKey(municipioId))]);
  if (!cached) return undefined;
  const listed = new Set(cached.map((r) => r.relatorioAdministrativoId));
  return [...(sent ?? []).map((s) => s.row).filter((r) => !listed.has(r.relatorioAdministrativoId)), ...cached];
}

/**
 * Stores a pulled list in one transaction. A pull that started before a queued report reached the
 * server may answer without it after its entry was retired: such reports stay aside (`enviados`)
 * until a pull that started after them lists them.
 */
export async function writeAdminReportList(
  db: OfflineDb,
  municipioId: number,
  rows: AdminReportListItem[],
  startedAt: number,
): Promise<void> {
  const scope = adminReportsScope(municipioId);
  await db.transaction('rw', db.meta, async () => {
    const listed = new Set(rows.map((r) => r.relatorioAdministrativoId));
    const sent = (await getMeta<Sent[]>(db, sentKey(municipioId))) ?? [];
    await setMeta(
      db,
      sentKey(municipioId),
      sent.filter((s) => !listed.has(s.row.relatorioAdministrativoId) && s.at > startedAt),
    );
    await setMeta(db, scope, rows);
    await setMeta(db, syncedAtKey(scope), Date.now());
  });
}

/** Drops one report from the device's copy of its city's list (deleted online). */
export async function forgetAdminReport(db: OfflineDb, municipioId: number, id: number): Promise<void> {
  await db.transaction('rw', db.meta, async () => {
    const cached = await readCachedAdminReports(db, municipioId);
    if (cached)
      await setMeta(
        db,
        adminReportsScope(municipioId),
        cached.filter((r) => r.relatorioAdministrativoId !== id),
      );
    const sent = (await getMeta<Sent[]>(db, sentKey(municipioId))) ?? [];
    await setMeta(
      db,
      sentKey(municipioId),
      sent.filter((s) => s.row.relatorioAdministrativoId !== id),
    );
  });
}

/**
 * POST api/relatorioadministrativo/relatorioadministrativo through the outbox, even online: the
 * attachments are stored on the device and uploaded by the engine (resumable, hashed), their
 * uploadIds land in arquivosUploadIds, and a dropped connection never loses or doubles a report.
 * While queued the report is listed from the queue itself (marked pendente); once the server
 * answers, the answer joins the cached list in the same transaction that retires the entry.
 */
export const adminReportCreateKind = defineMutationKind<AdminReportCreate>({
  name: ADMIN_REPORT_CREATE_KIND,
  title: 'Novo relatório administrativo',
  schema: adminReportCreateSchema,
  label: (report) => `Relatório administrativo ${report.titulo}`,
  entityKey: (_report, tempId) => `relatorio-administrativo:${tempId}`,
  toRequest: (report) => ({
    method: 'POST',
    path: 'relatorioadministrativo/relatorioadministrativo',
    json: report,
    filesField: 'arquivosUploadIds',
  }),
  serverIdField: 'relatorioAdministrativoId',
  creates: true,
  files: 'anexo',
  async reconcile(db, _entry, response) {
    const report = adminReportSchema.parse(response);
    const sent = (await getMeta<Sent[]>(db, sentKey(report.municipioId))) ?? [];
    await setMeta(db, sentKey(report.municipioId), [...sent, { row: listItemOf(report), at: Date.now() }]);
    await cacheAdminReport(db, report);
  },
});
