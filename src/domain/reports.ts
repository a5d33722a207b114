import { z } from 'zod';
import { hasFlag, isAdmin, type PermissionContext } from './permissions.ts';
import { receivedFileSchema } from './uploads.ts';
import type { ModeFlags } from './variants.ts';

/**
 * Field reports (relatório de encontro) and administrative reports: spec §3 Report and
 * Administrative report, §4 status ids, §5 Report save, §6 report rules, §7 api/relatorio. One
 * definition for the report form, the outbox payload (report-create) and the API routes.
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

// ---------------------------------------------------------------- constants and messages

/** Spec §9. */
export const EXECUTION_TYPES = [
  { id: 1, nome: 'Presencial' },
  { id: 2, nome: 'Remoto' },
] as const;
export const DEFAULT_EXECUTION_TYPE = 1;
export const STATES_REQUIRING_EXECUTION: readonly string[] = ['SC', 'MS', 'BA', 'SP', 'MA', 'RJ'];

export function requiresExecutionFields(uf: string): boolean {
  return STATES_REQUIRING_EXECUTION.includes(uf.trim().toUpperCase());
}

/** Spec §5 and §8 wording kept exactly as the product shows it; the rest is ours. */
export const REPORT_MESSAGES = {
  descricaoObrigatoria: 'É necessário preencher o relatório do evento',
  encontroObrigatorio: 'O encontro deve estar preenchido',
  agendaObrigatoria: 'A agenda deve estar preenchido',
  tipoExecucaoObrigatorio: 'O tipo de execucao deve estar preenchido',
  salvo: 'Relatório salvo com sucesso',
  erroSalvar: 'Erro ao salvar relatório',
  erroObter: 'Erro ao obter relatórios',
  erroObterAdministrativos: 'Erro ao obter relatórios administrativos',
  somenteNumeros: 'Informe somente números',
  tipoExecucaoInvalido: 'Tipo de execução inválido',
  dataInvalida: 'Data inválida',
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

// ---------------------------------------------------------------- §5 Report save

/** Rich text counts as filled only if it has visible text: the editor's empty document is "<p></p>". */
export function htmlHasText(html: string | null | undefined): boolean {
  if (!html) return false;
  const text = html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;|&#160;|\u00a0/gi, ' ');
  return text.trim().length > 0;
}

/** The fields §5 reads. Strings stand for what the form holds, numbers for what the API carries. */
export type ReportSaveFields = {
  descricao?: string | null;
  encontroId?: number | string | null;
  tipoExecucaoRelatorioId?: number | string | null;
  horasUtilizadasString?: string | null;
  pjAtendidas?: number | string | null;
  pfAtendidas?: number | string | null;
};

export type ReportSaveOptions = { uf: string; mode: Pick<ModeFlags, 'isAT'> };

export type ReportSaveResult<T> = { ok: true; value: T } | { ok: false; message: string; field: keyof ReportSaveFields };

const blank = (v: unknown): boolean => v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
const digitsOrBlank = (v: unknown): boolean =>
  blank(v) || (typeof v === 'number' ? Number.isInteger(v) && v >= 0 : /^\d+$/.test(String(v).trim()));

/**
 * Spec §5 "Report save", in the spec's order: the first failure is the one shown. On success the
 * value comes back normalised: in the states that need execution fields, empty hours become '0'.
 * The form and the server both call this, so the user sees the same message on either side.
 */
export function validateReportSave<T extends ReportSaveFields>(input: T, options: ReportSaveOptions): ReportSaveResult<T> {
  if (!htmlHasText(input.descricao)) return { ok: false, message: REPORT_MESSAGES.descricaoObrigatoria, field: 'descricao' };
  if (blank(input.encontroId) || Number(input.encontroId) === 0) {
    const message = options.mode.isAT ? REPORT_MESSAGES.agendaObrigatoria : REPORT_MESSAGES.encontroObrigatorio;
    return { ok: false, message, field: 'encontroId' };
  }
  const needsExecution = requiresExecutionFields(options.uf);
  if (needsExecution && (blank(input.tipoExecucaoRelatorioId) || Number(input.tipoExecucaoRelatorioId) === 0)) {
    return { ok: false, message: REPORT_MESSAGES.tipoExecucaoObrigatorio, field: 'tipoExecucaoRelatorioId' };
  }
  // Rule 4 never fails: empty hours are read as none used.
  let value = input;
  if (needsExecution && blank(input.horasUtilizadasString)) value = { ...input, horasUtilizadasString: '0' };
  for (const field of ['horasUtilizadasString', 'pjAtendidas', 'pfAtendidas'] as const) {
    if (!digitsOrBlank(value[field])) return { ok: false, message: REPORT_MESSAGES.somenteNumeros, field };
  }
  if (!blank(value.tipoExecucaoRelatorioId) && !EXECUTION_TYPES.some((t) => t.id === Number(value.tipoExecucaoRelatorioId))) {
    return { ok: false, message: REPORT_MESSAGES.tipoExecucaoInvalido, field: 'tipoExecucaoRelatorioId' };
  }
  return { ok: true, value };
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

// ---------------------------------------------------------------- request schemas

const MAX_TITLE = 200;
// Rich text with embedded formatting; large enough for a long report, small enough to refuse abuse.
const MAX_HTML = 200_000;
const MAX_TEXT = 20_000;
const idSchema = z.number().int().positive().max(2_147_483_647);

const optionalText = (max: number) =>
  z
    .string()
    .max(max)
    .nullish()
    .transform((v) => (v && v.trim() ? v : null));

/** Digits only; '' and null mean "not filled". Numbers are accepted too, since the API is JSON. */
const countField = z
  .union([z.number().int().min(0, { error: REPORT_MESSAGES.somenteNumeros }), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    if (typeof v === 'number') return v;
    const t = v.trim();
    if (t === '') return null;
    if (!/^\d{1,9}$/.test(t)) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.somenteNumeros });
      return z.NEVER;
    }
    return Number(t);
  });

const hoursField = z
  .union([z.string(), z.number().int().min(0)])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined) return null;
    const t = String(v).trim();
    if (t === '') return null;
    if (!/^\d{1,6}$/.test(t)) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.somenteNumeros });
      return z.NEVER;
    }
    return String(Number(t));
  });

// "2025-03-10", "2025-03-10T14:30" (datetime-local, São Paulo wall clock) or an ISO instant.
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/i;
const dateTextField = z
  .string()
  .nullish()
  .transform((v, ctx) => {
    if (!v || !v.trim()) return null;
    const t = v.trim();
    if (!DATE_TEXT.test(t) || Number.isNaN(Date.parse(t.length === 10 ? `${t}T00:00` : t))) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.dataInvalida });
      return z.NEVER;
    }
    return t;
  });

const executionTypeField = z
  .union([z.number().int(), z.string()])
  .nullish()
  .transform((v, ctx) => {
    if (v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || Number(v) === 0) return null;
    const id = Number(v);
    if (!EXECUTION_TYPES.some((t) => t.id === id)) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.tipoExecucaoInvalido });
      return z.NEVER;
    }
    return id;
  });

export const reportGuestInputSchema = z.object({
  /** Negative: a member registered offline, replaced by the outbox engine with the server's id before sending. */
  membroId: z
    .number()
    .int()
    .refine((v) => v !== 0, { error: REPORT_MESSAGES.convidadoInvalido }),
  presente: z.boolean().default(false),
});
export type ReportGuestInput = z.output<typeof reportGuestInputSchema>;

export const reportTaskInputSchema = z.object({
  municipioTarefaId: idSchema,
  cumprida: z.boolean().default(false),
});
export type ReportTaskInput = z.output<typeof reportTaskInputSchema>;

const reportBodyFields = {
  titulo: z
    .string()
    .max(MAX_TITLE)
    .nullish()
    .transform((v) => v?.trim() ?? ''),
  /** Rich text (HTML). §5 rule 1 checks it has text; the server sanitises it before storing. */
  descricao: z
    .string()
    .max(MAX_HTML)
    .nullish()
    .transform((v) => v ?? ''),
  /** Null is let through so validateReportSave can answer with the §5 message, in order. */
  encontroId: z
    .number()
    .int()
    .nullish()
    .transform((v) => (v === 0 || v === undefined ? null : v)),
  pjAtendidas: countField,
  pfAtendidas: countField,
  tipoExecucaoRelatorioId: executionTypeField,
  horasUtilizadasString: hoursField,
  inicioString: dateTextField,
  fimString: dateTextField,
  observacoes: optionalText(MAX_TEXT),
  /** Part of the spec's create form; a new or edited report is never rejected, so the server ignores it. */
  motivoRejeicao: optionalText(MAX_TEXT),
  complemento: optionalText(MAX_TEXT),
  convidadosRelatorio: z
    .array(reportGuestInputSchema)
    .max(1000)
    .default([])
    .refine((list) => new Set(list.map((g) => g.membroId)).size === list.length, { error: REPORT_MESSAGES.convidadoRepetido }),
  tarefasRelatorio: z
    .array(reportTaskInputSchema)
    .max(1000)
    .default([])
    .refine((list) => new Set(list.map((t) => t.municipioTarefaId)).size === list.length, { error: REPORT_MESSAGES.tarefaRepetida }),
  /** Concluded uploads (api/upload, purpose 'anexo') to attach; each is claimed once. */
  arquivosUploadIds: z.array(z.string().min(1).max(100)).max(50).default([]),
};

function endNotBeforeStart(v: { inicioString: string | null; fimString: string | null }, ctx: z.RefinementCtx): void {
  if (v.inicioString && v.fimString && Date.parse(v.fimString) < Date.parse(v.inicioString)) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.fimAntesInicio, path: ['fimString'] });
  }
}

/**
 * POST api/relatorio (JSON). The spec's multipart form carries the same fields as text, with
 * convidadosRelatorioString and tarefasRelatorioString holding these lists JSON-encoded. Parsing
 * the output again gives the same value (the outbox re-validates what it stored).
 */
export const reportCreateSchema = z.object({ municipioId: idSchema, ...reportBodyFields }).superRefine(endNotBeforeStart);
export type ReportCreate = z.output<typeof reportCreateSchema>;
export type ReportCreateInput = z.input<typeof reportCreateSchema>;

/**
 * PUT api/relatorio: the author's edit sends every field again. The meeting and the municipality
 * do not change; arquivosUploadIds adds files and arquivosExcluidosIds removes attached ones.
 */
export const reportUpdateSchema = z
  .object({
    relatorioId: idSchema,
    ...reportBodyFields,
    arquivosExcluidosIds: z.array(idSchema).max(50).default([]),
  })
  .superRefine(endNotBeforeStart);
export type ReportUpdate = z.output<typeof reportUpdateSchema>;
export type ReportUpdateInput = z.input<typeof reportUpdateSchema>;

/** An analyst's decision on either report kind: approve, or reject with a reason. */
const analysisFields = { aprovado: z.boolean(), motivoRejeicao: z.string().max(MAX_TEXT).nullish() };

function reasonWhenRejected(v: { aprovado: boolean; motivoRejeicao?: string | null }, ctx: z.RefinementCtx): void {
  if (!v.aprovado && !v.motivoRejeicao?.trim()) {
    ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.motivoObrigatorio, path: ['motivoRejeicao'] });
  }
}

/** PUT api/relatorio/analisar-relatorio. */
export const reportAnalysisSchema = z.object({ relatorioId: idSchema, ...analysisFields }).superRefine(reasonWhenRejected);
export type ReportAnalysis = z.output<typeof reportAnalysisSchema>;

const dayText = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: REPORT_MESSAGES.dataInvalida });

/**
 * POST get-by-filtro / get-by-filtro-novo, and the aggregate reports. Empty lists mean "any";
 * the period (inclusive days, São Paulo calendar) applies to the creation date.
 */
export const reportFilterSchema = z.object({
  municipioIds: z.array(idSchema).max(5000).default([]),
  usuarioIds: z.array(idSchema).max(5000).default([]),
  statusRelatorioIds: z.array(z.number().int().min(0).max(4)).max(5).default([]),
  inicio: dayText.nullish().transform((v) => v ?? null),
  fim: dayText.nullish().transform((v) => v ?? null),
});
export type ReportFilter = z.output<typeof reportFilterSchema>;
export type ReportFilterInput = z.input<typeof reportFilterSchema>;

/** POST send-mail-report. */
export const reportMailSchema = z.object({
  relatorioId: idSchema,
  emails: z.array(z.email()).min(1, { error: REPORT_MESSAGES.emailsObrigatorios }).max(20),
});
export type ReportMail = z.output<typeof reportMailSchema>;

// ---------------------------------------------------------------- answers

export const reportGuestSchema = z.object({
  membroId: z.number().int(),
  nome: z.string(),
  cpf: z.string().nullable(),
  email: z.string().nullable(),
  presente: z.boolean(),
});
export type ReportGuest = z.infer<typeof reportGuestSchema>;

export const reportTaskSchema = z.object({
  municipioTarefaId: z.number().int(),
  municipioTarefa: z.object({
    municipioTarefaId: z.number().int(),
    nome: z.string(),
    horas: z.number(),
    municipioEvidencias: z.array(z.object({ municipioEvidenciaId: z.number().int(), nome: z.string() })),
  }),
  cumprida: z.boolean(),
});
export type ReportTask = z.infer<typeof reportTaskSchema>;

/** An attached file: what the client needs to match its local blobs (receivedFileSchema) plus the detected type. */
export const reportFileSchema = receivedFileSchema.extend({ tipo: z.string() });
export type ReportFile = z.infer<typeof reportFileSchema>;

/** Spec §3 Report. motivoRejeicao is null for users who may not see it (§6). */
export const reportSchema = z.object({
  relatorioId: z.number().int(),
  titulo: z.string(),
  descricao: z.string(),
  encontroId: z.number().int().nullable(),
  /** The meeting the report is about (null if it was deleted since). */
  encontro: z.object({ encontroId: z.number().int(), grupoNome: z.string(), inicio: z.string(), fim: z.string() }).nullable(),
  municipioId: z.number().int(),
  municipio: z.object({ nome: z.string(), uf: z.string() }),
  usuarioId: z.number().int(),
  usuario: z.object({ nome: z.string() }),
  /** ISO instant. */
  criacao: z.string(),
  statusRelatorioId: z.number().int(),
  statusNome: z.string(),
  motivoRejeicao: z.string().nullable(),
  complemento: z.string().nullable(),
  observacoes: z.string().nullable(),
  pjAtendidas: z.number().int().nullable(),
  pfAtendidas: z.number().int().nullable(),
  tipoExecucaoRelatorioId: z.number().int().nullable(),
  horasUtilizadasString: z.string().nullable(),
  inicioString: z.string().nullable(),
  fimString: z.string().nullable(),
  /** Hours of the tasks marked fulfilled: what a payment process adds up. */
  horasTarefas: z.number(),
  convidadosRelatorio: z.array(reportGuestSchema),
  tarefasRelatorio: z.array(reportTaskSchema),
  arquivos: z.array(reportFileSchema),
  /** Unguessable code of the public page /obter_publico/{codigoPublico}; reports cannot be enumerated by id. */
  codigoPublico: z.string(),
});
export type Report = z.infer<typeof reportSchema>;

/** What every list row of both report kinds carries: where, what, who, when and its status. */
const listedReportFields = {
  municipioId: z.number().int(),
  titulo: z.string(),
  /** Null when the caller may not see it. */
  motivoRejeicao: z.string().nullable(),
  usuarioId: z.number().int(),
  usuario: z.object({ nome: z.string() }),
  criacao: z.string(),
  statusRelatorioId: z.number().int(),
};

/** GET get-by-municipio/{id}, get-by-usuario/{a}/{b} and get-by-filtro rows (spec §2 Report list). */
export const reportListItemSchema = z.object({ relatorioId: z.number().int(), ...listedReportFields });
export type ReportListItem = z.infer<typeof reportListItemSchema>;

/** get-by-filtro-novo: the list row plus what the analysis screen shows across municipalities. */
export const reportRichListItemSchema = reportListItemSchema.extend({
  municipio: z.object({ nome: z.string(), uf: z.string() }),
  encontroId: z.number().int().nullable(),
  tipoExecucaoRelatorioId: z.number().int().nullable(),
  horasUtilizadasString: z.string().nullable(),
  horasTarefas: z.number(),
  pjAtendidas: z.number().int().nullable(),
  pfAtendidas: z.number().int().nullable(),
  quantidadeArquivos: z.number().int(),
});
export type ReportRichListItem = z.infer<typeof reportRichListItemSchema>;

/** GET get-by-processo-pagamento/{usuarioId}: approved reports a payment process can include. */
export const paymentReportSchema = z.object({
  relatorioId: z.number().int(),
  titulo: z.string(),
  municipioId: z.number().int(),
  municipio: z.object({ nome: z.string() }),
  criacao: z.string(),
  horasTarefas: z.number(),
  horasUtilizadasString: z.string().nullable(),
});
export type PaymentReport = z.infer<typeof paymentReportSchema>;

/** One row of relatorio-mensal / relatorio-global / novo-relatorio-global. */
export const reportAggregateRowSchema = z.object({
  /** "2025-03" (São Paulo calendar) for the monthly report, null otherwise. */
  mes: z.string().nullable(),
  municipioId: z.number().int().nullable(),
  municipioNome: z.string().nullable(),
  usuarioId: z.number().int().nullable(),
  usuarioNome: z.string().nullable(),
  quantidade: z.number().int(),
  aprovados: z.number().int(),
  aguardando: z.number().int(),
  rejeitados: z.number().int(),
  horasUtilizadas: z.number(),
  horasTarefas: z.number(),
  pfAtendidas: z.number().int(),
  pjAtendidas: z.number().int(),
});
export type ReportAggregateRow = z.infer<typeof reportAggregateRowSchema>;

/** POST relatorio-municipio-pontuacao/{municipioId}: how the municipality's reports score. */
export const reportScoreSchema = z.object({
  municipioId: z.number().int(),
  municipioNome: z.string(),
  quantidadeRelatorios: z.number().int(),
  aprovados: z.number().int(),
  /** Share of the municipality's meetings that already have a report, 0–100. */
  percentualEncontrosComRelatorio: z.number(),
  /** Share of the tasks listed in reports marked fulfilled, 0–100. */
  percentualTarefasCumpridas: z.number(),
  /** Share of invited guests marked present, 0–100. */
  percentualPresenca: z.number(),
  horasTarefas: z.number(),
  /** Approved reports × 10 + fulfilled tasks × 2 + present guests: a simple, explainable score. */
  pontuacao: z.number().int(),
});
export type ReportScore = z.infer<typeof reportScoreSchema>;

/**
 * GET api/relatorio/obter-publico/{codigoPublico}: what a shared link shows. No e-mails, phones,
 * CPFs, author, status or rejection reason.
 */
export const publicReportSchema = z.object({
  titulo: z.string(),
  municipio: z.object({ nome: z.string(), uf: z.string() }),
  /** The meeting's start, or the creation instant when the meeting is gone. */
  data: z.string(),
  descricao: z.string(),
  convidados: z.array(z.object({ nome: z.string(), presente: z.boolean() })),
  tarefas: z.array(z.object({ nome: z.string(), cumprida: z.boolean() })),
  arquivos: z.array(z.object({ nome: z.string() })),
});
export type PublicReport = z.infer<typeof publicReportSchema>;

// ---------------------------------------------------------------- administrative reports

export const ADMIN_REPORT_MESSAGES = {
  tituloObrigatorio: 'Informe o título do relatório',
  horasObrigatorias: 'Informe as horas utilizadas',
  descricaoObrigatoria: 'É necessário preencher o relatório',
  naoEncontrado: 'Relatório administrativo não encontrado.',
  oculto: 'Relatórios administrativos não estão disponíveis para o seu grupo.',
} as const;

const adminReportFields = {
  titulo: z
    .string({ error: ADMIN_REPORT_MESSAGES.tituloObrigatorio })
    .trim()
    .min(1, { error: ADMIN_REPORT_MESSAGES.tituloObrigatorio })
    .max(MAX_TITLE),
  /** Digits only, like the field report's hours (spec §5). */
  horas: z.union([z.string(), z.number().int().min(0)], { error: ADMIN_REPORT_MESSAGES.horasObrigatorias }).transform((v, ctx) => {
    const t = String(v).trim();
    if (t === '') {
      ctx.addIssue({ code: 'custom', message: ADMIN_REPORT_MESSAGES.horasObrigatorias });
      return z.NEVER;
    }
    if (!/^\d{1,6}$/.test(t)) {
      ctx.addIssue({ code: 'custom', message: REPORT_MESSAGES.somenteNumeros });
      return z.NEVER;
    }
    return Number(t);
  }),
  /** Rich text (HTML), sanitised by the server. */
  descricao: z
    .string({ error: ADMIN_REPORT_MESSAGES.descricaoObrigatoria })
    .max(MAX_HTML)
    .refine(htmlHasText, { error: ADMIN_REPORT_MESSAGES.descricaoObrigatoria }),
  arquivosUploadIds: z.array(z.string().min(1).max(100)).max(50).default([]),
};

/** POST api/relatorioadministrativo/relatorioadministrativo. Parsing its output again gives the same value. */
export const adminReportCreateSchema = z.object({ municipioId: idSchema, ...adminReportFields });
export type AdminReportCreate = z.output<typeof adminReportCreateSchema>;
export type AdminReportCreateInput = z.input<typeof adminReportCreateSchema>;

/** PUT: every field again; arquivosUploadIds adds files, arquivosExcluidosIds removes attached ones. */
export const adminReportUpdateSchema = z.object({
  relatorioAdministrativoId: idSchema,
  ...adminReportFields,
  arquivosExcluidosIds: z.array(idSchema).max(50).default([]),
});
export type AdminReportUpdate = z.output<typeof adminReportUpdateSchema>;
export type AdminReportUpdateInput = z.input<typeof adminReportUpdateSchema>;

/** PUT analisar-relatorio-administrativo. */
export const adminReportAnalysisSchema = z
  .object({ relatorioAdministrativoId: idSchema, ...analysisFields })
  .superRefine(reasonWhenRejected);
export type AdminReportAnalysis = z.output<typeof adminReportAnalysisSchema>;

/** Spec §3 Administrative report. motivoRejeicao is null for users who may not see it. */
export const adminReportSchema = z.object({
  relatorioAdministrativoId: z.number().int(),
  titulo: z.string(),
  horas: z.number().int(),
  descricao: z.string(),
  municipioId: z.number().int(),
  municipio: z.object({ nome: z.string(), uf: z.string() }),
  usuarioId: z.number().int(),
  usuario: z.object({ nome: z.string() }),
  criacao: z.string(),
  statusRelatorioId: z.number().int(),
  statusNome: z.string(),
  motivoRejeicao: z.string().nullable(),
  arquivos: z.array(reportFileSchema),
  /** Code of the public page /relatorioAdmin/obter_publico/{codigoPublico}. */
  codigoPublico: z.string(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

export const adminReportListItemSchema = z.object({
  relatorioAdministrativoId: z.number().int(),
  ...listedReportFields,
  horas: z.number().int(),
});
export type AdminReportListItem = z.infer<typeof adminReportListItemSchema>;

/** What /relatorioAdmin/obter_publico/{codigo} shows: no author, status or rejection reason. */
export const publicAdminReportSchema = z.object({
  titulo: z.string(),
  horas: z.number().int(),
  municipio: z.object({ nome: z.string(), uf: z.string() }),
  data: z.string(),
  descricao: z.string(),
  arquivos: z.array(z.object({ nome: z.string() })),
});
export type PublicAdminReport = z.infer<typeof publicAdminReportSchema>;
