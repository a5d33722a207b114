import { REPORT_STATUS } from '../../domain/report-common.ts';
import {
  adminReportCreateSchema,
  adminReportListItemOf,
  type AdminReportCreate,
  type AdminReportListItem,
} from '../../domain/admin-reports.ts';
import type { OutboxEntry } from '../../offline/db.ts';

/** Pure pieces of the administrative report screens, kept apart so they are tested without a browser. */

export const ADMIN_REPORT_CREATE_KIND = 'admin-report-create';

export type AdminReportDraft = { titulo: string; horas: string; descricao: string };
export type AdminReportField = keyof AdminReportDraft;

export type DraftCheck = { ok: true; value: AdminReportCreate } | { ok: false; message: string; field: AdminReportField | null };

/**
 * The form's check before saving: the same schema the outbox entry and the API route validate
 * with, so the first message (in field order: title, hours, description) is the one the server
 * would give.
 */
export function checkDraft(draft: AdminReportDraft, municipioId: number): DraftCheck {
  const parsed = adminReportCreateSchema.safeParse({ municipioId, ...draft });
  if (parsed.success) return { ok: true, value: parsed.data };
  const issue = parsed.error.issues[0]!;
  const field = issue.path[0];
  return {
    ok: false,
    message: issue.message,
    field: field === 'titulo' || field === 'horas' || field === 'descricao' ? field : null,
  };
}

/**
 * A row of the city's list: a report the server has, or one still in this device's queue
 * (`pending`, its id the negative temp id) with the server's refusal when it was parked.
 */
export type ListedAdminReport = AdminReportListItem & { pending: boolean; attention: string | null };

/**
 * The device's rows of a city as its list shows them: unsent reports first (they are the newest),
 * each with the refusal of its parked queue entry, then newest first.
 */
export function listedAdminReports(
  rows: ReadonlyArray<AdminReportListItem & { pending: 0 | 1 }>,
  entries: readonly OutboxEntry[],
): ListedAdminReport[] {
  const refused = new Map(
    entries
      .filter((e) => e.kind === ADMIN_REPORT_CREATE_KIND && e.status === 'attention' && e.tempId !== null)
      .map((e) => [e.tempId!, e.lastError?.message ?? null]),
  );
  return rows
    .map((row) => ({
      ...adminReportListItemOf(row),
      pending: row.pending === 1,
      attention: row.pending === 1 ? (refused.get(row.relatorioAdministrativoId) ?? null) : null,
    }))
    .sort((a, b) => {
      if (a.pending !== b.pending) return a.pending ? -1 : 1;
      if (a.criacao !== b.criacao) return a.criacao < b.criacao ? 1 : -1;
      return b.relatorioAdministrativoId - a.relatorioAdministrativoId;
    });
}

/** Status ids an analyst filters by, with their names (0 and 1 are legacy rejections, shown as one). */
export const STATUS_FILTER_OPTIONS: ReadonlyArray<{ value: number; label: string; ids: number[] }> = [
  { value: REPORT_STATUS.enviado, label: 'Aguardando análise', ids: [REPORT_STATUS.enviado] },
  { value: REPORT_STATUS.aprovado, label: 'Aprovado', ids: [REPORT_STATUS.aprovado] },
  {
    value: REPORT_STATUS.rejeitado,
    label: 'Rejeitado',
    ids: [REPORT_STATUS.rejeitado, REPORT_STATUS.rejeitadoLegado0, REPORT_STATUS.rejeitadoLegado1],
  },
];

export function statusIdsOf(chosen: readonly number[]): number[] {
  return STATUS_FILTER_OPTIONS.filter((o) => chosen.includes(o.value)).flatMap((o) => o.ids);
}
