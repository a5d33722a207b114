import { requestOf } from '../../contract/endpoint.ts';
import { fieldReports } from '../../contract/field-reports.ts';
import { REPORT_STATUS } from '../../domain/report-common.ts';
import { reportCreateSchema, reportListItemOf, reportSchema, type Report, type ReportCreate } from '../../domain/field-reports.ts';
import type { OfflineDb } from '../../offline/db.ts';
import type { RelatorioRow } from './table.ts';
import { defineMutationKind } from '../../offline/kinds.ts';
import { getSession } from '../../session/store.ts';

/** The device's row of a report the server answered with (created, edited or analysed online). */
export function reportRowOf(report: Report, syncedAt: number): RelatorioRow {
  return { ...reportListItemOf(report), syncedAt, pending: 0 };
}

function reportEntity(relatorioId: number | null): string {
  return `relatorio:${relatorioId}`;
}

/**
 * POST api/relatorio (spec §7), through the outbox even online: the report shows in the city's
 * list at once (pendente), its attachments are uploaded by the engine (resumable, hashed) and
 * their uploadIds injected into arquivosUploadIds, and a dropped connection never loses or doubles
 * it. Guests registered offline are referenced by their temp id: the engine sends this entry after
 * their registration, with the server's ids.
 */
export const reportCreateKind = defineMutationKind<ReportCreate>({
  name: 'report-create',
  title: 'Novo relatório',
  schema: reportCreateSchema,
  label: (report) => `Relatório ${report.titulo || 'sem título'}`,
  entityKey: (_report, tempId) => reportEntity(tempId),
  toRequest: (report) => ({ ...requestOf(fieldReports.create, { body: report }), filesField: 'arquivosUploadIds' }),
  serverIdField: 'relatorioId',
  creates: true,
  files: 'anexo',
  async applyLocal(db: OfflineDb, report, { tempId }) {
    if (tempId === null) throw new Error('report-create needs a temp id');
    const row: RelatorioRow = {
      relatorioId: tempId,
      municipioId: report.municipioId,
      titulo: report.titulo,
      motivoRejeicao: null,
      usuarioId: db.userId,
      usuario: { nome: getSession().user?.nome ?? '' },
      criacao: new Date().toISOString(),
      statusRelatorioId: REPORT_STATUS.enviado,
      encontroId: report.encontroId,
      syncedAt: 0,
      pending: 1,
    };
    await db.relatorios.put(row);
  },
  async reconcile(db, entry, response) {
    const saved = reportSchema.parse(response);
    if (entry.tempId !== null) await db.relatorios.delete(entry.tempId);
    await db.relatorios.put(reportRowOf(saved, Date.now()));
  },
  async revertLocal(db, entry) {
    if (entry.tempId !== null) await db.relatorios.delete(entry.tempId);
  },
});
