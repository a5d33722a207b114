import type { Project, ProjectInput, ProjectUpdate } from '../../../src/domain/users.ts';
import type { Tx } from '../../lib/command.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * The projects' writes, each in the transaction withCommand opens; the declaration already
 * decided that the caller manages projects (admin or menuProjetosSolucoes).
 */

export const PROJECT_NOT_FOUND = 'Projeto não encontrado.';
const NAME_TAKEN = 'Já existe um projeto com este nome.';

/** Without a UF the project takes the tenant's. */
export async function create(tx: Tx, tenantId: string, tenantUf: string, body: ProjectInput): Promise<Project> {
  const input = { ...body, uf: body.uf ?? tenantUf };
  if (await repo.nameTaken(tx, tenantId, input.nome)) throw conflict(NAME_TAKEN);
  return repo.createProject(tx, tenantId, input);
}

export async function update(tx: Tx, tenantId: string, { projetoId, ...input }: ProjectUpdate): Promise<Project> {
  if (!(await repo.getProject(tx, tenantId, projetoId))) throw notFound(PROJECT_NOT_FOUND);
  if (await repo.nameTaken(tx, tenantId, input.nome, projetoId)) throw conflict(NAME_TAKEN);
  const project = await repo.updateProject(tx, tenantId, projetoId, input);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  return project;
}

/** A project still used by a municipality, an axis or a solution group is kept (409 naming which). */
export async function remove(tx: Tx, tenantId: string, projetoId: number): Promise<{ message: string }> {
  const project = await repo.getProject(tx, tenantId, projetoId);
  if (!project) throw notFound(PROJECT_NOT_FOUND);
  const usage = await repo.projectUsage(tx, tenantId, project.projetoId);
  if (usage.municipios > 0) throw conflict('Não é possível excluir o projeto: há municípios vinculados a ele.');
  if (usage.eixos > 0) throw conflict('Não é possível excluir o projeto: há eixos vinculados a ele.');
  if (usage.gruposSolucao > 0) throw conflict('Não é possível excluir o projeto: há grupos de soluções vinculados a ele.');
  if (!(await repo.deleteProject(tx, tenantId, project.projetoId))) throw conflict('Não é possível excluir o projeto: ele está em uso.');
  return { message: 'Projeto excluído.' };
}
