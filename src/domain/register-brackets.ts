import { z } from 'zod';
import { decimalNumber, idSchema, nameField } from './register-fields.ts';

/**
 * Value brackets (api/municipio-faixas: municipalities by population; api/solucoes-faixas:
 * solutions by price, in R$): a name and a closed interval. Brackets of one kind may not overlap,
 * so each value falls in one bracket; the server refuses an overlap with a pt-BR 409.
 */
export const BRACKET_KINDS = ['municipio', 'solucao'] as const;
export type BracketKind = (typeof BRACKET_KINDS)[number];

export const bracketRowSchema = z.object({
  faixaValorId: z.number().int(),
  nome: z.string(),
  valorMinimo: z.number(),
  valorMaximo: z.number(),
});
export type BracketRow = z.infer<typeof bracketRowSchema>;

const ordered = (b: { valorMinimo: number; valorMaximo: number }) => b.valorMaximo >= b.valorMinimo;
const orderMessage = { message: 'O valor máximo deve ser maior ou igual ao mínimo', path: ['valorMaximo'] };

export const bracketInputSchema = z
  .object({
    nome: nameField(100),
    valorMinimo: decimalNumber('Valor mínimo'),
    valorMaximo: decimalNumber('Valor máximo'),
  })
  .refine(ordered, orderMessage);
export type BracketInput = z.infer<typeof bracketInputSchema>;

export const bracketUpdateSchema = bracketInputSchema.safeExtend({ faixaValorId: idSchema }).refine(ordered, orderMessage);

export const BRACKET_OVERLAP = 'Esta faixa se sobrepõe a outra já cadastrada.';
