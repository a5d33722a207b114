import type { z } from 'zod';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import {
  ADMIN_GROUP_NAME,
  type permissionCreateSchema,
  type UserDetail,
  type UserInput,
  type UserListItem,
  type UserPermission,
  type userUpdateSchema,
} from '../../../src/domain/users.ts';
import { requireAdmin, requireFullAdmin } from '../../lib/access.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { badRequest, conflict, notFound, uniqueAs409 } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/**
 * The users' writes, each in the transaction withCommand opens. The declaration already decided
 * that the caller manages users (admin or menuUsuarios); the rules here depend on the account
 * touched or on what the payload grants, which the access vocabulary cannot say.
 */

export const USER_NOT_FOUND = 'Usuário não encontrado.';
const EMAIL_TAKEN = 'Já existe um usuário com este e-mail.';
const UNIQUE_MESSAGES: Record<string, string> = {
  usuario_tenant_id_email_index: EMAIL_TAKEN,
  usuario_tenant_id_cpf_index: 'Já existe um usuário com este CPF.',
};

/**
 * Who may touch an existing account: only the built-in administrator edits the built-in administrator,
 * and only admins edit admins, so a holder of the Usuários menu cannot take over a stronger account.
 */
function requireMayEdit(ctx: PermissionContext, target: UserListItem): void {
  if (target.administradorSistema) requireFullAdmin(ctx);
  if (target.grupoNome === ADMIN_GROUP_NAME) requireAdmin(ctx);
}

/** The account a write names (404 when it is not the tenant's), checked against who may edit it. */
async function editableTarget(db: Conn, ctx: PermissionContext, tenantId: string, usuarioId: number): Promise<UserListItem> {
  const target = await repo.getUser(db, tenantId, usuarioId);
  if (!target) throw notFound(USER_NOT_FOUND);
  requireMayEdit(ctx, target);
  return target;
}

/** A municipality or axis of another tenant (the foreign keys alone would accept it) is a 400. */
async function requireOwnReferences(db: Conn, tenantId: string, refs: { municipioIds: number[]; eixoIds: number[] }): Promise<void> {
  const foreign = await repo.findForeignReference(db, tenantId, refs);
  if (foreign === 'municipio') throw badRequest('Município não encontrado.');
  if (foreign === 'eixo') throw badRequest('Eixo não encontrado.');
}

/** Rules on what the payload grants and whom it names, shared by create and update. */
async function checkInput(tx: Tx, ctx: PermissionContext, tenantId: string, input: UserInput, usuarioId?: number): Promise<void> {
  if (input.administradorSistema) requireFullAdmin(ctx);
  // Login matches e-mails ignoring case, while the unique index does not: older rows may differ in case only.
  const sameEmail = await repo.findUserBy(tx, tenantId, { email: input.email });
  if (sameEmail && sameEmail.usuarioId !== usuarioId) throw conflict(EMAIL_TAKEN);
  if (input.grupoId) {
    const nome = await repo.groupName(tx, tenantId, input.grupoId);
    if (nome === null) throw badRequest('Grupo de usuário não encontrado.');
    if (nome === ADMIN_GROUP_NAME) requireAdmin(ctx);
  }
  await requireOwnReferences(tx, tenantId, {
    municipioIds: [...(input.permissoes ?? []), ...(input.permissoesSolucoes ?? [])].map((p) => p.municipioId),
    eixoIds: (input.permissoes ?? []).flatMap((p) => (p.eixoId ? [p.eixoId] : [])),
  });
}

/** A unique index broken by a concurrent twin the checks above did not see: the same 409, naming the field. */
const or409 = <T>(write: () => Promise<T>) =>
  uniqueAs409(write, (index) => UNIQUE_MESSAGES[index] ?? 'Já existe um usuário com estes dados.');

async function detail(tx: Tx, tenantId: string, usuarioId: number): Promise<UserDetail> {
  const user = await repo.getUserDetail(tx, tenantId, usuarioId);
  if (!user) throw new Error(`user ${usuarioId} vanished after being written`);
  return user;
}

/** The user and their permissions land together or not at all. */
export async function create(tx: Tx, ctx: PermissionContext, tenantId: string, input: UserInput): Promise<UserDetail> {
  await checkInput(tx, ctx, tenantId, input);
  const usuarioId = await or409(() => repo.createUser(tx, tenantId, input));
  return detail(tx, tenantId, usuarioId);
}

export async function update(
  tx: Tx,
  ctx: PermissionContext,
  tenantId: string,
  { usuarioId, ...input }: z.output<typeof userUpdateSchema>,
): Promise<UserDetail> {
  const target = await editableTarget(tx, ctx, tenantId, usuarioId);
  if (usuarioId === ctx.usuario.usuarioId) {
    if (input.habilitado === false) throw badRequest('Você não pode desabilitar o próprio usuário.');
    if (target.administradorSistema && input.administradorSistema === false) {
      throw badRequest('Você não pode remover o próprio acesso de administrador do sistema.');
    }
  }
  await checkInput(tx, ctx, tenantId, input, usuarioId);
  await or409(() => repo.updateUser(tx, tenantId, usuarioId, input));
  return detail(tx, tenantId, usuarioId);
}

/** A logical delete: the account is disabled (and its sessions end); what it wrote keeps its author. */
export async function remove(tx: Tx, ctx: PermissionContext, tenantId: string, usuarioId: number): Promise<{ message: string }> {
  const target = await editableTarget(tx, ctx, tenantId, usuarioId);
  if (target.administradorSistema) throw conflict('O administrador do sistema não pode ser excluído.');
  if (target.usuarioId === ctx.usuario.usuarioId) throw conflict('Você não pode excluir o próprio usuário.');
  await repo.setEnabled(tx, tenantId, target.usuarioId, false);
  return { message: 'Usuário excluído (desabilitado).' };
}

export async function setEnabled(
  tx: Tx,
  ctx: PermissionContext,
  tenantId: string,
  { usuarioId, habilitado }: { usuarioId: number; habilitado: boolean },
): Promise<UserListItem> {
  const target = await editableTarget(tx, ctx, tenantId, usuarioId);
  if (!habilitado && target.usuarioId === ctx.usuario.usuarioId) throw badRequest('Você não pode desabilitar o próprio usuário.');
  await repo.setEnabled(tx, tenantId, target.usuarioId, habilitado);
  return { ...target, habilitado };
}

export async function addPermission(
  tx: Tx,
  ctx: PermissionContext,
  tenantId: string,
  { usuarioId, ...permission }: z.output<typeof permissionCreateSchema>,
): Promise<UserPermission> {
  await editableTarget(tx, ctx, tenantId, usuarioId);
  await requireOwnReferences(tx, tenantId, {
    municipioIds: [permission.municipioId],
    eixoIds: permission.eixoId ? [permission.eixoId] : [],
  });
  if (await repo.permissionExists(tx, tenantId, usuarioId, permission)) throw conflict('O usuário já tem esta permissão neste município.');
  return repo.addPermission(tx, tenantId, usuarioId, permission);
}

export async function removePermission(tx: Tx, ctx: PermissionContext, tenantId: string, id: number): Promise<{ message: string }> {
  const permission = await repo.getPermission(tx, tenantId, id);
  if (!permission) throw notFound('Permissão não encontrada.');
  await editableTarget(tx, ctx, tenantId, permission.usuarioId);
  await repo.deletePermission(tx, tenantId, permission.id);
  return { message: 'Permissão removida.' };
}
