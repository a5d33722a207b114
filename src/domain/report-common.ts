import { z } from 'zod';
import { hasFlag, isAdmin, type PermissionContext } from './permissions.ts';
import { receivedFileSchema } from './uploads.ts';
import { idSchema } from './users.ts';

/**
 * What field reports (field-reports.ts) and administrative reports (admin-reports.ts) share: spec §4
 * status ids, §6 report rules, the messages both show, the analysis decision, the search filter
 * and the fields every list row carries. Each kind's own schemas live in its module.
 */

// ---------------------------------------------------------------- statuses

/**
 * Spec §4 gives the ids and leaves transitions open; the decision: a new or edited report is 2
 * (sent, waiting for analysis); analysis moves it to 4 (approved) or 3 (rejected, reason visible).
 * 0 and 1 are legacy rejected statuses, shown and treated like 3.
 */
export const REPORT_STATUS = {
  rejeitadoLegado0: 0,
  rejeitadoLegado1: 1,
  enviado: 2,
  rejeitado: 3,
  aprovado: 4,
} as const;
export type ReportStatusId = (typeof REPORT_STATUS)[keyof typeof REPORT_STATUS];

export const REPORT_STATUS_IDS = [0, 1, 2, 3, 4] as const;

/** Statuses the author may still edit (an edit sends the report back to 2). Approved reports are read-only. */
export const EDITABLE_REPORT_STATUSES: readonly number[] = [0, 1, 2, 3];

export function isRejectedStatus(status: number): boolean {
  return status === 0 || status === 1 || status === 3;
}

/** Row colour of the report lists: 0/1 rejected (red), 2/4 evidenced (green), 3 reason visible (orange). */
export type ReportTone = 'red' | 'green' | 'orange';
export function reportStatusTone(status: number): ReportTone {
  if (status === 3) return 'orange';
  if (status === 2 || status === 4) return 'green';
  return 'red';
}

export function reportStatusName(status: number): string {
  if (status === REPORT_STATUS.enviado) return 'Aguardando análise';
  if (status === REPORT_STATUS.aprovado) return 'Aprovado';
  return 'Rejeitado';
}

// ---------------------------------------------------------------- messages

/** Spec §5 and §8 wording kept exactly as the product shows it; the rest is ours. */
export const REPORT_MESSAGES = {
  descricaoObrigatoria: 'É necessário preencher o relatório do evento',
  encontroObrigatorio: 'O encontro deve estar preenchido',
  agendaObrigatoria: 'A agenda deve estar preenchido',
  tipoExecucaoObrigatorio: 'O tipo de execução deve estar preenchido',
  salvo: 'Relatório salvo com sucesso',
  erroSalvar: 'Erro ao salvar relatório',
  erroObter: 'Erro ao obter relatórios',
  erroObterAdministrativos: 'Erro ao obter relatórios administrativos',
  somenteNumeros: 'Informe somente números',
  tipoExecucaoInvalido: 'Tipo de execução inválido',
  dataInvalida: 'Data inválida',
  situacaoInvalida: 'Situação de relatório inválida',
  fimAntesInicio: 'O fim não pode ser anterior ao início',
  motivoObrigatorio: 'Informe o motivo da rejeição',
  encontroComRelatorio: 'Este encontro já tem relatório.',
  encontroNaoEncontrado: 'Encontro não encontrado neste município.',
  arquivoNaoEncontrado: 'Arquivo não encontrado.',
  formularioInvalido: (campo: string) => `O campo ${campo} deve ser uma lista JSON válida.`,
  convidadoInvalido: 'Convidado não é membro deste município.',
  convidadoRepetido: 'O mesmo convidado aparece mais de uma vez.',
  tarefaInvalida: 'Tarefa não pertence ao município do relatório.',
  tarefaRepetida: 'A mesma tarefa aparece mais de uma vez.',
  naoEncontrado: 'Relatório não encontrado.',
  semPermissaoCriar: 'Você não tem permissão para criar relatórios.',
  semPermissaoAnalisar: 'Você não tem permissão para analisar relatórios.',
  semPermissaoEditar: 'Este relatório não pode mais ser alterado.',
  semPermissaoExcluir: 'Você não pode excluir este relatório.',
  tituloObrigatorio: 'Informe o título do relatório',
  horasObrigatorias: 'Informe as horas',
  emailsObrigatorios: 'Informe ao menos um e-mail',
} as const;

/** Rich text counts as filled only if it has visible text: the editor's empty document is "<p></p>". */
export function htmlHasText(html: string | null | undefined): boolean {
  if (!html) return false;
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/gi, ' ');
  return text.trim().length > 0;
}

// ---------------------------------------------------------------- §6 rules

/** What the rules read from a report. */
export type ReportAccessRef = { usuarioId: number; statusRelatorioId: number };

export function canCreateReport(ctx: PermissionContext): boolean {
  return hasFlag(ctx, 'novoRelatorio');
}

/** Approve or reject, and see every report of the municipalities one sees. Admins are exempt from the flag. */
export function canAnalyseReports(ctx: PermissionContext): boolean {
  return isAdmin(ctx.usuario) || hasFlag(ctx, 'podeAnalisarRelatorio');
}

export function isReportAuthor(ctx: PermissionContext, report: Pick<ReportAccessRef, 'usuarioId'>): boolean {
  return report.usuarioId === ctx.usuario.usuarioId;
}

/** Spec §6: the rejection reason shows with podeAnalisarRelatorio or to the report's author. */
export function canSeeRejectionReason(ctx: PermissionContext, report: Pick<ReportAccessRef, 'usuarioId'>): boolean {
  return canAnalyseReports(ctx) || isReportAuthor(ctx, report);
}

/** A report (field or administrative) as `ctx` may read it: without the rejection reason unless canSeeRejectionReason. */
export function shownTo<T extends { usuarioId: number; motivoRejeicao: string | null }>(ctx: PermissionContext, report: T): T {
  return canSeeRejectionReason(ctx, report) ? report : { ...report, motivoRejeicao: null };
}

/**
 * Analysts see every report of a municipality they can see (the caller checks the municipality);
 * everyone else only the reports they wrote.
 */
export function canSeeReport(ctx: PermissionContext, report: Pick<ReportAccessRef, 'usuarioId'>): boolean {
  return canAnalyseReports(ctx) || isReportAuthor(ctx, report);
}

/** The author edits while the report is waiting or rejected; an approved report is read-only. */
export function canEditReport(ctx: PermissionContext, report: ReportAccessRef): boolean {
  return isReportAuthor(ctx, report) && EDITABLE_REPORT_STATUSES.includes(report.statusRelatorioId);
}

/** The author while nobody has analysed it yet, or an admin at any time. */
export function canDeleteReport(ctx: PermissionContext, report: ReportAccessRef): boolean {
  return isAdmin(ctx.usuario) || (isReportAuthor(ctx, report) && report.statusRelatorioId === REPORT_STATUS.enviado);
}

// ---------------------------------------------------------------- shared schema pieces

export const MAX_TITLE = 200;
// Rich text with embedded formatting; large enough for a long report, small enough to refuse abuse.
export const MAX_HTML = 200_000;
export const MAX_TEXT = 20_000;

/** An analyst's decision on either report kind: approve, or reject with a reason. */
export const analysisFields = { aprovado: z.boolean(), motivoRejeicao: z.string().max(MAX_TEXT).nullish() };

export function reasonWhenRejected(v: { aprovado: boolean; motivoRejeicao?: string | null }, ctx: z.RefinementCtx): void {
  if (!v.aprovado && !v.motivoRejeicao?.trim()) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.motivoObrigatorio, path: ['motivoRejeicao'] });
  }
}

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: REPORT_MESSAGES.dataInvalida });

/**
 * POST get-by-filtro / get-by-filtro-novo, and the aggregate reports. Empty lists mean "any";
 * the period (inclusive days, São Paulo calendar) applies to the creation date.
 */
export const reportFilterSchema = z.object({
  municipioIds: z.array(idSchema).max(5000).default([]),
  usuarioIds: z.array(idSchema).max(5000).default([]),
  statusRelatorioIds: z
    .array(z.number().int().refine((v) => (REPORT_STATUS_IDS as readonly number[]).includes(v), REPORT_MESSAGES.situacaoInvalida))
    .max(5)
    .default([]),
  inicio: dayText.nullish().transform((v) => v ?? null),
  fim: dayText.nullish().transform((v) => v ?? null),
});
export type ReportFilter = z.output<typeof reportFilterSchema>;
export type ReportFilterInput = z.input<typeof reportFilterSchema>;

/** An attached file: what the client needs to match its local blobs (receivedFileSchema) plus the detected type. */
export const reportFileSchema = receivedFileSchema.extend({ tipo: z.string() });
export type ReportFile = z.infer<typeof reportFileSchema>;

/** What every list row of both report kinds carries: where, what, who, when and its status. */
export const listedReportFields = {
  municipioId: z.number().int(),
  titulo: z.string(),
  /** Null when the caller may not see it. */
  motivoRejeicao: z.string().nullable(),
  usuarioId: z.number().int(),
  usuario: z.object({ nome: z.string() }),
  criacao: z.string(),
  statusRelatorioId: z.number().int(),
};
