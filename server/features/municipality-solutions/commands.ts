import { MUNICIPALITY_SOLUTION_MESSAGES as MM } from '../../../src/domain/municipality-solutions.ts';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { SOLUTION_MESSAGES as M, solutionEnableRefusal, taskEnableRefusal } from '../../../src/domain/solutions.ts';
import type { MunicipalityEvidence, MunicipalityGroup, MunicipalitySolution, MunicipalityTask } from '../../../src/domain/solutions.ts';
import type { VocabularyMode } from '../../../src/domain/vocabulary.ts';
import { openMunicipality } from '../../lib/access.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, notFound, pgCode } from '../../lib/errors.ts';
import {
  getCatalogueGroup,
  getCatalogueTask,
  listCatalogueSolutions,
  listCatalogueTasks,
  listGroupsNotInMunicipality,
} from '../solutions/read.ts';
import { requireGroupsWriter, today } from './access.ts';
import * as repo from './repository.ts';

/**
 * The writes of a municipality's solutions, each run by withCommand (one transaction, the
 * idempotent answer committed with it). Access to the place was decided by the endpoint; the
 * role in the municipality (requireGroupsWriter) is checked here, before anything is read.
 */

/** Who writes: the session and the tenant. */
export type Actor = { ctx: PermissionContext; tenantId: string };

export async function renameGroup(tx: Tx, { ctx, tenantId }: Actor, group: MunicipalityGroup, nome: string): Promise<MunicipalityGroup> {
  requireGroupsWriter(ctx, group.municipioId);
  return repo.renameMunicipalityGroup(tx, tenantId, group.municipioGrupoSolucaoId, nome);
}

/** Finalizes solutions of the municipality, all or none: each must be one of its solutions to finalize. */
export async function finalize(tx: Tx, { ctx, tenantId }: Actor, municipioId: number, municipioSolucaoIds: number[]) {
  requireGroupsWriter(ctx, municipioId);
  const day = today();
  const open = new Set((await repo.solutionsToFinalize(tx, tenantId, municipioId, day)).map((s) => s.municipioSolucaoId));
  const ids = [...new Set(municipioSolucaoIds)];
  if (!ids.every((id) => open.has(id))) throw badRequest(MM.notToFinalize);
  await repo.finalizeSolutions(tx, tenantId, ids, day);
  const all = await Promise.all(ids.map((id) => repo.getSolutionWithCourse(tx, tenantId, id, day)));
  return all.filter((s) => s !== null);
}

export async function start(tx: Tx, { ctx, tenantId }: Actor, municipioSolucaoId: number): Promise<MunicipalitySolution> {
  const day = today();
  const solution = await repo.getSolutionWithCourse(tx, tenantId, municipioSolucaoId, day);
  if (!solution) throw notFound(M.solutionNotFound);
  requireGroupsWriter(ctx, solution.municipioId);
  if (solution.desabilitado) throw badRequest(MM.solutionDisabled);
  if (solution.grupoDesabilitado) throw badRequest(M.groupDisabled);
  if (solution.finalizada) throw badRequest(MM.alreadyFinalized);
  await repo.startSolution(tx, tenantId, solution.municipioSolucaoId, day);
  return (await repo.getSolutionWithCourse(tx, tenantId, solution.municipioSolucaoId, day))!;
}

export async function updateSolution(
  tx: Tx,
  { ctx, tenantId }: Actor,
  solution: MunicipalitySolution,
  values: Parameters<typeof repo.updateMunicipalitySolution>[3],
): Promise<MunicipalitySolution> {
  requireGroupsWriter(ctx, solution.municipioId);
  return repo.updateMunicipalitySolution(tx, tenantId, solution.municipioSolucaoId, values);
}

export async function updateTask(
  tx: Tx,
  { ctx, tenantId }: Actor,
  task: MunicipalityTask,
  values: { nome: string; descricao: string; horas: number },
): Promise<MunicipalityTask> {
  requireGroupsWriter(ctx, task.municipioId);
  await repo.updateMunicipalityTask(tx, tenantId, task.municipioTarefaId, values);
  return (await repo.getMunicipalityTask(tx, tenantId, task.municipioTarefaId))!;
}

/** Brings a programme group into the municipality with the chosen enabled solutions, their tasks and evidences. */
export async function addGroup(
  tx: Tx,
  { ctx, tenantId }: Actor,
  { municipioId, grupoSolucaoId, solucoesOriginais }: { municipioId: number; grupoSolucaoId: number; solucoesOriginais: number[] },
): Promise<MunicipalityGroup> {
  requireGroupsWriter(ctx, municipioId);
  const offered = await listGroupsNotInMunicipality(tx, tenantId, municipioId);
  const group = offered.find((g) => g.grupoSolucaoId === grupoSolucaoId);
  if (!group) {
    const existing = await getCatalogueGroup(tx, tenantId, grupoSolucaoId);
    if (!existing) throw notFound(M.groupNotFound);
    if (existing.desabilitado) throw badRequest('Este grupo de soluções está desabilitado.');
    throw conflict(M.groupAlreadyInMunicipality);
  }
  const solutions = await listCatalogueSolutions(tx, tenantId, grupoSolucaoId);
  const chosen = solutions.filter((s) => !s.desabilitado && solucoesOriginais.includes(s.solucaoId));
  if (chosen.length !== new Set(solucoesOriginais).size) throw badRequest('Escolha soluções habilitadas do grupo escolhido.');
  try {
    const id = await repo.addGroupToMunicipality(
      tx,
      tenantId,
      municipioId,
      group,
      chosen.map((s) => s.solucaoId),
    );
    return (await repo.getMunicipalityGroup(tx, tenantId, id))!;
  } catch (error) {
    // The unique (municipio, grupo) index: another request brought the same group in meanwhile.
    if (pgCode(error) === '23505') throw conflict(M.groupAlreadyInMunicipality);
    throw error;
  }
}

/** Copies enabled programme tasks of the solution's programme solution into the municipality's solution. */
export async function addTasks(
  tx: Tx,
  { ctx, tenantId }: Actor,
  { municipioId, municipioSolucaoId, tarefaIds }: { municipioId: number; municipioSolucaoId: number; tarefaIds: number[] },
): Promise<MunicipalityTask[]> {
  requireGroupsWriter(ctx, municipioId);
  const solution = await repo.getMunicipalitySolution(tx, tenantId, municipioSolucaoId);
  if (!solution || solution.municipioId !== municipioId) throw notFound(M.solutionNotFound);
  if (solution.desabilitado || solution.grupoDesabilitado) throw badRequest(M.groupDisabled);
  const tasks = await listCatalogueTasks(tx, tenantId, [solution.solucaoId]);
  const allowed = new Set(tasks.filter((t) => !t.desabilitado).map((t) => t.tarefaId));
  if (!tarefaIds.every((id) => allowed.has(id))) throw badRequest('Escolha tarefas habilitadas da solução escolhida.');
  const ids = await repo.copyTasks(tx, tenantId, municipioId, municipioSolucaoId, [...new Set(tarefaIds)]);
  const all = await repo.listMunicipalityTasks(tx, tenantId, municipioId);
  return all.filter((t) => ids.includes(t.municipioTarefaId));
}

// A group or solution of a municipality is always disabled, never deleted: its tasks may be named
// by field reports. A task never used by a report is deleted.

export async function disableGroup(tx: Tx, { ctx, tenantId }: Actor, group: MunicipalityGroup) {
  requireGroupsWriter(ctx, group.municipioId);
  await repo.setMunicipalityGroupDisabled(tx, tenantId, group.municipioGrupoSolucaoId, true);
  return { message: M.disabled };
}

export async function reenableGroup(tx: Tx, { ctx, tenantId }: Actor, municipioId: number, id: number): Promise<MunicipalityGroup> {
  requireGroupsWriter(ctx, municipioId);
  const group = await repo.getMunicipalityGroup(tx, tenantId, id);
  if (!group || group.municipioId !== municipioId) throw notFound(M.groupNotFound);
  await repo.setMunicipalityGroupDisabled(tx, tenantId, id, false);
  return { ...group, desabilitado: false };
}

export async function disableSolution(tx: Tx, { ctx, tenantId }: Actor, solution: MunicipalitySolution) {
  requireGroupsWriter(ctx, solution.municipioId);
  await repo.setMunicipalitySolutionDisabled(tx, tenantId, solution.municipioSolucaoId, true);
  return { message: M.disabled };
}

/** Refused while the solution's group is disabled. */
export async function reenableSolution(tx: Tx, { ctx, tenantId }: Actor, municipioId: number, id: number): Promise<MunicipalitySolution> {
  requireGroupsWriter(ctx, municipioId);
  const solution = await repo.getMunicipalitySolution(tx, tenantId, id);
  if (!solution || solution.municipioId !== municipioId) throw notFound(M.solutionNotFound);
  const refusal = solutionEnableRefusal(solution);
  if (refusal) throw badRequest(refusal);
  await repo.setMunicipalitySolutionDisabled(tx, tenantId, id, false);
  return { ...solution, desabilitado: false };
}

/** A task named by a field report is disabled; one never used is deleted. */
export async function removeTask(tx: Tx, { ctx, tenantId }: Actor, task: MunicipalityTask) {
  requireGroupsWriter(ctx, task.municipioId);
  if (await repo.taskUsedByReport(tx, tenantId, task.municipioTarefaId)) {
    await repo.setMunicipalityTaskDisabled(tx, tenantId, task.municipioTarefaId, true);
    return { message: M.disabled };
  }
  await repo.deleteMunicipalityTask(tx, tenantId, task.municipioTarefaId);
  return { message: M.deleted };
}

/** Refused while the task's solution (or its group) is disabled, in the words of the variant's `modo`. */
export async function reenableTask(tx: Tx, { ctx, tenantId }: Actor, task: MunicipalityTask, modo: VocabularyMode) {
  requireGroupsWriter(ctx, task.municipioId);
  const refusal = taskEnableRefusal({ solucaoDesabilitada: task.solucaoDesabilitada, grupoDesabilitado: false }, modo);
  if (refusal) throw badRequest(refusal);
  await repo.setMunicipalityTaskDisabled(tx, tenantId, task.municipioTarefaId, false);
  return { ...task, desabilitado: false };
}

export async function createEvidence(
  tx: Tx,
  { ctx, tenantId }: Actor,
  task: MunicipalityTask,
  values: { municipioTarefaId: number; nome: string; descricao: string },
): Promise<MunicipalityEvidence> {
  requireGroupsWriter(ctx, task.municipioId);
  return repo.createMunicipalityEvidence(tx, tenantId, values);
}

/** Moving an evidence to another task: that task must be one the user may write, of the same municipality. */
export async function updateEvidence(
  tx: Tx,
  { ctx, tenantId }: Actor,
  evidence: MunicipalityEvidence,
  values: { municipioTarefaId: number; nome: string; descricao: string },
): Promise<MunicipalityEvidence> {
  requireGroupsWriter(ctx, evidence.municipioId);
  const task = await repo.getMunicipalityTask(tx, tenantId, values.municipioTarefaId);
  if (!task) throw notFound(M.taskNotFound);
  if (task.municipioId !== evidence.municipioId) {
    // The task's own municipality gate first, as any call naming it (its 404 hides the municipality).
    await openMunicipality(tx, ctx, tenantId, task.municipioId, 'grupo');
    requireGroupsWriter(ctx, task.municipioId);
    // Moving an evidence to another municipality's task would hand it to another city.
    throw badRequest('A tarefa escolhida é de outro município.');
  }
  return repo.updateMunicipalityEvidence(tx, tenantId, evidence.municipioEvidenciaId, values);
}

export async function deactivateEvidence(tx: Tx, { ctx, tenantId }: Actor, evidence: MunicipalityEvidence) {
  requireGroupsWriter(ctx, evidence.municipioId);
  return repo.updateMunicipalityEvidence(tx, tenantId, evidence.municipioEvidenciaId, { desabilitado: true });
}

export async function removeEvidence(tx: Tx, { ctx, tenantId }: Actor, evidence: MunicipalityEvidence) {
  requireGroupsWriter(ctx, evidence.municipioId);
  await repo.deleteMunicipalityEvidence(tx, tenantId, evidence.municipioEvidenciaId);
  return { message: M.deleted };
}

/** Whether the programme task is already in the municipality's solution (verificar-tarefa): a read, with the task's 404. */
export async function checkTask(tx: Conn, tenantId: string, municipioSolucaoId: number, tarefaId: number) {
  if (!(await getCatalogueTask(tx, tenantId, tarefaId))) throw notFound(M.taskNotFound);
  const municipioTarefaId = await repo.taskInSolution(tx, tenantId, municipioSolucaoId, tarefaId);
  return { municipioSolucaoId, tarefaId, existe: municipioTarefaId !== null, municipioTarefaId };
}
