import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { ADMIN_GROUP_NAME, type Group, type GroupInput, type GroupReport, type GroupUpdate } from '../../../src/domain/users.ts';
import { requireAdmin } from '../../lib/access.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, notFound, uniqueAs409 } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * The permission groups' writes, each in the transaction withCommand opens. The declaration already
 * decided that the caller manages groups (admin or menuGrupos); what only an administrator may do to
 * the Administrador group depends on the group, which the access vocabulary cannot say.
 */

export const GROUP_NOT_FOUND = 'Grupo não encontrado.';
const GROUP_IN_USE = 'Não é possível excluir o grupo: há usuários vinculados a ele.';
const REPORT_TAKEN = 'Este relatório já está liberado para o grupo.';
const REPORT_NOT_FOUND = 'Permissão de relatório não encontrada.';
const UNIQUE_MESSAGES: Record<string, string> = {
  usuario_grupo_tenant_id_nome_index: 'Já existe um grupo com este nome.',
  usuario_grupo_permissao_grupo_id_relatorio_id_index: REPORT_TAKEN,
};

/** A unique index broken by a concurrent twin the checks did not see: the same 409 the checks give. */
const or409 = <T>(write: () => Promise<T>) => uniqueAs409(write, (index) => UNIQUE_MESSAGES[index] ?? 'Registro já cadastrado.');

export async function loadGroup(db: Conn, tenantId: string, grupoId: number): Promise<Group> {
  const group = await repo.getGroup(db, tenantId, grupoId);
  if (!group) throw notFound(GROUP_NOT_FOUND);
  return group;
}

async function checkInput(tx: Tx, ctx: PermissionContext, tenantId: string, input: GroupInput, grupoId?: number): Promise<void> {
  // Naming a group Administrador makes its users admins: a flag holder may not do that.
  if (input.nome === ADMIN_GROUP_NAME) requireAdmin(ctx);
  if (await repo.nameTaken(tx, tenantId, input.nome, grupoId)) throw conflict('Já existe um grupo com este nome.');
  if (input.visualizaEixosIds && !(await repo.axesExist(tx, tenantId, input.visualizaEixosIds))) throw badRequest('Eixo não encontrado.');
}

/** The group, its flags and its report list land together. */
export async function createGroup(tx: Tx, ctx: PermissionContext, tenantId: string, input: GroupInput): Promise<Group> {
  await checkInput(tx, ctx, tenantId, input);
  const grupoId = await or409(() => repo.createGroup(tx, tenantId, input));
  return loadGroup(tx, tenantId, grupoId);
}

export async function updateGroup(tx: Tx, ctx: PermissionContext, tenantId: string, { grupoId, ...input }: GroupUpdate): Promise<Group> {
  const current = await loadGroup(tx, tenantId, grupoId);
  if (current.nome === ADMIN_GROUP_NAME) {
    requireAdmin(ctx);
    if (input.nome !== ADMIN_GROUP_NAME) throw conflict('O grupo Administrador não pode ser renomeado.');
  }
  await checkInput(tx, ctx, tenantId, input, grupoId);
  await or409(() => repo.updateGroup(tx, tenantId, grupoId, input));
  return loadGroup(tx, tenantId, grupoId);
}

export async function removeGroup(tx: Tx, tenantId: string, grupoId: number): Promise<{ message: string }> {
  const group = await loadGroup(tx, tenantId, grupoId);
  if (group.nome === ADMIN_GROUP_NAME) throw conflict('O grupo Administrador não pode ser excluído.');
  if ((await repo.countUsers(tx, tenantId, group.grupoId)) > 0) throw conflict(GROUP_IN_USE);
  if (!(await repo.deleteGroup(tx, tenantId, group.grupoId))) throw conflict(GROUP_IN_USE);
  return { message: 'Grupo excluído.' };
}

// ------------------------------------------------------------ administrative reports of a group

/** The report list of the Administrador group is an admin matter, like the group itself. */
async function loadReportGroup(db: Conn, ctx: PermissionContext, tenantId: string, grupoId: number): Promise<Group> {
  const group = await loadGroup(db, tenantId, grupoId);
  if (group.nome === ADMIN_GROUP_NAME) requireAdmin(ctx);
  return group;
}

async function loadGroupReport(db: Conn, tenantId: string, id: number): Promise<GroupReport> {
  const report = await repo.getGroupReport(db, tenantId, id);
  if (!report) throw notFound(REPORT_NOT_FOUND);
  return report;
}

export async function addGroupReport(
  tx: Tx,
  ctx: PermissionContext,
  tenantId: string,
  { grupoId, relatorioId }: { grupoId: number; relatorioId: number },
): Promise<GroupReport> {
  await loadReportGroup(tx, ctx, tenantId, grupoId);
  if (await repo.groupReportTaken(tx, tenantId, grupoId, relatorioId)) throw conflict(REPORT_TAKEN);
  return or409(() => repo.addGroupReport(tx, tenantId, grupoId, relatorioId));
}

export async function updateGroupReport(
  tx: Tx,
  ctx: PermissionContext,
  tenantId: string,
  { id, grupoId, relatorioId }: { id: number; grupoId: number; relatorioId: number },
): Promise<GroupReport> {
  const current = await loadGroupReport(tx, tenantId, id);
  await loadReportGroup(tx, ctx, tenantId, current.grupoId);
  await loadReportGroup(tx, ctx, tenantId, grupoId);
  if (await repo.groupReportTaken(tx, tenantId, grupoId, relatorioId, id)) throw conflict(REPORT_TAKEN);
  const updated = await or409(() => repo.updateGroupReport(tx, tenantId, id, grupoId, relatorioId));
  if (!updated) throw notFound(REPORT_NOT_FOUND);
  return updated;
}

export async function removeGroupReport(tx: Tx, ctx: PermissionContext, tenantId: string, id: number): Promise<{ message: string }> {
  const current = await loadGroupReport(tx, tenantId, id);
  await loadReportGroup(tx, ctx, tenantId, current.grupoId);
  await repo.deleteGroupReport(tx, tenantId, current.id);
  return { message: 'Permissão de relatório removida.' };
}
