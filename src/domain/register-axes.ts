import { z } from 'zod';
import { axisSchema } from './axes.ts';
import { MAX_GROUP_AXES } from './permissions.ts';
import { idList, idSchema, nameField, optionalText, requiredChoice } from './register-fields.ts';

/**
 * The axes family of registers (issue 17): axes (api/projeto/Eixo, /eixos), groups of axes
 * (api/eixosgrupos, /eixosGrupo), a municipality's axes and enabled themes (api/MunicipiosEixos,
 * api/MunicipioTemasHabilitados: batch updates) and solution types (api/solucao-tipo, /tipoSolucao).
 * One schema per body, shared by the dialogs and the routes, so both say the same pt-BR.
 */

// ------------------------------------------------------------------ axes

/** A row of the axes register: the axis as every combo reads it (id, name, description, national, project). */
export const axisRowSchema = axisSchema;
export type AxisRow = z.infer<typeof axisRowSchema>;

export const axisInputSchema = z.object({
  nome: nameField(),
  descricao: optionalText(),
  nacional: z.boolean({ error: () => 'Valor inválido' }).default(false),
  /** The programme the axis belongs to; none leaves it out of every project's list. */
  projetoId: requiredChoice().nullable().default(null),
});
export type AxisInput = z.infer<typeof axisInputSchema>;

export const axisUpdateSchema = axisInputSchema.extend({ eixoId: idSchema });
export type AxisUpdate = z.infer<typeof axisUpdateSchema>;

// ------------------------------------------------------------------ groups of axes

/** Spec §5 and §9: a group takes at most 5 axes; the API refuses more with this message. */
export const TOO_MANY_GROUP_AXES = `Escolha no máximo ${MAX_GROUP_AXES} eixos`;

export const axisGroupRowSchema = z.object({
  eixosGrupoId: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  eixoIds: z.array(z.number().int()),
  /** The axes' names in the order of eixoIds (the list's chips). */
  eixoNomes: z.array(z.string()),
});
export type AxisGroupRow = z.infer<typeof axisGroupRowSchema>;

export const axisGroupInputSchema = z.object({
  nome: nameField(),
  descricao: optionalText(),
  eixoIds: idList(MAX_GROUP_AXES, TOO_MANY_GROUP_AXES).refine((ids) => ids.length > 0, 'Escolha ao menos um eixo'),
});
export type AxisGroupInput = z.infer<typeof axisGroupInputSchema>;

export const axisGroupUpdateSchema = axisGroupInputSchema.extend({ eixosGrupoId: idSchema });
export type AxisGroupUpdate = z.infer<typeof axisGroupUpdateSchema>;

/** "Turismo (+2 eixos)": one axis name, then how many more (spec §2 "Shared combos"). */
export function axesSummary(names: readonly string[], noun: { one: string; many: string } = { one: 'eixo', many: 'eixos' }): string {
  if (names.length === 0) return '';
  const rest = names.length - 1;
  return rest === 0 ? names[0]! : `${names[0]} (+${rest} ${rest === 1 ? noun.one : noun.many})`;
}

// ------------------------------------------------------------------ a municipality's axes and themes

/** PUT api/MunicipiosEixos: the non-national axes the municipality works on, all at once. */
export const municipalityAxesUpdateSchema = z.object({
  municipioId: requiredChoice('Escolha o município'),
  eixoIds: idList(),
});
export type MunicipalityAxesUpdate = z.infer<typeof municipalityAxesUpdateSchema>;

/** GET api/MunicipiosEixos/{municipioId}: every axis with whether the municipality works on it (national ones always). */
export const municipalityAxisSchema = z.object({
  eixoId: z.number().int(),
  nome: z.string(),
  nacional: z.boolean(),
  selecionado: z.boolean(),
});
export type MunicipalityAxis = z.infer<typeof municipalityAxisSchema>;
export const municipalityAxisListSchema = z.array(municipalityAxisSchema);

/** PUT api/MunicipioTemasHabilitados: the themes enabled for the municipality, all at once. */
export const municipalityThemesUpdateSchema = z.object({
  municipioId: requiredChoice('Escolha o município'),
  temaIds: idList(),
});
export type MunicipalityThemesUpdate = z.infer<typeof municipalityThemesUpdateSchema>;

export const municipalityThemeSchema = z.object({
  temaId: z.number().int(),
  nome: z.string(),
  eixoId: z.number().int(),
  eixoNome: z.string(),
  habilitado: z.boolean(),
});
export type MunicipalityTheme = z.infer<typeof municipalityThemeSchema>;
export const municipalityThemeListSchema = z.array(municipalityThemeSchema);

// ------------------------------------------------------------------ solution types

export const solutionTypeRowSchema = z.object({ solucaoTipoId: z.number().int(), nome: z.string() });
export type SolutionTypeRow = z.infer<typeof solutionTypeRowSchema>;

export const solutionTypeInputSchema = z.object({ nome: nameField(100) });
export type SolutionTypeInput = z.infer<typeof solutionTypeInputSchema>;

export const solutionTypeUpdateSchema = solutionTypeInputSchema.extend({ solucaoTipoId: idSchema });
export type SolutionTypeUpdate = z.infer<typeof solutionTypeUpdateSchema>;

// ------------------------------------------------------------------ api/municipioIbge

/** GET api/municipioIbge/obter-por-uf-codigomunicipio/{uf}/{code}: the tenant's municipality with that IBGE code. */
export const ibgeParamsSchema = z.object({
  uf: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, 'UF inválida')
    .transform((uf) => uf.toUpperCase()),
  code: z.string().trim().regex(/^\d{6,7}$/, 'Código IBGE inválido'),
});

export const ibgeMunicipalitySchema = z.object({
  municipioId: z.number().int(),
  nome: z.string(),
  uf: z.string(),
  codigoIbge: z.string(),
});
export type IbgeMunicipality = z.infer<typeof ibgeMunicipalitySchema>;
