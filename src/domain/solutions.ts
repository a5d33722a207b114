import { z } from 'zod';
import { offlineSolutionSchema, offlineTaskProgressSchema, offlineTaskSchema } from './offline-rows.ts';
import { hasFlag, MAX_GROUP_AXES, type PermissionContext } from './permissions.ts';
import { compareText, TRUNCATE, truncate, type Truncated } from './text.ts';
import { idSchema } from './users.ts';
import { vocabularyFor, type VocabularyMode } from './vocabulary.ts';

/**
 * Contract of the solutions domain (spec §3 Solution, Solution group, Task, Municipality task,
 * Evidence definition, Disabled task; §7 api/projeto/{grupoSolucao,solucao,tarefa,evidencia},
 * the api/municipio family of solutions and the dashboard progress). The server returns these
 * shapes whole; the client parses them with the same schemas.
 */

const requiredName = (label: string) =>
  z
    .string({ error: `${label} é obrigatório.` })
    .trim()
    .min(1, `${label} é obrigatório.`)
    .max(200, `${label} deve ter no máximo 200 caracteres.`);
const description = z.string().trim().max(4000, 'A descrição deve ter no máximo 4000 caracteres.').default('');
const hoursInput = z.number({ error: 'Informe as horas.' }).min(0, 'As horas não podem ser negativas.').max(99999, 'Horas inválidas.');
const money = z.number({ error: 'Valor inválido.' }).min(0, 'O valor não pode ser negativo.').max(999999999999, 'Valor inválido.');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida.');

// ---------------------------------------------------------------- messages (§8, accented)

export const SOLUTION_MESSAGES = {
  solutionCreated: 'Solução incluída com sucesso',
  tasksCreated: 'Tarefas/Atividades incluídas com sucesso',
  groupCreated: 'Grupo de Solução incluído com sucesso',
  groupCreateError: 'Erro ao incluir grupo solução',
  listSolutionsError: 'Erro ao listar Iniciativas/Soluções',
  getSolutionsError: 'Erro ao obter iniciativas/soluções',
  createTasksError: 'Erro ao incluir tarefas/atividades',
  getTasksError: 'Erro ao obter tarefas/atividades',
  listGroupsError: 'Erro ao listar Grupo de Iniciativa/Solução',
  groupNotFound: 'Grupo de soluções não encontrado.',
  solutionNotFound: 'Solução não encontrada.',
  taskNotFound: 'Tarefa não encontrada.',
  evidenceNotFound: 'Evidência não encontrada.',
  nameTaken: 'Já existe um registro com este nome.',
  groupAlreadyInMunicipality: 'Este grupo de soluções já está no município.',
  noOriginalSolutions: 'Escolha ao menos uma solução do grupo.',
  tooManyAxes: `Escolha no máximo ${MAX_GROUP_AXES} eixos.`,
  disabled: 'Registro desabilitado: ele já foi usado no município.',
  deleted: 'Registro excluído.',
  reenabled: 'Registro reabilitado.',
  groupDisabled: 'O grupo desta solução está desabilitado.',
} as const;

/** Error text for the §8 "Erro ao incluir grupo solucao" family, by variant. */
export function groupCreateErrorMessage(mode: VocabularyMode): string {
  if (mode === 'at') return 'Erro ao incluir grupo de iniciativa';
  if (mode === 'gov') return 'Erro ao incluir grupo de fase';
  return SOLUTION_MESSAGES.groupCreateError;
}

// ---------------------------------------------------------------- pure rules

/** §9 truncation in the lists: group description 50, solution/task/evidence description 20, solution name 15. */
export const truncateGroupDescription = (text: string | null | undefined): Truncated => truncate(text, TRUNCATE.solutionGroupDescription);
export const truncateSolutionDescription = (text: string | null | undefined): Truncated => truncate(text, TRUNCATE.solutionDescription);
export const truncateTaskDescription = (text: string | null | undefined): Truncated => truncate(text, TRUNCATE.taskDescription);
export const truncateEvidenceDescription = (text: string | null | undefined): Truncated => truncate(text, TRUNCATE.evidenceDescription);
export const truncateSolutionName = (text: string | null | undefined): Truncated => truncate(text, TRUNCATE.solutionName);

/** §5: a group of solutions works on at most MAX_GROUP_AXES axes; the combo disables the others once that many are chosen. */
export function axesWithinLimit(eixoIds: readonly number[]): boolean {
  return new Set(eixoIds).size <= MAX_GROUP_AXES;
}

/** Whether an axis option is still selectable given the chosen ones. */
export function axisOptionDisabled(chosen: readonly number[], eixoId: number): boolean {
  return !chosen.includes(eixoId) && new Set(chosen).size >= MAX_GROUP_AXES;
}

/** "Solução Desabilitada" / "Iniciativa Desabilitada" / "Fase Desabilitada" by variant. */
export function solutionDisabledMessage(mode: VocabularyMode): string {
  return vocabularyFor(mode).solutionDisabled;
}

/**
 * A disabled task may be enabled again only while its solution (and that solution's group) is
 * enabled: otherwise it would be an active task nobody can reach. Returns the refusal or null.
 */
export function taskEnableRefusal(task: { solucaoDesabilitada: boolean; grupoDesabilitado: boolean }, mode: VocabularyMode): string | null {
  if (task.solucaoDesabilitada || task.grupoDesabilitado) return solutionDisabledMessage(mode);
  return null;
}

/** A solution may be enabled again only while its group is enabled (the list shows a label instead). */
export function solutionEnableRefusal(solution: { grupoDesabilitado: boolean }): string | null {
  return solution.grupoDesabilitado ? SOLUTION_MESSAGES.groupDisabled : null;
}

/** §6: custo and preco only with verCustoPreco, tipo only with verTipoSolucao; otherwise null. */
export function redactSolution<T extends { custo: number | null; preco: number | null; solucaoTipoId: number | null }>(
  ctx: PermissionContext,
  solution: T,
): T {
  const seesMoney = hasFlag(ctx, 'verCustoPreco');
  const seesType = hasFlag(ctx, 'verTipoSolucao');
  return {
    ...solution,
    custo: seesMoney ? solution.custo : null,
    preco: seesMoney ? solution.preco : null,
    solucaoTipoId: seesType ? solution.solucaoTipoId : null,
  };
}

/** The vocabulary mode a request names (query `modo`); anything else is the default wording. */
export const vocabularyModeSchema = z.enum(['default', 'at', 'gov', 'sala', 'parceiro']).default('default');

// ---------------------------------------------------------------- programme level

export const solutionGroupSchema = z.object({
  grupoSolucaoId: z.number().int(),
  projetoId: z.number().int(),
  /** The axes the group works on, at most 5 (spec §5). */
  eixoIds: z.array(z.number().int()),
  nome: z.string(),
  descricao: z.string(),
  tipo: z.string().nullable(),
  desabilitado: z.boolean(),
});
export type SolutionGroup = z.infer<typeof solutionGroupSchema>;

export const solutionGroupInputSchema = z.object({
  projetoId: idSchema,
  nome: requiredName('O nome'),
  descricao: description,
  tipo: z.string().trim().max(100).nullable().optional(),
  eixoIds: z
    .array(idSchema)
    .default([])
    .refine(axesWithinLimit, { message: `Escolha no máximo ${MAX_GROUP_AXES} eixos.` }),
});
export type SolutionGroupInput = z.infer<typeof solutionGroupInputSchema>;
export const solutionGroupUpdateSchema = solutionGroupInputSchema.extend({ grupoSolucaoId: idSchema });

export const solutionSchema = z.object({
  solucaoId: z.number().int(),
  grupoSolucaoId: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  custo: z.number().nullable(),
  preco: z.number().nullable(),
  solucaoTipoId: z.number().int().nullable(),
  monitoramento: z.union([z.literal(1), z.literal(2)]),
  dataInicio: z.string().nullable(),
  dataTermino: z.string().nullable(),
  visitasPresenciais: z.number().int().nullable(),
  horasPrevistasVisitasPresenciais: z.number().nullable(),
  trabalhosEscritorio: z.number().int().nullable(),
  horasPrevistasTrabalhosEscritorio: z.number().nullable(),
  cargaHoraria: z.number().nullable(),
  naoComputaHoras: z.boolean(),
  desabilitado: z.boolean(),
  /** Product managers (spec §3). */
  usuarioIds: z.array(z.number().int()),
});
export type Solution = z.infer<typeof solutionSchema>;

export const solutionInputSchema = z
  .object({
    grupoSolucaoId: idSchema,
    nome: requiredName('O nome'),
    descricao: description,
    custo: money.nullable().optional(),
    preco: money.nullable().optional(),
    solucaoTipoId: idSchema.nullable().optional(),
    monitoramento: z.union([z.literal(1), z.literal(2)], { error: 'Monitoramento deve ser 1 (tarefas) ou 2 (visitas).' }),
    dataInicio: isoDate.nullable().optional(),
    dataTermino: isoDate.nullable().optional(),
    visitasPresenciais: z.number().int().min(0).max(100000).nullable().optional(),
    horasPrevistasVisitasPresenciais: hoursInput.nullable().optional(),
    trabalhosEscritorio: z.number().int().min(0).max(100000).nullable().optional(),
    horasPrevistasTrabalhosEscritorio: hoursInput.nullable().optional(),
    cargaHoraria: hoursInput.nullable().optional(),
    naoComputaHoras: z.boolean().default(false),
    usuarioIds: z.array(idSchema).max(50, 'Escolha no máximo 50 gestores.').default([]),
  })
  .refine((s) => !s.dataInicio || !s.dataTermino || s.dataInicio <= s.dataTermino, {
    message: 'A data de término deve ser posterior à de início.',
    path: ['dataTermino'],
  });
export type SolutionInput = z.infer<typeof solutionInputSchema>;
export const solutionUpdateSchema = solutionInputSchema.and(z.object({ solucaoId: idSchema }));

export const evidenceDefinitionSchema = z.object({
  evidenciaId: z.number().int(),
  tarefaId: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
});
export type EvidenceDefinition = z.infer<typeof evidenceDefinitionSchema>;
export const evidenceDefinitionInputSchema = z.object({ tarefaId: idSchema, nome: requiredName('O nome'), descricao: description });
export const evidenceDefinitionUpdateSchema = evidenceDefinitionInputSchema.extend({ evidenciaId: idSchema });

export const taskSchema = z.object({
  tarefaId: z.number().int(),
  solucaoId: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  horas: z.number(),
  desabilitado: z.boolean(),
  evidencias: z.array(evidenceDefinitionSchema),
});
export type Task = z.infer<typeof taskSchema>;

export const taskInputSchema = z.object({
  solucaoId: idSchema,
  nome: requiredName('O nome'),
  descricao: description,
  horas: hoursInput,
  /** The create dialog's repeatable list of evidence name and description. */
  evidencias: z
    .array(z.object({ nome: requiredName('O nome da evidência'), descricao: description }))
    .max(50)
    .default([]),
});
export type TaskInput = z.infer<typeof taskInputSchema>;
export const taskUpdateSchema = taskInputSchema.omit({ evidencias: true }).extend({ tarefaId: idSchema });
export const solutionIdBodySchema = z.object({ solucaoId: idSchema });

// ---------------------------------------------------------------- municipality level

export const municipioBodySchema = z.object({ municipioId: idSchema });

export const municipalityGroupSchema = z.object({
  municipioGrupoSolucaoId: z.number().int(),
  municipioId: z.number().int(),
  grupoSolucaoId: z.number().int(),
  nome: z.string(),
  desabilitado: z.boolean(),
});
export type MunicipalityGroup = z.infer<typeof municipalityGroupSchema>;

/** A municipality's solution: the offline row plus the fields its screens show. */
export const municipalitySolutionSchema = offlineSolutionSchema.extend({
  dataInicio: z.string().nullable(),
  dataTermino: z.string().nullable(),
  iniciada: z.boolean(),
  finalizada: z.boolean(),
  grupoDesabilitado: z.boolean(),
});
export type MunicipalitySolution = z.infer<typeof municipalitySolutionSchema>;

/** A municipality's task (spec §3 Municipality task, and Disabled task when desabilitado). */
export const municipalityTaskSchema = offlineTaskSchema.extend({
  solucaoNome: z.string(),
  solucaoDesabilitada: z.boolean(),
});
export type MunicipalityTask = z.infer<typeof municipalityTaskSchema>;

export const municipalityTaskUpdateSchema = z.object({
  municipioTarefaId: idSchema,
  nome: requiredName('O nome'),
  descricao: description,
  horas: hoursInput,
});

/** "import a group of solutions": the group and the chosen original solutions, with their tasks and evidences. */
export const addGroupToMunicipalitySchema = z.object({
  municipioId: idSchema,
  grupoSolucaoId: idSchema,
  solucoesOriginais: z.array(idSchema).min(1, SOLUTION_MESSAGES.noOriginalSolutions),
});
/** "import tasks": programme tasks copied into one of the municipality's solutions. */
export const addTasksToSolutionSchema = z.object({
  municipioId: idSchema,
  municipioSolucaoId: idSchema,
  tarefaIds: z.array(idSchema).min(1, 'Escolha ao menos uma tarefa.'),
});

export const municipalityEvidenceSchema = z.object({
  municipioEvidenciaId: z.number().int(),
  municipioTarefaId: z.number().int(),
  municipioId: z.number().int(),
  nome: z.string(),
  descricao: z.string(),
  desabilitado: z.boolean(),
});
export type MunicipalityEvidence = z.infer<typeof municipalityEvidenceSchema>;
export const municipalityEvidenceInputSchema = z.object({
  municipioTarefaId: idSchema,
  nome: requiredName('O nome'),
  descricao: description,
});
export const municipalityEvidenceUpdateSchema = municipalityEvidenceInputSchema.extend({ municipioEvidenciaId: idSchema });

// ---------------------------------------------------------------- progress (dashboard)

export const progressFilterSchema = z
  .object({
    municipioId: idSchema.nullable().optional(),
    solucaoId: idSchema.nullable().optional(),
    grupoSolucaoId: idSchema.nullable().optional(),
    consultorId: idSchema.nullable().optional(),
    dataInicio: isoDate.nullable().optional(),
    dataFim: isoDate.nullable().optional(),
  })
  .refine((f) => !f.dataInicio || !f.dataFim || f.dataInicio <= f.dataFim, {
    message: 'A data final deve ser posterior à inicial.',
    path: ['dataFim'],
  });
export type ProgressFilter = z.infer<typeof progressFilterSchema>;

/** Aggregates shared by every progress row: computed in SQL. */
const progressTotals = {
  tarefas: z.number().int(),
  tarefasCumpridas: z.number().int(),
  horasPrevistas: z.number(),
  horasUtilizadas: z.number(),
};
export const municipalityProgressSchema = z.object({ municipioId: z.number().int(), municipioNome: z.string(), ...progressTotals });
export const solutionProgressSchema = z.object({ municipioSolucaoId: z.number().int(), nome: z.string(), ...progressTotals });
/** One task's progress (get-andamento-tarefas): the device's row without the municipality it is filed under. */
export const taskProgressSchema = offlineTaskProgressSchema.omit({ municipioId: true });
/**
 * Per-solution totals from the task rows (the same facts get-andamento-solucoes sums in SQL): the
 * city's Andamento tab shows both tables from the one device table, online or not.
 */
export function solutionProgressFromTasks(tasks: readonly z.infer<typeof taskProgressSchema>[]): SolutionProgress[] {
  const bySolution = new Map<number, SolutionProgress>();
  for (const t of tasks) {
    const row = bySolution.get(t.municipioSolucaoId) ?? {
      municipioSolucaoId: t.municipioSolucaoId,
      nome: t.solucaoNome,
      tarefas: 0,
      tarefasCumpridas: 0,
      horasPrevistas: 0,
      horasUtilizadas: 0,
    };
    row.tarefas += 1;
    if (t.cumprida) row.tarefasCumpridas += 1;
    row.horasPrevistas += t.horasPrevistas;
    row.horasUtilizadas = Math.round((row.horasUtilizadas + t.horasUtilizadas) * 100) / 100;
    bySolution.set(t.municipioSolucaoId, row);
  }
  return [...bySolution.values()].sort((a, b) => compareText(a.nome, b.nome));
}

export type MunicipalityProgress = z.infer<typeof municipalityProgressSchema>;
export type SolutionProgress = z.infer<typeof solutionProgressSchema>;
export type TaskProgress = z.infer<typeof taskProgressSchema>;
