import { z } from 'zod';
import { urlOf } from '../../api/call.ts';
import { api } from '../../api/client.ts';
import { pathOf } from '../../contract/endpoint.ts';
import { solutions } from '../../contract/solutions.ts';
import { useServerData } from '../../api/use-server-data.ts';
import { messageSchema } from '../../domain/session.ts';
import {
  evidenceDefinitionSchema,
  solutionGroupSchema,
  SOLUTION_MESSAGES,
  solutionSchema,
  taskSchema,
  type EvidenceDefinition,
  type SolutionGroup,
  type SolutionGroupInput,
  type SolutionInput,
  type Solution,
  type Task,
  type TaskInput,
} from '../../domain/solutions.ts';
import { solutionTypeSchema } from '../../domain/municipality-solutions.ts';
import { projectSchema } from '../../domain/users.ts';
import type { VocabularyMode } from '../../domain/vocabulary.ts';

export { httpStatusOf } from '../../lib/api-errors.ts';

/**
 * The programme catalogue (spec §7 api/projeto/grupoSolucao, solucao, tarefa, evidencia), read
 * online: it is administration, never needed in the field. Each level reads its parent too, for the
 * heading and to check the address names a real chain.
 */

const groupListSchema = z.array(solutionGroupSchema);
const solutionListSchema = z.array(solutionSchema);
const taskListSchema = z.array(taskSchema);

export function useProject(projetoId: number | null) {
  return useServerData(projetoId === null ? null : `projeto/${projetoId}`, projectSchema);
}

/** GET api/projeto/grupoSolucao?projetoId: the project's groups, disabled ones included. */
export function useSolutionGroups(projetoId: number | null, errorMessage: string) {
  return useServerData(projetoId === null ? null : urlOf(solutions.groups, { query: { projetoId: String(projetoId) } }), groupListSchema, errorMessage);
}

/** GET api/solucao-tipo: the tenant's solution types, for the solution dialog's tipo combo. */
export function useSolutionTypes(enabled: boolean) {
  return useServerData(enabled ? pathOf(solutions.types) : null, z.array(solutionTypeSchema), 'Erro ao obter tipos de solução');
}

export function useSolutionGroup(grupoSolucaoId: number | null) {
  return useServerData(grupoSolucaoId === null ? null : pathOf(solutions.group, { id: grupoSolucaoId }), solutionGroupSchema);
}

/** POST api/projeto/solucao/get-by-grupo/{projeto}/{grupo}: the group's solutions, disabled ones included. */
export function useGroupSolutions(projetoId: number | null, grupoSolucaoId: number | null, errorMessage?: string) {
  const read =
    projetoId === null || grupoSolucaoId === null
      ? null
      : { path: pathOf(solutions.solutionsOfGroup, { a: projetoId, b: grupoSolucaoId }), body: {} };
  return useServerData(read, solutionListSchema, errorMessage);
}

/** POST api/projeto/tarefa/get-by-solucao: the solution's tasks with their evidence definitions. */
export function useSolutionTasks(solucaoId: number | null, errorMessage?: string) {
  return useServerData(
    solucaoId === null ? null : { path: pathOf(solutions.tasksOfSolution), body: { solucaoId } },
    taskListSchema,
    errorMessage,
  );
}

/** GET api/projeto/tarefa/{id}: one task and its evidence definitions. */
export function useTask(tarefaId: number | null, errorMessage?: string) {
  return useServerData(tarefaId === null ? null : pathOf(solutions.task, { id: tarefaId }), taskSchema, errorMessage);
}

// ---------------------------------------------------------------- writes (online: the server refuses non-managers with 403)

export async function saveGroup(body: SolutionGroupInput, grupoSolucaoId: number | null): Promise<SolutionGroup> {
  const request =
    grupoSolucaoId === null
      ? api.post(pathOf(solutions.createGroup), { json: body })
      : api.put(pathOf(solutions.updateGroup), { json: { ...body, grupoSolucaoId } });
  return solutionGroupSchema.parse(await request.json());
}

export async function saveSolution(body: SolutionInput, solucaoId: number | null): Promise<Solution> {
  const request =
    solucaoId === null ? api.post(pathOf(solutions.createSolution), { json: body }) : api.put(pathOf(solutions.updateSolution), { json: { ...body, solucaoId } });
  return solutionSchema.parse(await request.json());
}

export async function createTask(body: TaskInput): Promise<Task> {
  return taskSchema.parse(await api.post(pathOf(solutions.createTask), { json: body }).json());
}

export async function updateTask(body: Omit<TaskInput, 'evidencias'> & { tarefaId: number }): Promise<Task> {
  return taskSchema.parse(await api.put(pathOf(solutions.updateTask), { json: body }).json());
}

export type EvidenceInput = { tarefaId: number; nome: string; descricao: string };

export async function saveEvidence(body: EvidenceInput, evidenciaId: number | null): Promise<EvidenceDefinition> {
  const request =
    evidenciaId === null ? api.post(pathOf(solutions.createEvidence), { json: body }) : api.put(pathOf(solutions.updateEvidence), { json: { ...body, evidenciaId } });
  return evidenceDefinitionSchema.parse(await request.json());
}

export type CatalogueKind = 'grupoSolucao' | 'solucao' | 'tarefa';

/** The delete and re-enable declarations of each catalogue level. */
const REMOVAL = { grupoSolucao: solutions.removal.group, solucao: solutions.removal.solution, tarefa: solutions.removal.task } as const;

/**
 * DELETE api/projeto/{kind}/{id}: the server deletes a record nothing uses and disables one in use.
 * Says which, so the screen can tell the user.
 */
export async function deleteCatalogueRecord(kind: CatalogueKind, id: number): Promise<'deleted' | 'disabled'> {
  const { message } = messageSchema.parse(await api.delete(pathOf(REMOVAL[kind].remove, { id })).json());
  return message === SOLUTION_MESSAGES.disabled ? 'disabled' : 'deleted';
}

/** PUT api/projeto/{kind}/reabilitar/{id}; the mode words the refusal of a task whose solution is disabled. */
export async function reenableCatalogueRecord(kind: CatalogueKind, id: number, mode: VocabularyMode): Promise<void> {
  await api.put(urlOf(REMOVAL[kind].enable, { params: { id }, query: { modo: mode } }));
}

export async function deleteEvidence(evidenciaId: number): Promise<void> {
  await api.delete(pathOf(solutions.removeEvidence, { id: evidenciaId }));
}
