import { z } from 'zod';
import { groupInputSchema, idSchema, MAX_GROUP_AXES } from '../../domain/users.ts';

/** Blanks, commas and semicolons separate ids; anything else is a typing mistake, not an id. */
const ID_LIST_TEXT = /^[\d\s,;]*$/;

/** "1, 2;3 2" → [1, 2, 3]: the ids in the order typed, each once. */
export function parseIdList(text: string): number[] {
  const ids = text
    .split(/[\s,;]+/)
    .filter(Boolean)
    .map(Number);
  return [...new Set(ids)];
}

export function formatIdList(ids: readonly number[]): string {
  return ids.join(', ');
}

/**
 * The typed part of the group form. The field names are the API's, so issues the server returns
 * (body.visualizaEixosIds.0) land on the same field. There is no axis list endpoint yet, so the
 * visible axes are typed as ids; the server checks that each one exists.
 */
export const groupFormSchema = z.object({
  nome: groupInputSchema.shape.nome,
  visualizaEixosIds: z
    .string()
    .refine((v) => ID_LIST_TEXT.test(v), 'Use apenas números separados por vírgula')
    .transform(parseIdList)
    .pipe(z.array(idSchema).max(MAX_GROUP_AXES, `Informe no máximo ${MAX_GROUP_AXES} eixos`)),
});
export type GroupFormValues = z.input<typeof groupFormSchema>;
