import { z } from 'zod';
import type { PermissionContext } from './permissions.ts';
import { isAdmin } from './permissions.ts';
import {
  decimalNumber,
  idList,
  idSchema,
  isoDate,
  nameField,
  optionalText,
  requiredChoice,
  requiredText,
  wholeNumber,
} from './register-fields.ts';
import { openActionSchema } from './sala-5w2h.ts';
import { SEAL_LEVELS } from './sala-seal.ts';

/**
 * The Sala do Empreendedor (issue 29, spec §1 "the indicator room", §2 "Indicator room (Sala)",
 * §7 Sala): a municipality's room, the indicator registers it measures its service with, and the
 * readings of the indicator map. One schema per body, shared by the forms and the routes, so both
 * say the same pt-BR. The 5W2H, cost and time rooms are domains of their own (sala-5w2h…).
 */

// ------------------------------------------------------------------ the registers' rows

/** Níveis (api/salaindicadornivel): a level reached when a reading is at least this % of its target. */
export const levelRowSchema = z.object({
  nivelId: z.number().int(),
  nome: z.string(),
  percentualMinimo: z.number().int(),
  descricao: z.string(),
});
export type LevelRow = z.infer<typeof levelRowSchema>;
export const levelInputSchema = z.object({
  nome: nameField(100),
  percentualMinimo: wholeNumber('Percentual mínimo da meta', { max: 1000 }),
  descricao: optionalText(500),
});
export const levelUpdateSchema = levelInputSchema.extend({ nivelId: idSchema });

/** Formas de Apuração (api/salaindicadorapuracao), Fontes (api/salaindicadorfonte): a name and a description. */
export const calculationRowSchema = z.object({ apuracaoId: z.number().int(), nome: z.string(), descricao: z.string() });
export type CalculationRow = z.infer<typeof calculationRowSchema>;
const namedInput = z.object({ nome: nameField(100), descricao: optionalText(500) });
export const calculationInputSchema = namedInput;
export const calculationUpdateSchema = namedInput.extend({ apuracaoId: idSchema });

export const sourceRowSchema = z.object({ fonteId: z.number().int(), nome: z.string(), descricao: z.string() });
export type SourceRow = z.infer<typeof sourceRowSchema>;
export const sourceInputSchema = namedInput;
export const sourceUpdateSchema = namedInput.extend({ fonteId: idSchema });

/** Leituras (api/salaindicadorleitura): how often an indicator is read, in months (Mensal = 1, Trimestral = 3…). */
export const frequencyRowSchema = z.object({ leituraId: z.number().int(), nome: z.string(), meses: z.number().int() });
export type FrequencyRow = z.infer<typeof frequencyRowSchema>;
export const frequencyInputSchema = z.object({ nome: nameField(100), meses: wholeNumber('Meses entre leituras', { min: 1, max: 36 }) });
export const frequencyUpdateSchema = frequencyInputSchema.extend({ leituraId: idSchema });

/** Unidades (api/salaindicadoresunidade): "Dias", "Percentual" (%)… */
export const unitRowSchema = z.object({ unidadeId: z.number().int(), nome: z.string(), sigla: z.string() });
export type UnitRow = z.infer<typeof unitRowSchema>;
export const unitInputSchema = z.object({ nome: nameField(100), sigla: requiredText('A sigla é obrigatória', 20) });
export const unitUpdateSchema = unitInputSchema.extend({ unidadeId: idSchema });

/**
 * Indicadores (api/salaindicadores): an indicator has a unit, a source, a calculation form, a reading
 * frequency, a pillar, a target and the levels it is graded by (their thresholds are the levels').
 * `maiorMelhor` false for what should go down (days to open a business).
 */
export const indicatorRowSchema = z.object({
  indicadorId: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  unidadeId: z.number().int(),
  unidadeNome: z.string(),
  unidadeSigla: z.string(),
  fonteId: z.number().int(),
  fonteNome: z.string(),
  apuracaoId: z.number().int(),
  apuracaoNome: z.string(),
  leituraId: z.number().int(),
  leituraNome: z.string(),
  eixoId: z.number().int(),
  eixoNome: z.string(),
  meta: z.number(),
  maiorMelhor: z.boolean(),
  nivelIds: z.array(z.number().int()),
});
export type IndicatorRow = z.infer<typeof indicatorRowSchema>;
export const indicatorInputSchema = z.object({
  nome: nameField(200),
  descricao: optionalText(1000),
  unidadeId: requiredChoice('A unidade é obrigatória'),
  fonteId: requiredChoice('A fonte é obrigatória'),
  apuracaoId: requiredChoice('A forma de apuração é obrigatória'),
  leituraId: requiredChoice('A leitura é obrigatória'),
  eixoId: requiredChoice('O pilar é obrigatório'),
  meta: decimalNumber('Meta'),
  maiorMelhor: z.boolean({ error: () => 'Valor inválido' }).default(true),
  nivelIds: idList(10, 'Escolha no máximo 10 níveis').refine((ids) => ids.length > 0, 'Escolha ao menos um nível'),
});
export type IndicatorInput = z.infer<typeof indicatorInputSchema>;
export const indicatorUpdateSchema = indicatorInputSchema.extend({ indicadorId: idSchema });
export type IndicatorUpdate = z.infer<typeof indicatorUpdateSchema>;

// ------------------------------------------------------------------ readings (the indicator map)

/** A period of the map: a month, "YYYY-MM". */
export const periodSchema = z
  .string({ error: () => 'O período é obrigatório' })
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Período inválido: use AAAA-MM');

/** The device's key of a reading: one value per indicator and period in a municipality. */
export const readingKey = (municipioId: number, indicadorId: number, periodo: string) => `${municipioId}:${indicadorId}:${periodo}`;

/** A reading of api/salaindicadoresmunicipios: an indicator's value in one period, against the target of that period. */
export const readingRowSchema = z.object({
  indicadorMunicipioId: z.number().int(),
  chave: z.string(),
  municipioId: z.number().int(),
  indicadorId: z.number().int(),
  periodo: z.string(),
  valor: z.number(),
  meta: z.number(),
  observacao: z.string(),
});
export type ReadingRow = z.infer<typeof readingRowSchema>;

/**
 * Recording a reading: one value per indicator and period, so a second reading of the same period
 * replaces the first (what lets a reading typed offline be sent again without a duplicate). The
 * target defaults to the indicator's.
 */
export const readingInputSchema = z.object({
  municipioId: idSchema,
  indicadorId: requiredChoice('O indicador é obrigatório'),
  periodo: periodSchema,
  valor: decimalNumber('Valor', { min: -999_999_999_999 }),
  meta: decimalNumber('Meta').nullable().default(null),
  observacao: optionalText(500),
});
export type ReadingInput = z.infer<typeof readingInputSchema>;
export const readingUpdateSchema = z.object({
  indicadorMunicipioId: idSchema,
  valor: decimalNumber('Valor', { min: -999_999_999_999 }),
  meta: decimalNumber('Meta'),
  observacao: optionalText(500),
});
export type ReadingUpdate = z.infer<typeof readingUpdateSchema>;
export const readingListQuerySchema = z.object({
  municipioId: z.coerce.number<string>().pipe(idSchema),
});

// ------------------------------------------------------------------ the room

export const sealLevelSchema = z.enum(SEAL_LEVELS);

/** A room (one per municipality in Sala mode), with its seal as the rule in sala-seal.ts computes it. */
export const roomSchema = z.object({
  salaId: z.number().int(),
  municipioId: z.number().int(),
  municipioNome: z.string(),
  uf: z.string(),
  nome: z.string(),
  responsavel: z.string(),
  email: z.string(),
  telefone: z.string(),
  endereco: z.string(),
  inauguracao: z.string().nullable(),
  selo: sealLevelSchema.nullable(),
  pontosEvidencia: z.number().int(),
  pontosPossiveis: z.number().int(),
  indicadoresNaMeta: z.number().int(),
  indicadoresTotal: z.number().int(),
});
export type Room = z.infer<typeof roomSchema>;

export const roomInputSchema = z.object({
  municipioId: idSchema,
  nome: nameField(200),
  responsavel: optionalText(200),
  email: z.union([z.literal(''), z.email('E-mail inválido').max(200)]).default(''),
  telefone: optionalText(20),
  endereco: optionalText(300),
  inauguracao: isoDate('Data de inauguração').nullable().default(null),
});
export type RoomInput = z.infer<typeof roomInputSchema>;

/**
 * What a room's home and its map read at once, and what the device keeps offline for the
 * municipality: the room, the indicators and levels in the user's pillars (the map's rows).
 */
export const roomHomeSchema = z.object({
  municipioId: z.number().int(),
  sala: roomSchema,
  indicadores: z.array(indicatorRowSchema),
  niveis: z.array(levelRowSchema),
  /** The room's open 5W2H actions (issue 29 item 1); a copy stored before they were added reads as none. */
  acoesAbertas: z.array(openActionSchema).default([]),
});
export type RoomHome = z.infer<typeof roomHomeSchema>;

// ------------------------------------------------------------------ rules and messages

export const SALA_MESSAGES = {
  roomNotFound: 'Sala não encontrada.',
  roomExists: 'Este município já tem uma sala.',
  readingNotFound: 'Leitura não encontrada.',
  indicatorNotFound: 'Indicador não encontrado.',
  pillarRefused: 'Você só trabalha nos pilares da sua sala.',
  saveReading: 'Não foi possível registrar a leitura.',
  saveRoom: 'Não foi possível salvar a sala.',
} as const;

/**
 * Spec §6 for the Sala: a user works only on the pillars in their group's visualizaEixosIds. Admins
 * work on every pillar, and an empty list (the default of every group that is not a room's) means
 * no pillar restriction: the room and municipality rules still apply.
 */
export function salaPillars(ctx: PermissionContext): 'all' | ReadonlySet<number> {
  if (isAdmin(ctx.usuario)) return 'all';
  const ids = ctx.usuario.grupo?.visualizaEixosIds ?? [];
  return ids.length === 0 ? 'all' : new Set(ids);
}

export function worksOnPillar(ctx: PermissionContext, eixoId: number): boolean {
  const pillars = salaPillars(ctx);
  return pillars === 'all' || pillars.has(eixoId);
}

/** "2026-03" → "03/2026" (the map's period as the screen shows it). */
export function formatPeriod(periodo: string): string {
  const [year, month] = periodo.split('-');
  return `${month}/${year}`;
}

/** The periods of a year of readings ending at `last` ("YYYY-MM"), oldest first. */
export function periodsEndingAt(last: string, count: number): string[] {
  const [year, month] = last.split('-').map(Number) as [number, number];
  const out: string[] = [];
  for (let i = count - 1; i >= 0; i--) {
    const index = year * 12 + (month - 1) - i;
    out.push(`${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`);
  }
  return out;
}
