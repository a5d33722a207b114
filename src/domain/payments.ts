import { z } from 'zod';
import { parseDateBr } from './format.ts';

/**
 * Payment processes (spec §1 "payment processes built from reports", §3, §4, §5): a consultant
 * bills the field reports and administrative reports of a period under one contract; office
 * staff analyse the process and send it to the finance system (SGF). Money is integer cents.
 */

export const PAYMENT_STATUS = { aberto: 'aberto', aprovado: 'aprovado', rejeitado: 'rejeitado' } as const;
export type PaymentStatus = (typeof PAYMENT_STATUS)[keyof typeof PAYMENT_STATUS];
export const paymentStatusSchema = z.enum(['aberto', 'aprovado', 'rejeitado']);
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  aberto: 'Em análise',
  aprovado: 'Aprovado',
  rejeitado: 'Rejeitado',
};

/** Spec §5, in the order they are checked. */
export const PAYMENT_MESSAGES = {
  semRelatorios: 'Não é possível abrir um processo de pagamento sem relatórios!',
  semCodigo: 'Não é possível abrir um processo de pagamento sem código de contratação!',
  semPeriodo: 'Não é possível abrir um processo de pagamento sem período de realização!',
  periodoInvalido: 'Período inválido',
  fimAntesDoInicio: 'O fim do período não pode ser anterior ao início.',
  foraDoContrato: 'O período deve estar dentro do início e do fim do contrato.',
  antesDoUltimo: 'Um novo processo deve começar depois do último período do processo anterior.',
  semNumero: 'Não é possível abrir um processo de pagamento sem colocar o número do relatório!',
  semTotal: 'Não é possível abrir um processo de pagamento sem o total de relatórios!',
  // The server's own refusals, beyond the dialog's checks.
  naoEncontrado: 'Processo de pagamento não encontrado.',
  contratoNaoEncontrado: 'Contrato não encontrado.',
  relatorioIndisponivel: 'Um dos relatórios escolhidos não pode ser cobrado: ele precisa ser seu, aprovado, deste contrato e do período.',
  relatorioEmOutroProcesso: 'Um dos relatórios escolhidos já está em outro processo de pagamento.',
  jaAprovado: 'Um processo aprovado não pode ser alterado nem excluído.',
  motivoObrigatorio: 'Informe o motivo da rejeição.',
  naoAprovado: 'Só um processo aprovado pode ser enviado ao SGF.',
  jaEnviado: 'Este processo já foi enviado ao SGF.',
  semArquivos: 'Este processo não tem arquivos.',
  assinaturaInvalida: 'O link de assinatura é inválido: use o link do pedido de assinatura mais recente.',
  assinaturaExpirada: 'O link de assinatura expirou. Peça um novo envio ao escritório.',
  jaAssinado: 'Este relatório de prestação de serviço já foi assinado.',
  assinaturaDeOutro: 'Só o consultor do processo pode assinar o relatório de prestação de serviço.',
} as const;

/**
 * How long a mailed signature link works (the spec is silent): a week, long enough for a consultant
 * in the field to find the mail, short enough that an old mail lying in a shared inbox stops signing.
 */
export const SIGNATURE_LINK_DAYS = 7;

/** Whether a signature asked at `askedAt` can no longer be signed at `now`. */
export function signatureLinkExpired(askedAt: Date, now: Date): boolean {
  return now.getTime() - askedAt.getTime() > SIGNATURE_LINK_DAYS * 86_400_000;
}

/** A report that may be billed (the billable list) or is billed (the detail). */
export const billableReportSchema = z.object({
  relatorioId: z.number().int(),
  titulo: z.string(),
  criacao: z.string(),
  municipioNome: z.string(),
  horasTarefas: z.number(),
});
export type BillableReport = z.infer<typeof billableReportSchema>;

export const billableAdminReportSchema = z.object({
  relatorioAdministrativoId: z.number().int(),
  titulo: z.string(),
  criacao: z.string(),
  horas: z.number(),
});
export type BillableAdminReport = z.infer<typeof billableAdminReportSchema>;

/** One row of the three lists (list, get-by-usuario, list-by-filtro). */
export const paymentRowSchema = z.object({
  processoPagamentoId: z.number().int(),
  numero: z.string(),
  codigoContratacao: z.string(),
  contratoId: z.number().int(),
  numContrato: z.string(),
  usuarioId: z.number().int(),
  usuarioNome: z.string(),
  /** "dd/mm/yyyy - dd/mm/yyyy". */
  periodoRealizacao: z.string(),
  horas: z.number(),
  /** Integer cents. */
  total: z.number().int(),
  status: paymentStatusSchema,
  motivoRejeicao: z.string().nullable(),
  enviadoSgfEm: z.string().nullable(),
  assinaturaSolicitadaEm: z.string().nullable(),
  assinadoEm: z.string().nullable(),
  criacao: z.string(),
});
export type PaymentRow = z.infer<typeof paymentRowSchema>;

export const paymentFileSchema = z.object({ arquivoId: z.number().int(), nome: z.string(), tamanho: z.number().int() });

export const paymentDetailSchema = paymentRowSchema.extend({
  relatorios: z.array(billableReportSchema),
  relatoriosAdministrativos: z.array(billableAdminReportSchema),
  arquivos: z.array(paymentFileSchema),
});
export type PaymentDetail = z.infer<typeof paymentDetailSchema>;

/** The multipart fields of cadastrar/atualizar-relatorio-pagamento (spec §7), files aside. */
export const paymentInputSchema = z.object({
  contratoId: z.number().int().positive(),
  codigoContratacao: z.string(),
  periodoRealizacao: z.string(),
  numero: z.string(),
  horas: z.number().min(0),
  /** Integer cents, never negative (spec §9). */
  total: z.number().int().min(0).nullable(),
  relatorios: z.array(z.number().int()),
  relatoriosAdministrativos: z.array(z.number().int()),
  /** Set by the server from the form's `arquivos` (each file an upload of the caller); a JSON client may name finished uploads. */
  arquivosUploadIds: z.array(z.string().max(100)).max(50).optional(),
});
export type PaymentInput = z.infer<typeof paymentInputSchema>;
export const paymentUpdateSchema = paymentInputSchema.extend({
  processoPagamentoId: z.number().int().positive(),
  /** Stored files the edit removes. */
  arquivosRemovidos: z.array(z.number().int()).default([]),
});
export type PaymentUpdate = z.input<typeof paymentUpdateSchema>;

/**
 * How many processes the list screen asks for first (list-by-filtro's `limite`): a screenful and
 * more, which parse and render at once; 5,000 rows took 195 ms from the answer to the first row on a
 * quiet machine (issue 28, item 9). The whole list follows and replaces them.
 */
export const PAYMENT_LIST_FIRST_ROWS = 200;

/** POST list-by-filtro: empty lists and nulls mean "all". */
export const paymentFilterSchema = z.object({
  usuarioIds: z.array(z.number().int()).default([]),
  contratoIds: z.array(z.number().int()).default([]),
  inicio: z.string().nullable().default(null),
  fim: z.string().nullable().default(null),
  status: z.array(paymentStatusSchema).default([]),
  /**
   * Only the first `limite` processes of the answer (its order: newest first): the list screen asks
   * for its first rows this way, then for the whole list (issue 28, item 9). Absent: every process.
   */
  limite: z
    .number({ error: 'O limite deve ser um número inteiro entre 1 e 1000' })
    .int({ error: 'O limite deve ser um número inteiro entre 1 e 1000' })
    .min(1, { error: 'O limite deve ser um número inteiro entre 1 e 1000' })
    .max(1000, { error: 'O limite deve ser um número inteiro entre 1 e 1000' })
    .optional(),
});
export type PaymentFilter = z.input<typeof paymentFilterSchema>;

export const paymentAnalysisSchema = z.object({
  processoPagamentoId: z.number().int().positive(),
  aprovado: z.boolean(),
  motivoRejeicao: z.string().nullable(),
});
export type PaymentAnalysis = z.infer<typeof paymentAnalysisSchema>;

/** POST assinar: the consultant signs with the code of the link mailed by enviar-assinatura-eletronica. */
export const paymentSignatureSchema = z.object({ processoPagamentoId: z.number().int().positive(), codigo: z.string().min(1).max(200) });
export type PaymentSignature = z.infer<typeof paymentSignatureSchema>;

/** ISO day → "dd/mm/yyyy". */
const brDay = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
/** Two ISO days as the spec's period text "dd/mm/yyyy - dd/mm/yyyy". */
export const periodText = (p: Period) => `${brDay(p.inicio)} - ${brDay(p.fim)}`;

/** GET obter-numero-relatorio/{usuarioId}/{contratoId}. */
export const paymentNumberSchema = z.object({ quantidadeAtual: z.number().int(), ultimoPeriodo: z.string().nullable() });
export type PaymentNumber = z.infer<typeof paymentNumberSchema>;

// ------------------------------------------------------------------ rules

export type Period = { inicio: string; fim: string };

/** "dd/mm/yyyy - dd/mm/yyyy" as two ISO days; null when it is not two real days in that form. */
export function parsePeriod(text: string): Period | null {
  const match = /^\s*(\d{2}\/\d{2}\/\d{4})\s*-\s*(\d{2}\/\d{2}\/\d{4})\s*$/.exec(text);
  if (!match) return null;
  const inicio = parseDateBr(match[1]!);
  const fim = parseDateBr(match[2]!);
  return inicio && fim ? { inicio, fim } : null;
}

/** Spec §5: the chosen reports' horasTarefas plus the administrative reports' horas. */
export function hoursOf(reports: ReadonlyArray<{ horasTarefas: number }>, adminReports: ReadonlyArray<{ horas: number }>): number {
  const sum = reports.reduce((s, r) => s + r.horasTarefas, 0) + adminReports.reduce((s, r) => s + r.horas, 0);
  return Math.round(sum * 100) / 100;
}

export type PaymentField = 'relatorios' | 'codigoContratacao' | 'periodoRealizacao' | 'numero' | 'total';
export type PaymentProblem = { field: PaymentField; message: string };

/** What the period is checked against: the contract's days and the end of the user's last process under it. */
export type PaymentContext = { contrato: Period | null; ultimoPeriodoFim: string | null };

/** The first failing check of spec §5, in its order; null when the process may be opened. */
export function paymentProcessProblem(
  input: Pick<PaymentInput, 'relatorios' | 'relatoriosAdministrativos' | 'codigoContratacao' | 'periodoRealizacao' | 'numero' | 'total'>,
  context: PaymentContext,
): PaymentProblem | null {
  if (input.relatorios.length + input.relatoriosAdministrativos.length === 0)
    return { field: 'relatorios', message: PAYMENT_MESSAGES.semRelatorios };
  if (!input.codigoContratacao.trim()) return { field: 'codigoContratacao', message: PAYMENT_MESSAGES.semCodigo };
  if (!input.periodoRealizacao.trim()) return { field: 'periodoRealizacao', message: PAYMENT_MESSAGES.semPeriodo };
  const period = parsePeriod(input.periodoRealizacao);
  if (!period) return { field: 'periodoRealizacao', message: PAYMENT_MESSAGES.periodoInvalido };
  if (period.fim < period.inicio) return { field: 'periodoRealizacao', message: PAYMENT_MESSAGES.fimAntesDoInicio };
  const { contrato, ultimoPeriodoFim } = context;
  if (contrato && (period.inicio < contrato.inicio || period.fim > contrato.fim))
    return { field: 'periodoRealizacao', message: PAYMENT_MESSAGES.foraDoContrato };
  if (ultimoPeriodoFim && period.inicio <= ultimoPeriodoFim) return { field: 'periodoRealizacao', message: PAYMENT_MESSAGES.antesDoUltimo };
  if (!input.numero.trim()) return { field: 'numero', message: PAYMENT_MESSAGES.semNumero };
  if (input.total === null || input.total <= 0) return { field: 'total', message: PAYMENT_MESSAGES.semTotal };
  return null;
}

/** Spec §6 leaves analysis open; decided: administrators and holders of menuProcessosPagamento analyse and send to SGF. */
export const PAYMENT_MANAGE_FLAG = 'menuProcessosPagamento' as const;
