import { z } from 'zod';
import { decimalNumber, idSchema, nameField, optionalText, requiredChoice, requiredText, wholeNumber } from './register-fields.ts';

/**
 * The questions family of registers (issue 17; spec §2 /pergunta, /faixas, /pacote, /medalha; §3
 * "Score range", "Medal levels"; §7 api/pergunta/pergunta, api/pergunta-faixa-resposta, api/Pacote,
 * api/Medalha). One file: the four registers point at each other (a question has a package and
 * score ranges; a range belongs to a question).
 */

// ---------------------------------------------------------------- score ranges (pergunta_faixa_resposta)

/** One score range as a question's row carries it (spec §3 "Score range"). */
export const questionRangeSchema = z.object({
  perguntaFaixaRespostaId: z.number().int(),
  faixaNome: z.string(),
  faixaPontos: z.number(),
});
export type QuestionRange = z.infer<typeof questionRangeSchema>;

/** A row of /faixas: the range with its question's number and text. */
export const scoreRangeRowSchema = questionRangeSchema.extend({
  perguntaId: z.number().int(),
  perguntaNumero: z.number().int(),
  perguntaTexto: z.string(),
});
export type ScoreRangeRow = z.infer<typeof scoreRangeRowSchema>;
export const scoreRangeListSchema = z.array(scoreRangeRowSchema);

export const scoreRangeInputSchema = z.object({
  perguntaId: requiredChoice(),
  faixaNome: requiredText('O nome da faixa é obrigatório', 200),
  faixaPontos: decimalNumber('Pontos', { max: 100_000 }),
});
export type ScoreRangeInput = z.infer<typeof scoreRangeInputSchema>;
export const scoreRangeUpdateSchema = scoreRangeInputSchema.extend({ perguntaFaixaRespostaId: idSchema });
export type ScoreRangeUpdate = z.infer<typeof scoreRangeUpdateSchema>;

// ---------------------------------------------------------------- questions (pergunta)

/**
 * A row of /pergunta. `nacional` is the theme's axis's (a question of a national axis is answered by
 * every municipality): derived, never written, so it cannot disagree with the axis.
 */
export const questionRowSchema = z.object({
  perguntaId: z.number().int(),
  numero: z.number().int(),
  texto: z.string(),
  pontos: z.number().int(),
  temaId: z.number().int(),
  temaNome: z.string(),
  eixoId: z.number().int(),
  eixoNome: z.string(),
  nacional: z.boolean(),
  evidencia: z.boolean(),
  recorrente: z.boolean(),
  possuiComentario: z.boolean(),
  pacoteId: z.number().int().nullable(),
  pacoteNome: z.string().nullable(),
  faixas: z.array(questionRangeSchema),
});
export type QuestionRow = z.infer<typeof questionRowSchema>;
export const questionListSchema = z.array(questionRowSchema);

export const questionInputSchema = z.object({
  numero: wholeNumber('Número', { min: 1, max: 100_000 }),
  texto: requiredText('O texto é obrigatório', 2000),
  pontos: wholeNumber('Pontos', { max: 100_000 }),
  temaId: requiredChoice(),
  evidencia: z.boolean().default(true),
  recorrente: z.boolean().default(false),
  possuiComentario: z.boolean().default(false),
  /** Optional: null or absent is "no package". */
  pacoteId: idSchema.nullable().default(null),
});
export type QuestionInput = z.infer<typeof questionInputSchema>;
export const questionUpdateSchema = questionInputSchema.extend({ perguntaId: idSchema });
export type QuestionUpdate = z.infer<typeof questionUpdateSchema>;

/**
 * GET atualizar-quantidade/{id}: the question's use counted afresh — the municipalities that have it
 * (pergunta_municipio rows), how many of them answered it, and the follow-ups that copied it.
 */
export const questionUsageSchema = z.object({
  perguntaId: z.number().int(),
  quantidadeMunicipios: z.number().int(),
  quantidadeRespondidas: z.number().int(),
  quantidadeAcompanhamentos: z.number().int(),
});
export type QuestionUsage = z.infer<typeof questionUsageSchema>;

// ---------------------------------------------------------------- packages (pacote)

export const packageRowSchema = z.object({ pacoteId: z.number().int(), nome: z.string(), descricao: z.string() });
export type PackageRow = z.infer<typeof packageRowSchema>;
export const packageListSchema = z.array(packageRowSchema);
export const packageInputSchema = z.object({ nome: nameField(), descricao: optionalText() });
export type PackageInput = z.infer<typeof packageInputSchema>;
export const packageUpdateSchema = packageInputSchema.extend({ pacoteId: idSchema });

// ---------------------------------------------------------------- medals (medalha)

/** Spec §3 "Medal levels: bronze, prata, ouro". */
export const MEDAL_LEVELS = ['bronze', 'prata', 'ouro'] as const;
export type MedalLevel = (typeof MEDAL_LEVELS)[number];
export const MEDAL_LEVEL_LABELS: Record<MedalLevel, string> = { bronze: 'Bronze', prata: 'Prata', ouro: 'Ouro' };

export const medalRowSchema = z.object({
  medalhaId: z.number().int(),
  nome: z.string(),
  nivel: z.enum(MEDAL_LEVELS),
  pontuacaoMinima: z.number().int(),
  descricao: z.string(),
});
export type MedalRow = z.infer<typeof medalRowSchema>;
export const medalInputSchema = z.object({
  nome: nameField(),
  nivel: z.enum(MEDAL_LEVELS, { error: () => 'Campo Obrigatório' }),
  pontuacaoMinima: wholeNumber('Pontuação mínima'),
  descricao: optionalText(),
});
export type MedalInput = z.infer<typeof medalInputSchema>;
export const medalUpdateSchema = medalInputSchema.extend({ medalhaId: idSchema });
