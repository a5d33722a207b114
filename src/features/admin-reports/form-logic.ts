import { REPORT_STATUS, reportStatusTone } from '../../domain/report-common.ts';
import { adminReportCreateSchema, type AdminReportCreate, type AdminReportListItem } from '../../domain/admin-reports.ts';
import type { OutboxEntry } from '../../offline/db.ts';
import type { RowTone } from '../../ui/data-table.tsx';

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

/** Reports queued on this device for `municipioId`, newest first, as list rows. */
export function queuedAdminReports(
  entries: readonly OutboxEntry[],
  municipioId: number,
  author: { usuarioId: number; nome: string },
): ListedAdminReport[] {
  return entries
    .filter((e) => e.kind === ADMIN_REPORT_CREATE_KIND && e.status !== 'done' && e.tempId !== null)
    .flatMap((e) => {
      const parsed = adminReportCreateSchema.safeParse(e.payload);
      if (!parsed.success || parsed.data.municipioId !== municipioId) return [];
      const row: ListedAdminReport = {
        relatorioAdministrativoId: e.tempId!,
        municipioId,
        titulo: parsed.data.titulo,
        horas: parsed.data.horas,
        motivoRejeicao: null,
        usuarioId: author.usuarioId,
        usuario: { nome: author.nome },
        criacao: new Date(e.createdAt).toISOString(),
        statusRelatorioId: REPORT_STATUS.enviado,
        pending: true,
        attention: e.status === 'attention' ? (e.lastError?.message ?? null) : null,
      };
      return [row];
    })
    .sort((a, b) => b.criacao.localeCompare(a.criacao));
}

/** Queued reports first (they are the newest), then the server's. */
export function mergeListed(cached: readonly AdminReportListItem[], queued: readonly ListedAdminReport[]): ListedAdminReport[] {
  return [...queued, ...cached.map((r) => ({ ...r, pending: false, attention: null }))];
}

const TONE: Record<ReturnType<typeof reportStatusTone>, RowTone> = { red: 'danger', green: 'success', orange: 'warning' };

/** Spec §4 row colours, the same as field reports: 0/1 rejected, 2/4 evidenced, 3 reason visible. */
export function adminReportRowTone(statusRelatorioId: number): RowTone {
  return TONE[reportStatusTone(statusRelatorioId)];
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
