import {
  adminReportCreateSchema,
  adminReportListItemOf,
  adminReportSchema,
  type AdminReport,
  type AdminReportCreate,
} from '../../domain/admin-reports.ts';
import { adminReports } from '../../contract/admin-reports.ts';
import { requestOf } from '../../contract/endpoint.ts';
import { REPORT_STATUS } from '../../domain/report-common.ts';
import type { OfflineDb } from '../../offline/db.ts';
import type { RelatorioAdministrativoRow } from './table.ts';
import { defineMutationKind } from '../../offline/kinds.ts';
import { getSession } from '../../session/store.ts';
import { ADMIN_REPORT_CREATE_KIND } from './form-logic.ts';

/** The device's row of a report the server answered with (created, edited or analysed online). */
export function adminReportRowOf(report: AdminReport, syncedAt: number): RelatorioAdministrativoRow {
  return { ...adminReportListItemOf(report), syncedAt, pending: 0 };
}

/**
 * POST api/relatorioadministrativo/relatorioadministrativo through the outbox, even online: the
 * attachments are stored on the device and uploaded by the engine (resumable, hashed), their
 * uploadIds land in arquivosUploadIds, and a dropped connection never loses or doubles a report.
 * Like a field report, it is in the city's list at once (its temp id, pending: 1); the server's
 * answer replaces that row in the transaction that retires the entry.
 */
export const adminReportCreateKind = defineMutationKind<AdminReportCreate>({
  name: ADMIN_REPORT_CREATE_KIND,
  title: 'Novo relatório administrativo',
  schema: adminReportCreateSchema,
  label: (report) => `Relatório administrativo ${report.titulo}`,
  entityKey: (_report, tempId) => `relatorio-administrativo:${tempId}`,
  toRequest: (report) => ({ ...requestOf(adminReports.create, { body: report }), filesField: 'arquivosUploadIds' }),
  serverIdField: 'relatorioAdministrativoId',
  creates: true,
  files: 'anexo',
  async applyLocal(db: OfflineDb, report, { tempId }) {
    if (tempId === null) throw new Error('admin-report-create needs a temp id');
    await db.relatoriosAdministrativos.put({
      relatorioAdministrativoId: tempId,
      municipioId: report.municipioId,
      titulo: report.titulo,
      horas: report.horas,
      motivoRejeicao: null,
      usuarioId: db.userId,
      usuario: { nome: getSession().user?.nome ?? '' },
      criacao: new Date().toISOString(),
      statusRelatorioId: REPORT_STATUS.enviado,
      syncedAt: 0,
      pending: 1,
    });
  },
  async reconcile(db, entry, response) {
    const saved = adminReportSchema.parse(response);
    if (entry.tempId !== null) await db.relatoriosAdministrativos.delete(entry.tempId);
    await db.relatoriosAdministrativos.put(adminReportRowOf(saved, Date.now()));
  },
  async revertLocal(db, entry) {
    if (entry.tempId !== null) await db.relatoriosAdministrativos.delete(entry.tempId);
  },
});
