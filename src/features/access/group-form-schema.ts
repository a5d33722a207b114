import { z } from 'zod';
import { MAX_GROUP_AXES } from '../../domain/permissions.ts';
import { groupInputSchema, idSchema } from '../../domain/users.ts';

/**
 * The typed part of the group form. The field names are the API's, so issues the server returns
 * (body.visualizaEixosIds.0) land on the same field. The axis combo already stops at the maximum;
 * the cap is checked here as well because the server refuses more.
 */
export const groupFormSchema = z.object({
  nome: groupInputSchema.shape.nome,
  visualizaEixosIds: z.array(idSchema).max(MAX_GROUP_AXES, `Escolha no máximo ${MAX_GROUP_AXES} eixos`),
});
export type GroupFormValues = z.input<typeof groupFormSchema>;
