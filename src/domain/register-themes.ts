import { z } from 'zod';
import { idSchema, nameField, requiredChoice } from './register-fields.ts';

/**
 * Theme register (spec §3 "Theme: temaId, nome, eixoId"; §7 api/Tema; /tema). A row carries its
 * axis's name and whether the axis is national, so the list filters by both (spec §5: the theme
 * list is limited to national axes when the filter is national).
 */
export const themeRowSchema = z.object({
  temaId: z.number().int(),
  nome: z.string(),
  eixoId: z.number().int(),
  eixoNome: z.string(),
  nacional: z.boolean(),
});
export type ThemeRow = z.infer<typeof themeRowSchema>;

export const themeInputSchema = z.object({
  nome: nameField(),
  eixoId: requiredChoice(),
});
export type ThemeInput = z.infer<typeof themeInputSchema>;

export const themeUpdateSchema = themeInputSchema.extend({ temaId: idSchema });
export type ThemeUpdate = z.infer<typeof themeUpdateSchema>;
