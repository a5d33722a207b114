import { z } from 'zod';
import { formatDate, parseDateBr } from './format.ts';
import { normalizeForSearch } from './text.ts';
import { idSchema } from './users.ts';

/**
 * The reference term of a municipality (termo de referência, "Fases/Atividades" in Gov; issue 30):
 * the plan of phases and the activities of each phase agreed with the municipality. It is uploaded
 * as one flat xlsx sheet (POST api/arquivo/excel/upload-tr), one row per activity with its phase's
 * name repeated, checked line by line and shown as a preview; nothing is written until the user
 * confirms, and then the whole sheet replaces the term at once or nothing does. After that,
 * phases and activities are added, edited, deleted and interrupted one by one, each behind its
 * spec §6 flag (all default true).
 */

export const REFERENCE_TERM_SHEET = 'Termo de referência';
export const REFERENCE_TERM_TEMPLATE_FILENAME = 'modelo-termo-referencia.xlsx';
/** A term of 5,000 activities is about 250 KB; the cap leaves room for long descriptions. */
export const REFERENCE_TERM_MAX_BYTES = 5 * 1024 * 1024;
export const REFERENCE_TERM_MAX_LINES = 10_000;
const MAX_NAME = 200;
const MAX_DESCRIPTION = 2000;
const MAX_HOURS = 10_000;

/** The sheet's columns, in the template's order (matched by header when read). */
export const REFERENCE_TERM_COLUMNS = [
  { key: 'fase', header: 'Fase', type: 'text', width: 30 },
  { key: 'faseDescricao', header: 'Descrição da fase', type: 'text', width: 40 },
  { key: 'atividade', header: 'Atividade', type: 'text', width: 30 },
  { key: 'atividadeDescricao', header: 'Descrição da atividade', type: 'text', width: 40 },
  { key: 'inicio', header: 'Início', type: 'date', width: 14 },
  { key: 'fim', header: 'Fim', type: 'date', width: 14 },
  { key: 'horas', header: 'Horas', type: 'number', width: 10 },
  { key: 'responsavel', header: 'Responsável', type: 'text', width: 25 },
] as const;
export type ReferenceTermColumnKey = (typeof REFERENCE_TERM_COLUMNS)[number]['key'];

export const REFERENCE_TERM_MESSAGES = {
  /** Spec §5, with its accents. */
  noFile: 'Não é possível fazer upload do arquivo, favor selecionar um arquivo!',
  notXlsx: 'Envie uma planilha do Excel (.xlsx).',
  tooLarge: `A planilha deve ter no máximo ${REFERENCE_TERM_MAX_BYTES / (1024 * 1024)} MB.`,
  unreadable: 'Não foi possível ler a planilha. Use o modelo do termo de referência.',
  tooMuchContent: 'A planilha tem conteúdo demais para ser lida. Divida-a em planilhas menores.',
  noSheet: 'A planilha não tem abas. Use o modelo do termo de referência.',
  missingColumn: (header: string) => `A planilha não tem a coluna "${header}". Use o modelo do termo de referência.`,
  empty: 'A planilha não tem linhas para importar.',
  tooManyLines: `A planilha deve ter no máximo ${REFERENCE_TERM_MAX_LINES.toLocaleString('pt-BR')} linhas.`,
  hasErrors: 'A planilha tem linhas com erros: nada foi gravado. Corrija-as e confirme de novo.',
  imported: 'Termo de referência gravado com sucesso.',
  phaseNotFound: 'Fase não encontrada.',
  activityNotFound: 'Atividade não encontrada.',
  reasonRequired: 'Informe o motivo da interrupção.',
  saved: 'Salvo com sucesso.',
  endBeforeStart: 'O fim não pode ser antes do início.',
} as const;

// ---------------------------------------------------------------- a line of the sheet (pure)

/**
 * One line as the preview shows and the user may correct it: every cell as text (dates DD/MM/AAAA,
 * hours with a comma), so what the user types is checked exactly like what the file held.
 */
export const termLineSchema = z.object({
  linha: z.number().int().min(1),
  fase: z.string().max(10_000),
  faseDescricao: z.string().max(10_000),
  atividade: z.string().max(10_000),
  atividadeDescricao: z.string().max(10_000),
  inicio: z.string().max(100),
  fim: z.string().max(100),
  horas: z.string().max(100),
  responsavel: z.string().max(10_000),
});
export type TermLine = z.infer<typeof termLineSchema>;

/** A cell as read by the server (a date as YYYY-MM-DD, a number) turned into the text the preview edits. */
export function cellText(key: ReferenceTermColumnKey, value: unknown): string {
  if (value === null || value === undefined) return '';
  if ((key === 'inicio' || key === 'fim') && typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return formatDate(value);
  if (key === 'horas' && typeof value === 'number') return String(value).replace('.', ',');
  return String(value).trim();
}

/** Hours as a number: "7,5", "7.5" or "8"; null for empty, 'invalid' otherwise. */
export function parseHours(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+([.,]\d{1,2})?$/.test(t)) return 'invalid';
  const n = Number(t.replace(',', '.'));
  return n <= MAX_HOURS ? n : 'invalid';
}

/** The problems of one line, in pt-BR, in the column order; empty when the line can be written. */
export function lineErrors(line: TermLine): string[] {
  const errors: string[] = [];
  const fase = line.fase.trim();
  const atividade = line.atividade.trim();
  if (!fase) errors.push('a fase é obrigatória');
  else if (fase.length > MAX_NAME) errors.push(`a fase deve ter no máximo ${MAX_NAME} caracteres`);
  if (line.faseDescricao.trim().length > MAX_DESCRIPTION) errors.push(`a descrição da fase deve ter no máximo ${MAX_DESCRIPTION} caracteres`);
  if (!atividade) errors.push('a atividade é obrigatória');
  else if (atividade.length > MAX_NAME) errors.push(`a atividade deve ter no máximo ${MAX_NAME} caracteres`);
  if (line.atividadeDescricao.trim().length > MAX_DESCRIPTION)
    errors.push(`a descrição da atividade deve ter no máximo ${MAX_DESCRIPTION} caracteres`);
  const inicio = line.inicio.trim() ? parseDateBr(line.inicio) : null;
  const fim = line.fim.trim() ? parseDateBr(line.fim) : null;
  if (line.inicio.trim() && !inicio) errors.push('o início deve ser uma data DD/MM/AAAA');
  if (line.fim.trim() && !fim) errors.push('o fim deve ser uma data DD/MM/AAAA');
  if (inicio && fim && fim < inicio) errors.push('o fim não pode ser antes do início');
  if (parseHours(line.horas) === 'invalid') errors.push(`as horas devem ser um número de 0 a ${MAX_HOURS.toLocaleString('pt-BR')}`);
  if (line.responsavel.trim().length > MAX_NAME) errors.push(`o responsável deve ter no máximo ${MAX_NAME} caracteres`);
  return errors;
}

/** "Linha 7: a atividade é obrigatória; o fim não pode ser antes do início." */
export function lineErrorText(linha: number, errors: readonly string[]): string {
  return `Linha ${linha}: ${errors.join('; ')}.`;
}

export type PlannedActivity = {
  nome: string;
  descricao: string;
  inicio: string | null;
  fim: string | null;
  horas: number | null;
  responsavel: string;
};
export type PlannedPhase = { nome: string; descricao: string; atividades: PlannedActivity[] };

/**
 * Folds checked lines into phases in the order they first appear (a phase is named the same,
 * ignoring case and accents, on each of its lines; its description is the first one given).
 * Lines with errors are reported and left out: the caller writes only when `erros` is empty.
 */
export function planTerm(lines: readonly TermLine[]): { fases: PlannedPhase[]; erros: { linha: number; mensagens: string[] }[] } {
  const phases = new Map<string, PlannedPhase>();
  const erros: { linha: number; mensagens: string[] }[] = [];
  for (const line of lines) {
    const mensagens = lineErrors(line);
    if (mensagens.length) {
      erros.push({ linha: line.linha, mensagens });
      continue;
    }
    const key = normalizeForSearch(line.fase.trim());
    let phase = phases.get(key);
    if (!phase) {
      phase = { nome: line.fase.trim(), descricao: line.faseDescricao.trim(), atividades: [] };
      phases.set(key, phase);
    } else if (!phase.descricao) phase.descricao = line.faseDescricao.trim();
    const horas = parseHours(line.horas);
    phase.atividades.push({
      nome: line.atividade.trim(),
      descricao: line.atividadeDescricao.trim(),
      inicio: line.inicio.trim() ? parseDateBr(line.inicio) : null,
      fim: line.fim.trim() ? parseDateBr(line.fim) : null,
      horas: horas === 'invalid' ? null : horas,
      responsavel: line.responsavel.trim(),
    });
  }
  return { fases: [...phases.values()], erros };
}

// ---------------------------------------------------------------- requests and answers

/** The answer of upload-tr: the lines as read, each with its problems; nothing is written. */
export const termPreviewSchema = z.object({
  arquivoNome: z.string(),
  linhas: z.array(termLineSchema.extend({ erros: z.array(z.string()) })),
  fases: z.number().int(),
  atividades: z.number().int(),
});
export type TermPreview = z.infer<typeof termPreviewSchema>;
export type PreviewLine = TermPreview['linhas'][number];

/** Confirming a preview (the lines as corrected on screen): the whole term is replaced, or nothing is. */
export const termConfirmSchema = z.object({
  municipioId: idSchema,
  arquivoNome: z.string().trim().max(255).default(''),
  linhas: z.array(termLineSchema).min(1, REFERENCE_TERM_MESSAGES.empty).max(REFERENCE_TERM_MAX_LINES, REFERENCE_TERM_MESSAGES.tooManyLines),
});
export type TermConfirm = z.output<typeof termConfirmSchema>;
export type TermConfirmInput = z.input<typeof termConfirmSchema>;

export const uploadTermQuerySchema = z.object({
  municipioId: z.coerce
    .number<string>({ error: 'Informe o município.' })
    .pipe(z.number({ error: 'Informe o município.' }).int('Município inválido.').positive('Município inválido.')),
});

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida.');
const name = (what: string) =>
  z
    .string({ error: `Informe ${what}.` })
    .trim()
    .min(1, `Informe ${what}.`)
    .max(MAX_NAME, `No máximo ${MAX_NAME} caracteres.`);
const descriptionText = z.string().trim().max(MAX_DESCRIPTION, `No máximo ${MAX_DESCRIPTION} caracteres.`);
const description = descriptionText.default('');

export const phaseInputSchema = z.object({ municipioId: idSchema, nome: name('o nome da fase'), descricao: description });
export const phaseUpdateSchema = z.object({ faseId: idSchema, nome: name('o nome da fase'), descricao: description });
export type PhaseInput = z.input<typeof phaseInputSchema>;
/** The phase dialog's fields. */
export const phaseFormSchema = z.object({ nome: name('o nome da fase'), descricao: descriptionText });
export type PhaseUpdate = z.input<typeof phaseUpdateSchema>;

const activityFields = {
  nome: name('o nome da atividade'),
  descricao: description,
  inicio: isoDate.nullable().default(null),
  fim: isoDate.nullable().default(null),
  horas: z.number({ error: 'Horas inválidas.' }).min(0, 'Horas inválidas.').max(MAX_HOURS, 'Horas inválidas.').nullable().default(null),
  responsavel: z.string().trim().max(MAX_NAME, `No máximo ${MAX_NAME} caracteres.`).default(''),
};
const endNotBeforeStart = (v: { inicio: string | null; fim: string | null }, ctx: z.RefinementCtx) => {
  if (v.inicio && v.fim && v.fim < v.inicio) ctx.addIssue({ code: 'custom', path: ['fim'], message: REFERENCE_TERM_MESSAGES.endBeforeStart });
};
export const activityInputSchema = z.object({ faseId: idSchema, ...activityFields }).superRefine(endNotBeforeStart);
export const activityUpdateSchema = z.object({ atividadeId: idSchema, ...activityFields }).superRefine(endNotBeforeStart);
export type ActivityInput = z.input<typeof activityInputSchema>;
export type ActivityUpdate = z.input<typeof activityUpdateSchema>;

/** Interrupting needs a reason; resuming clears it. */
export const interruptionSchema = z
  .object({ interrompida: z.boolean({ error: 'Informe se interrompe ou retoma.' }), motivo: z.string().trim().max(MAX_DESCRIPTION).default('') })
  .superRefine((v, ctx) => {
    if (v.interrompida && !v.motivo) ctx.addIssue({ code: 'custom', path: ['motivo'], message: REFERENCE_TERM_MESSAGES.reasonRequired });
  });
export type InterruptionInput = z.input<typeof interruptionSchema>;

const interruption = {
  interrompida: z.boolean(),
  motivoInterrupcao: z.string().nullable(),
  interrompidaEm: z.string().nullable(),
};

export const activitySchema = z.object({
  atividadeId: z.number().int(),
  faseId: z.number().int(),
  ordem: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  inicio: z.string().nullable(),
  fim: z.string().nullable(),
  horas: z.number().nullable(),
  responsavel: z.string(),
  ...interruption,
});
export type Activity = z.infer<typeof activitySchema>;

export const phaseSchema = z.object({
  faseId: z.number().int(),
  ordem: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  ...interruption,
  atividades: z.array(activitySchema),
});
export type Phase = z.infer<typeof phaseSchema>;

export const referenceTermSchema = z.object({
  municipioId: z.number().int(),
  arquivoNome: z.string().nullable(),
  atualizadoEm: z.string().nullable(),
  atualizadoPor: z.string().nullable(),
  fases: z.array(phaseSchema),
});
export type ReferenceTerm = z.infer<typeof referenceTermSchema>;

/** A row of /termo-referencia: one municipality's term in numbers. */
export const termListRowSchema = z.object({
  municipioId: z.number().int(),
  municipio: z.string(),
  uf: z.string(),
  fases: z.number().int(),
  atividades: z.number().int(),
  interrompidas: z.number().int(),
  atualizadoEm: z.string().nullable(),
});
export type TermListRow = z.infer<typeof termListRowSchema>;

/** An activity stops when it or its phase is interrupted. */
export function isActivityStopped(phase: Pick<Phase, 'interrompida'>, activity: Pick<Activity, 'interrompida'>): boolean {
  return phase.interrompida || activity.interrompida;
}

/** The template's example lines. */
export const REFERENCE_TERM_EXAMPLE: readonly Record<ReferenceTermColumnKey, string | number>[] = [
  {
    fase: 'Diagnóstico',
    faseDescricao: 'Levantamento da situação do município',
    atividade: 'Reunião de abertura',
    atividadeDescricao: 'Apresentação do programa ao prefeito e secretários',
    inicio: '2026-02-02',
    fim: '2026-02-06',
    horas: 8,
    responsavel: 'Consultor condutor',
  },
  {
    fase: 'Diagnóstico',
    faseDescricao: '',
    atividade: 'Aplicação do questionário',
    atividadeDescricao: 'Questionário de maturidade com a equipe municipal',
    inicio: '2026-02-09',
    fim: '2026-02-20',
    horas: 16,
    responsavel: 'Consultor especialista',
  },
];

/** The activity dialog's fields as typed (dates "" or YYYY-MM-DD, hours as text); activityValues turns them into the request's. */
export const activityFormSchema = z
  .object({
    nome: name('o nome da atividade'),
    descricao: descriptionText,
    inicio: z.union([z.literal(''), isoDate]),
    fim: z.union([z.literal(''), isoDate]),
    horas: z.string().refine((v) => parseHours(v) !== 'invalid', `Informe as horas, de 0 a ${MAX_HOURS.toLocaleString('pt-BR')}.`),
    responsavel: z.string().trim().max(MAX_NAME, `No máximo ${MAX_NAME} caracteres.`),
  })
  .superRefine((v, ctx) => endNotBeforeStart({ inicio: v.inicio || null, fim: v.fim || null }, ctx));
export type ActivityForm = z.output<typeof activityFormSchema>;

export function activityValues(form: ActivityForm) {
  const horas = parseHours(form.horas);
  return {
    nome: form.nome,
    descricao: form.descricao,
    inicio: form.inicio || null,
    fim: form.fim || null,
    horas: horas === 'invalid' ? null : horas,
    responsavel: form.responsavel,
  };
}
