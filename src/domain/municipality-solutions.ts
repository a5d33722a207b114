import { z } from 'zod';
import { idSchema } from './users.ts';

/**
 * The municipality-level calls of spec §7 "Solutions, groups and tasks of a municipality" that
 * follow a solution's course (started, to finalize, finalized), the record updates of its groups and
 * solutions, and the tenant's solution types (api/solucao-tipo). The lists and imports themselves
 * are in solutions.ts.
 *
 * Semantics (the spec names the paths only):
 * - a solution of a municipality is STARTED ("iniciada") when it was marked started
 *   (POST solucao-iniciada), when a field report marked one of its tasks done, or when its start
 *   date has come (dataInicio on or before today in São Paulo);
 * - it is TO FINALIZE ("a finalizar") when it is started, not finalized, and it and its group are
 *   enabled; POST finalizar-solucoes finalizes such solutions, and nothing else;
 * - a group of a municipality is started when one of its solutions is.
 */

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida.');

export const MUNICIPALITY_SOLUTION_MESSAGES = {
  solutionDisabled: 'A solução está desabilitada.',
  alreadyFinalized: 'A solução já foi finalizada.',
  notToFinalize: 'Escolha soluções iniciadas e ainda não finalizadas do município.',
  finalized: 'Soluções finalizadas com sucesso.',
  started: 'Solução iniciada com sucesso.',
  typeListError: 'Erro ao obter tipos de solução',
} as const;

export const municipalityGroupUpdateSchema = z.object({
  municipioGrupoSolucaoId: idSchema,
  nome: z
    .string({ error: 'O nome é obrigatório.' })
    .trim()
    .min(1, 'O nome é obrigatório.')
    .max(200, 'O nome deve ter no máximo 200 caracteres.'),
});

export const municipalitySolutionUpdateSchema = z
  .object({
    municipioSolucaoId: idSchema,
    nome: z
      .string({ error: 'O nome é obrigatório.' })
      .trim()
      .min(1, 'O nome é obrigatório.')
      .max(200, 'O nome deve ter no máximo 200 caracteres.'),
    justificativa: z.string().trim().max(4000, 'A justificativa deve ter no máximo 4000 caracteres.').nullable().optional(),
    dataInicio: isoDate.nullable().optional(),
    dataTermino: isoDate.nullable().optional(),
  })
  .refine((s) => !s.dataInicio || !s.dataTermino || s.dataInicio <= s.dataTermino, {
    message: 'A data de término deve ser posterior à de início.',
    path: ['dataTermino'],
  });

export const startSolutionSchema = z.object({ municipioSolucaoId: idSchema });

export const finalizeSolutionsSchema = z.object({
  municipioId: idSchema,
  municipioSolucaoIds: z.array(idSchema).min(1, 'Escolha ao menos uma solução.').max(1000),
});

export const groupStartedSchema = z.object({ municipioGrupoSolucaoId: z.number().int(), iniciado: z.boolean() });

/** POST verificar-tarefa/{municipioSolucaoId}/{tarefaId}: whether the programme task is already in the municipality's solution. */
export const taskCheckSchema = z.object({
  municipioSolucaoId: z.number().int(),
  tarefaId: z.number().int(),
  existe: z.boolean(),
  municipioTarefaId: z.number().int().nullable(),
});

export const solutionTypeSchema = z.object({ solucaoTipoId: z.number().int(), nome: z.string() });
export type SolutionType = z.infer<typeof solutionTypeSchema>;
