import { z } from 'zod';
import { idList, idSchema, isoDate, nameField, optionalText, requiredChoice, requiredText, wholeNumber } from './register-fields.ts';

/**
 * The institutions and territory family of registers (issue 17): institutions, regional units,
 * categories, contracts, schools, job roles and local actors. Each is a row schema, a create schema
 * (a z.object the dialog and the API share) and an update schema with the row's id.
 */

// ------------------------------------------------------------------ institutions (api/govInstituicao)

/** Spec §3 "Institution: instituicaoid, nome, municipioIds"; the list also names the municipalities. */
export const institutionRowSchema = z.object({
  instituicaoId: z.number().int(),
  nome: z.string(),
  sigla: z.string(),
  municipioIds: z.array(z.number().int()),
  municipioNomes: z.array(z.string()),
});
export type InstitutionRow = z.infer<typeof institutionRowSchema>;

export const institutionInputSchema = z.object({
  nome: nameField(),
  sigla: optionalText(30),
  municipioIds: idList(),
});
export type InstitutionInput = z.infer<typeof institutionInputSchema>;
export const institutionUpdateSchema = institutionInputSchema.extend({ instituicaoId: idSchema });

/** POST obter-instituicoes-por-filtro: the name contains `nome` (accents ignored); linked to one of `municipioIds`. */
export const institutionFilterSchema = z.object({
  nome: z.string().trim().max(200).optional(),
  municipioIds: z.array(idSchema).optional(),
});
export type InstitutionFilter = z.infer<typeof institutionFilterSchema>;

// ------------------------------------------------------------------ regional units (api/UnidadeRegional)

/** A state's code as the tenants use it (SC, MS…; the AT variant's SC1). */
export const ufSchema = z
  .string({ error: () => 'UF inválida' })
  .trim()
  .regex(/^[A-Za-z]{2}\d?$/, 'UF inválida')
  .transform((uf) => uf.toUpperCase());

/** Spec §3 "Regional unit: id_unidade_regional, nomeRegiao", with its municipalities. */
export const regionalUnitRowSchema = z.object({
  unidadeRegionalId: z.number().int(),
  uf: z.string(),
  nomeRegiao: z.string(),
  municipioIds: z.array(z.number().int()),
  municipioNomes: z.array(z.string()),
});
export type RegionalUnitRow = z.infer<typeof regionalUnitRowSchema>;

export const regionalUnitInputSchema = z.object({
  nomeRegiao: requiredText('O nome da região é obrigatório'),
  /** Absent: the tenant's state. */
  uf: ufSchema.optional(),
});
export type RegionalUnitInput = z.infer<typeof regionalUnitInputSchema>;
export const regionalUnitUpdateSchema = regionalUnitInputSchema.extend({ unidadeRegionalId: idSchema });

/** POST atualizar-unidades-regionais-municipios: the unit's municipalities become exactly these. */
export const regionalUnitMunicipalitiesSchema = z.object({
  unidadeRegionalId: idSchema,
  municipioIds: idList(),
});
export type RegionalUnitMunicipalities = z.infer<typeof regionalUnitMunicipalitiesSchema>;

// ------------------------------------------------------------------ categories (api/gov-categoria)

export const categoryRowSchema = z.object({ categoriaId: z.number().int(), nome: z.string(), descricao: z.string() });
export type CategoryRow = z.infer<typeof categoryRowSchema>;
export const categoryInputSchema = z.object({ nome: nameField(), descricao: optionalText(500) });
export const categoryUpdateSchema = categoryInputSchema.extend({ categoriaId: idSchema });

// ------------------------------------------------------------------ contracts (api/contratos)

/** Spec §3 "Contract: contratoId, numContrato, qtdEntregasPrevistas, inicio, fim", of one user. */
export const contractRowSchema = z.object({
  contratoId: z.number().int(),
  usuarioId: z.number().int(),
  usuarioNome: z.string(),
  numContrato: z.string(),
  qtdEntregasPrevistas: z.number().int(),
  inicio: z.string(),
  fim: z.string(),
  ativo: z.boolean(),
});
export type ContractRow = z.infer<typeof contractRowSchema>;

export const CONTRACT_END_BEFORE_START = 'A data de fim deve ser igual ou posterior à data de início';

const contractFields = {
  usuarioId: requiredChoice('O usuário é obrigatório'),
  numContrato: requiredText('O número do contrato é obrigatório', 50),
  qtdEntregasPrevistas: wholeNumber('Entregas previstas', { max: 10_000 }),
  inicio: isoDate('A data de início'),
  fim: isoDate('A data de fim'),
};
const endNotBeforeStart = (c: { inicio: string; fim: string }) => c.fim >= c.inicio;
const endIssue = { message: CONTRACT_END_BEFORE_START, path: ['fim'] };

export const contractInputSchema = z.object(contractFields).refine(endNotBeforeStart, endIssue);
export type ContractInput = z.infer<typeof contractInputSchema>;
export const contractUpdateSchema = z.object({ ...contractFields, contratoId: idSchema }).refine(endNotBeforeStart, endIssue);
export type ContractUpdate = z.infer<typeof contractUpdateSchema>;

/** PUT ativoInativo/{id}: the state given, or the other one when the body says nothing. */
export const contractActiveSchema = z.object({ ativo: z.boolean().optional() }).nullish();

// ------------------------------------------------------------------ schools (api/municipio-escola)

export const schoolRowSchema = z.object({
  municipioEscolaId: z.number().int(),
  municipioId: z.number().int(),
  municipioNome: z.string(),
  nome: z.string(),
  codigoInep: z.string(),
  quantidadeAlunos: z.number().int(),
  quantidadeProfessores: z.number().int(),
});
export type SchoolRow = z.infer<typeof schoolRowSchema>;
export const schoolInputSchema = z.object({
  municipioId: requiredChoice('O município é obrigatório'),
  nome: nameField(),
  /** INEP codes are 8 digits; empty when not known yet. */
  codigoInep: z
    .string()
    .trim()
    .regex(/^(\d{8})?$/, 'O código INEP tem 8 dígitos')
    .default(''),
  quantidadeAlunos: wholeNumber('Quantidade de alunos', { max: 100_000 }),
  quantidadeProfessores: wholeNumber('Quantidade de professores', { max: 10_000 }),
});
export type SchoolInput = z.infer<typeof schoolInputSchema>;
export const schoolUpdateSchema = schoolInputSchema.extend({ municipioEscolaId: idSchema });

// ------------------------------------------------------------------ job roles (api/cargofuncao)

export const jobRoleRowSchema = z.object({ cargoFuncaoId: z.number().int(), nome: z.string(), descricao: z.string() });
export type JobRoleRow = z.infer<typeof jobRoleRowSchema>;
export const jobRoleInputSchema = z.object({ nome: nameField(), descricao: optionalText(500) });
export const jobRoleUpdateSchema = jobRoleInputSchema.extend({ cargoFuncaoId: idSchema });

// ------------------------------------------------------------------ actors (api/atores)

export const actorRowSchema = z.object({
  atorId: z.number().int(),
  municipioId: z.number().int(),
  municipioNome: z.string(),
  nome: z.string(),
  segmento: z.string(),
  contato: z.string(),
});
export type ActorRow = z.infer<typeof actorRowSchema>;
export const actorInputSchema = z.object({
  municipioId: requiredChoice('O município é obrigatório'),
  nome: nameField(),
  segmento: optionalText(100),
  contato: optionalText(200),
});
export type ActorInput = z.infer<typeof actorInputSchema>;
export const actorUpdateSchema = actorInputSchema.extend({ atorId: idSchema });

// ------------------------------------------------------------------ combos' options

/** GET api/municipio (the municipalities the user sees), as the registers' combos read it. */
export const municipalityOptionListSchema = z.array(z.object({ municipioId: z.number().int(), nome: z.string(), uf: z.string() }));
export type MunicipalityOption = z.infer<typeof municipalityOptionListSchema>[number];
