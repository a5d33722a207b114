import { z } from 'zod';
import type { ModeFlags } from './variants.ts';
import {
  analysisFields,
  htmlHasText,
  listedReportFields,
  MAX_HTML,
  MAX_TEXT,
  MAX_TITLE,
  REPORT_MESSAGES,
  reasonWhenRejected,
  reportFileSchema,
} from './report-common.ts';
import { idSchema } from './users.ts';

/**
 * Field reports (relatório de encontro): spec §3 Report, §5 Report save, §7 api/relatorio. One
 * definition for the report form, the outbox payload (report-create) and the API routes. Statuses,
 * rules and messages shared with administrative reports are in report-common.ts.
 */

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

// ---------------------------------------------------------------- §5 Report save

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
 * The required fields of spec §5 "Report save" left empty (the report text, the meeting, the
 * execution type where the state needs it), in the spec's order: validateReportSave reports the
 * first, and the form marks them all at once.
 */
export function missingReportFields(
  input: ReportSaveFields,
  options: ReportSaveOptions,
): { field: keyof ReportSaveFields; message: string }[] {
  const missing: { field: keyof ReportSaveFields; message: string }[] = [];
  if (!htmlHasText(input.descricao)) missing.push({ message: REPORT_MESSAGES.descricaoObrigatoria, field: 'descricao' });
  if (blank(input.encontroId) || Number(input.encontroId) === 0) {
    const message = options.mode.isAT ? REPORT_MESSAGES.agendaObrigatoria : REPORT_MESSAGES.encontroObrigatorio;
    missing.push({ message, field: 'encontroId' });
  }
  if (requiresExecutionFields(options.uf) && (blank(input.tipoExecucaoRelatorioId) || Number(input.tipoExecucaoRelatorioId) === 0)) {
    missing.push({ message: REPORT_MESSAGES.tipoExecucaoObrigatorio, field: 'tipoExecucaoRelatorioId' });
  }
  return missing;
}

/**
 * Spec §5 "Report save", in the spec's order: the first failure is the one shown. On success the
 * value comes back normalised: in the states that need execution fields, empty hours become '0'.
 * The form and the server both call this, so the user sees the same message on either side.
 */
export function validateReportSave<T extends ReportSaveFields>(input: T, options: ReportSaveOptions): ReportSaveResult<T> {
  const missing = missingReportFields(input, options)[0];
  if (missing) return { ok: false, ...missing };
  const needsExecution = requiresExecutionFields(options.uf);
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

// ---------------------------------------------------------------- request schemas

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

/** PUT api/relatorio/analisar-relatorio. */
export const reportAnalysisSchema = z.object({ relatorioId: idSchema, ...analysisFields }).superRefine(reasonWhenRejected);
export type ReportAnalysis = z.output<typeof reportAnalysisSchema>;

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

/**
 * GET get-by-municipio/{id}, get-by-usuario/{a}/{b} and get-by-filtro rows (spec §2 Report list):
 * the one shape of a listed report, returned whole by the server and kept as is on the device
 * (offline, the new-report form leaves out meetings that a listed report is about).
 */
export const reportListItemSchema = z.object({
  relatorioId: z.number().int(),
  ...listedReportFields,
  /** The meeting the report is about; null when that meeting was deleted. */
  encontroId: z.number().int().nullable(),
});
export type ReportListItem = z.infer<typeof reportListItemSchema>;

/**
 * The list row of a report, from any richer shape of it (the full report, a search row): exactly
 * the fields reportListItemSchema names. The server's list answers and the device's rows both
 * come from here, so a field added to the row is added once.
 */
export function reportListItemOf(source: ReportListItem): ReportListItem {
  return {
    relatorioId: source.relatorioId,
    municipioId: source.municipioId,
    titulo: source.titulo,
    motivoRejeicao: source.motivoRejeicao,
    usuarioId: source.usuarioId,
    usuario: { nome: source.usuario.nome },
    criacao: source.criacao,
    statusRelatorioId: source.statusRelatorioId,
    encontroId: source.encontroId,
  };
}

/** get-by-filtro-novo: the list row plus what the analysis screen shows across municipalities. */
export const reportRichListItemSchema = reportListItemSchema.extend({
  municipio: z.object({ nome: z.string(), uf: z.string() }),
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
