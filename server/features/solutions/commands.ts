import type { z } from 'zod';
import type { solutions } from '../../../src/contract/solutions.ts';
import { type CatalogueImportResult, type PlannedGroup } from '../../../src/domain/catalogue-transfer.ts';
import { hasFlag, type PermissionContext } from '../../../src/domain/permissions.ts';
import {
  redactSolution,
  SOLUTION_MESSAGES as M,
  solutionEnableRefusal,
  taskEnableRefusal,
  type Solution,
} from '../../../src/domain/solutions.ts';
import type { VocabularyMode } from '../../../src/domain/vocabulary.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, notFound, pgCode } from '../../lib/errors.ts';
import { importCatalogue as walkCatalogue } from './catalogue-transfer.ts';
import * as repo from './repository.ts';

/**
 * The catalogue's writes, each run by withCommand in one transaction (routes.ts). Access (an admin
 * or the Projetos e Soluções menu, src/contract/solutions.ts) has already run; the records a write
 * names are looked up here, with the same 404 messages as before, in the same order.
 */

/** Who acts: the session and the tenant of the request. */
export type Actor = { ctx: PermissionContext; tenantId: string };

type Body<K extends keyof typeof solutions> = (typeof solutions)[K] extends { body: infer S extends z.ZodType } ? z.output<S> : never;

export const PROJECT_NOT_FOUND = 'Projeto não encontrado.';

/** A name already used under the same parent (unique index) is a 409 with a pt-BR message, never a 500. */
async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgCode(error) === '23505') throw conflict(M.nameTaken);
    throw error;
  }
}

/** A row the repository found, or the 404 with the record's own message. */
function found<T>(row: T | null | undefined, message: string): T {
  if (!row) throw notFound(message);
  return row;
}

async function requireProject(tx: Conn, tenantId: string, projetoId: number): Promise<void> {
  if (!(await repo.projectExists(tx, tenantId, projetoId))) throw notFound(PROJECT_NOT_FOUND);
}

// ------------------------------------------------------------ groups of solutions

export async function createGroup(tx: Tx, { tenantId }: Actor, { eixoIds, ...input }: Body<'createGroup'>) {
  await requireProject(tx, tenantId, input.projetoId);
  return uniqueName(() => repo.createGroup(tx, tenantId, { ...input, eixoIds }));
}

export async function updateGroup(tx: Tx, { tenantId }: Actor, { grupoSolucaoId, eixoIds, ...input }: Body<'updateGroup'>) {
  found(await repo.getGroup(tx, tenantId, grupoSolucaoId), M.groupNotFound);
  await requireProject(tx, tenantId, input.projetoId);
  return found(await uniqueName(() => repo.updateGroup(tx, tenantId, grupoSolucaoId, { ...input, eixoIds })), M.groupNotFound);
}

// ------------------------------------------------------------ solutions

export async function createSolution(tx: Tx, { ctx, tenantId }: Actor, body: Body<'createSolution'>): Promise<Solution> {
  found(await repo.getGroup(tx, tenantId, body.grupoSolucaoId), M.groupNotFound);
  // Without the flags the form shows no custo/preco/tipo: they are not taken from such a user either.
  const input = {
    ...body,
    ...(!hasFlag(ctx, 'verCustoPreco') && { custo: null, preco: null }),
    ...(!hasFlag(ctx, 'verTipoSolucao') && { solucaoTipoId: null }),
  };
  return redactSolution(ctx, await uniqueName(() => repo.createSolution(tx, tenantId, input)));
}

export async function updateSolution(tx: Tx, { ctx, tenantId }: Actor, { solucaoId, ...input }: Body<'updateSolution'>): Promise<Solution> {
  found(await repo.getSolution(tx, tenantId, solucaoId), M.solutionNotFound);
  found(await repo.getGroup(tx, tenantId, input.grupoSolucaoId), M.groupNotFound);
  // What the user was not shown is kept as stored, not erased by the nulls their form sent.
  const keep = { money: !hasFlag(ctx, 'verCustoPreco'), type: !hasFlag(ctx, 'verTipoSolucao') };
  const solution = found(await uniqueName(() => repo.updateSolution(tx, tenantId, solucaoId, input, keep)), M.solutionNotFound);
  return redactSolution(ctx, solution);
}

// ------------------------------------------------------------ tasks

export async function createTask(tx: Tx, { tenantId }: Actor, body: Body<'createTask'>) {
  found(await repo.getSolution(tx, tenantId, body.solucaoId), M.solutionNotFound);
  return uniqueName(() => repo.createTask(tx, tenantId, body));
}

export async function updateTask(tx: Tx, { tenantId }: Actor, { tarefaId, ...values }: Body<'updateTask'>) {
  found(await repo.getTask(tx, tenantId, tarefaId), M.taskNotFound);
  found(await repo.getSolution(tx, tenantId, values.solucaoId), M.solutionNotFound);
  return found(await uniqueName(() => repo.updateTask(tx, tenantId, tarefaId, values)), M.taskNotFound);
}

// ------------------------------------------------------------ evidence definitions

export async function createEvidence(tx: Tx, { tenantId }: Actor, body: Body<'createEvidence'>) {
  found(await repo.getTask(tx, tenantId, body.tarefaId), M.taskNotFound);
  return repo.createEvidenceDefinition(tx, tenantId, body);
}

export async function updateEvidence(tx: Tx, { tenantId }: Actor, { evidenciaId, ...values }: Body<'updateEvidence'>) {
  found(await repo.getEvidenceDefinition(tx, tenantId, evidenciaId), M.evidenceNotFound);
  found(await repo.getTask(tx, tenantId, values.tarefaId), M.taskNotFound);
  return found(await repo.updateEvidenceDefinition(tx, tenantId, evidenciaId, values), M.evidenceNotFound);
}

export async function removeEvidence(tx: Tx, { tenantId }: Actor, id: number) {
  found(await repo.getEvidenceDefinition(tx, tenantId, id), M.evidenceNotFound);
  await repo.deleteEvidenceDefinition(tx, tenantId, id);
  return { message: M.deleted };
}

// ------------------------------------------------------------ delete (or disable once used) and re-enable

const MISSING: Record<repo.ProgrammeKind, string> = { group: M.groupNotFound, solution: M.solutionNotFound, task: M.taskNotFound };
const FIND = { group: repo.getGroup, solution: repo.getSolution, task: repo.getTask } as const;

export async function remove(tx: Tx, { tenantId }: Actor, kind: repo.ProgrammeKind, id: number) {
  found(await FIND[kind](tx, tenantId, id), MISSING[kind]);
  const outcome = await repo.deleteOrDisable(tx, tenantId, kind, id);
  return { message: outcome === 'deleted' ? M.deleted : M.disabled };
}

/** Re-enables a record; a solution only under an enabled group, a task only under an enabled solution and group. */
export async function enable(tx: Tx, { tenantId }: Actor, kind: repo.ProgrammeKind, id: number, mode: VocabularyMode) {
  const record = found(await FIND[kind](tx, tenantId, id), MISSING[kind]);
  if (kind === 'solution') {
    const group = await repo.getGroup(tx, tenantId, (record as Solution).grupoSolucaoId);
    const refusal = solutionEnableRefusal({ grupoDesabilitado: group?.desabilitado ?? false });
    if (refusal) throw badRequest(refusal);
  }
  if (kind === 'task') {
    const solution = await repo.getSolution(tx, tenantId, (record as { solucaoId: number }).solucaoId);
    const group = solution && (await repo.getGroup(tx, tenantId, solution.grupoSolucaoId));
    const refusal = taskEnableRefusal(
      { solucaoDesabilitada: solution?.desabilitado ?? false, grupoDesabilitado: group?.desabilitado ?? false },
      mode,
    );
    if (refusal) throw badRequest(refusal);
  }
  await repo.setProgrammeDisabled(tx, tenantId, kind, id, false);
  return { message: M.reenabled };
}

// ------------------------------------------------------------ the catalogue's xlsx

/** Previews (nothing written) or imports a valid plan of `linhas` rows into the project's catalogue. */
export async function importCatalogue(
  tx: Tx,
  { tenantId }: Actor,
  projetoId: number,
  plan: { grupos: PlannedGroup[]; linhas: number },
  confirm: boolean,
): Promise<CatalogueImportResult> {
  const counts = await walkCatalogue(tx, tenantId, projetoId, plan.grupos, confirm);
  return { ...counts, linhas: plan.linhas, erros: [] };
}
