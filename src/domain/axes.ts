import { z } from 'zod';

/**
 * API contract of axes (spec §3 "Axis": Eixo, or Pilar in the seal room), shared by the client
 * combos and the server routes (spec §7 api/projeto/eixo). A national axis applies to every
 * municipality; the others only to those that work on them.
 */
export const axisSchema = z.object({
  eixoId: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  nacional: z.boolean(),
  projetoId: z.number().int().nullable(),
  projetoNome: z.string().nullable(),
});
export type Axis = z.infer<typeof axisSchema>;

export const axisListSchema = z.array(axisSchema);

/** Theme (spec §3 "Theme": temaId, nome, eixoId): the follow-up questions are grouped by theme within an axis. */
export const themeSchema = z.object({
  temaId: z.number().int(),
  nome: z.string(),
  eixoId: z.number().int(),
});
export type Theme = z.infer<typeof themeSchema>;

export const themeListSchema = z.array(themeSchema);
