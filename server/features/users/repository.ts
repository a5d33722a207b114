import { and, asc, eq, exists, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { normalizeForSearch, compareText } from '../../../src/domain/text.ts';
import {
  CONSULTANT_ROLES,
  USER_ROLES,
  type RoleHolder,
  type UserDetail,
  type UserFilter,
  type UserInput,
  type UserListItem,
  type UserPermission,
  type UserPermissionInput,
  type UserRole,
  type UserSummary,
} from '../../../src/domain/users.ts';
import type { Db } from '../../db/client.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { eixo, municipio, usuario, usuarioGrupo, usuarioPermissao, usuarioPermissaoSolucao } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { endSessions } from '../../lib/session-repository.ts';

// Accent- and case-insensitive text match, the rule of src/domain/text.ts, in SQL. Accents are
// stripped before lowering so the result does not hang on the database's LC_CTYPE (under plain "C",
// lower() leaves "É" as it is).
const ACCENTED = 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const PLAIN = 'aaaaaeeeeiiiiooooouuuucnAAAAAEEEEIIIIOOOOOUUUUCN';
function textContains(column: SQLWrapper, needle: string): SQL {
  const pattern = `%${normalizeForSearch(needle.trim()).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql`lower(translate(${column}, ${ACCENTED}, ${PLAIN})) like ${pattern}`;
}

const listColumns = {
  usuarioId: usuario.usuarioId,
  nome: usuario.nome,
  email: usuario.email,
  cpf: usuario.cpf,
  telefone: usuario.telefone,
  grupoId: usuario.grupoId,
  grupoNome: usuarioGrupo.nome,
  habilitado: usuario.habilitado,
  administradorSistema: usuario.administradorSistema,
  senhaDefinida: sql<boolean>`${usuario.senhaHash} is not null`,
};

const byName = <T extends { nome: string }>(rows: T[]) => rows.sort((a, b) => compareText(a.nome, b.nome));

/** Holds a role or a solutions permission in the municipality. */
function linkedTo(db: Db, tenantId: string, municipioId: number): SQL {
  const role = db
    .select({ one: sql`1` })
    .from(usuarioPermissao)
    .where(
      scoped(usuarioPermissao, tenantId, eq(usuarioPermissao.usuarioId, usuario.usuarioId), eq(usuarioPermissao.municipioId, municipioId)),
    );
  const solutions = db
    .select({ one: sql`1` })
    .from(usuarioPermissaoSolucao)
    .where(
      scoped(
        usuarioPermissaoSolucao,
        tenantId,
        eq(usuarioPermissaoSolucao.usuarioId, usuario.usuarioId),
        eq(usuarioPermissaoSolucao.municipioId, municipioId),
      ),
    );
  return or(exists(role), exists(solutions))!;
}

export async function listUsers(db: Db, tenantId: string, filter: UserFilter): Promise<UserListItem[]> {
  const rows = await db
    .select(listColumns)
    .from(usuario)
    .leftJoin(usuarioGrupo, and(eq(usuarioGrupo.grupoId, usuario.grupoId), eq(usuarioGrupo.tenantId, usuario.tenantId)))
    .where(
      scoped(
        usuario,
        tenantId,
        filter.nome ? textContains(usuario.nome, filter.nome) : undefined,
        filter.email ? textContains(usuario.email, filter.email) : undefined,
        filter.grupoId ? eq(usuario.grupoId, filter.grupoId) : undefined,
        filter.municipioId ? linkedTo(db, tenantId, filter.municipioId) : undefined,
        typeof filter.habilitado === 'boolean' ? eq(usuario.habilitado, filter.habilitado) : undefined,
      ),
    );
  return byName(rows);
}

/** By name or e-mail fragment, for pickers: a bounded list. */
export async function findUsers(db: Db, tenantId: string, text: string, limit = 50): Promise<UserSummary[]> {
  const rows = await db
    .select({
      usuarioId: usuario.usuarioId,
      nome: usuario.nome,
      email: usuario.email,
      grupoNome: usuarioGrupo.nome,
      habilitado: usuario.habilitado,
    })
    .from(usuario)
    .leftJoin(usuarioGrupo, and(eq(usuarioGrupo.grupoId, usuario.grupoId), eq(usuarioGrupo.tenantId, usuario.tenantId)))
    .where(scoped(usuario, tenantId, or(textContains(usuario.nome, text), textContains(usuario.email, text))))
    .orderBy(asc(usuario.nome))
    .limit(limit);
  return byName(rows);
}

export async function getUser(db: Conn, tenantId: string, usuarioId: number): Promise<UserListItem | null> {
  const [row] = await db
    .select(listColumns)
    .from(usuario)
    .leftJoin(usuarioGrupo, and(eq(usuarioGrupo.grupoId, usuario.grupoId), eq(usuarioGrupo.tenantId, usuario.tenantId)))
    .where(scoped(usuario, tenantId, eq(usuario.usuarioId, usuarioId)));
  return row ?? null;
}

export async function findUserBy(db: Conn, tenantId: string, by: { email: string } | { cpf: string }): Promise<UserListItem | null> {
  const [row] = await db
    .select(listColumns)
    .from(usuario)
    .leftJoin(usuarioGrupo, and(eq(usuarioGrupo.grupoId, usuario.grupoId), eq(usuarioGrupo.tenantId, usuario.tenantId)))
    .where(scoped(usuario, tenantId, 'email' in by ? eq(sql`lower(${usuario.email})`, by.email) : eq(usuario.cpf, by.cpf)));
  return row ?? null;
}

export async function listPermissions(db: Conn, tenantId: string, usuarioId: number): Promise<UserPermission[]> {
  return db
    .select({
      id: usuarioPermissao.id,
      usuarioId: usuarioPermissao.usuarioId,
      municipioId: usuarioPermissao.municipioId,
      municipioNome: municipio.nome,
      eixoId: usuarioPermissao.eixoId,
      eixoNome: eixo.nome,
      permissao: usuarioPermissao.permissao,
    })
    .from(usuarioPermissao)
    .leftJoin(municipio, eq(municipio.municipioId, usuarioPermissao.municipioId))
    .leftJoin(eixo, eq(eixo.eixoId, usuarioPermissao.eixoId))
    .where(scoped(usuarioPermissao, tenantId, eq(usuarioPermissao.usuarioId, usuarioId)))
    .orderBy(asc(usuarioPermissao.id));
}

export async function getUserDetail(db: Conn, tenantId: string, usuarioId: number): Promise<UserDetail | null> {
  const user = await getUser(db, tenantId, usuarioId);
  if (!user) return null;
  const [permissoes, permissoesSolucoes] = await Promise.all([
    listPermissions(db, tenantId, usuarioId),
    db
      .select({ municipioId: usuarioPermissaoSolucao.municipioId, municipioNome: municipio.nome })
      .from(usuarioPermissaoSolucao)
      .innerJoin(municipio, eq(municipio.municipioId, usuarioPermissaoSolucao.municipioId))
      .where(scoped(usuarioPermissaoSolucao, tenantId, eq(usuarioPermissaoSolucao.usuarioId, usuarioId))),
  ]);
  permissoesSolucoes.sort((a, b) => compareText(a.municipioNome, b.municipioNome));
  return { ...user, permissoes, permissoesSolucoes };
}

/** Enabled users holding any of `roles`, optionally only in one municipality (spec §6: pickers list enabled users only). */
/**
 * Enabled holders of the roles, in one municipality or in any; `visible` (the caller's municipalities,
 * or 'all') bounds both who is listed and which of their municipalities are named.
 */
export async function listRoleHolders(
  db: Db,
  tenantId: string,
  roles: readonly UserRole[],
  { municipioId, visible = 'all' }: { municipioId?: number; visible?: 'all' | ReadonlySet<number> } = {},
): Promise<RoleHolder[]> {
  if (visible !== 'all' && visible.size === 0) return [];
  const rows = await db
    .select({
      usuarioId: usuario.usuarioId,
      nome: usuario.nome,
      email: usuario.email,
      permissao: usuarioPermissao.permissao,
      municipioId: usuarioPermissao.municipioId,
    })
    .from(usuarioPermissao)
    .innerJoin(usuario, and(eq(usuario.usuarioId, usuarioPermissao.usuarioId), eq(usuario.tenantId, usuarioPermissao.tenantId)))
    .where(
      scoped(
        usuarioPermissao,
        tenantId,
        eq(usuario.habilitado, true),
        inArray(usuarioPermissao.permissao, [...roles]),
        municipioId ? eq(usuarioPermissao.municipioId, municipioId) : undefined,
        visible === 'all' ? undefined : inArray(usuarioPermissao.municipioId, [...visible]),
      ),
    );
  const byUser = new Map<number, RoleHolder>();
  for (const row of rows) {
    const holder = byUser.get(row.usuarioId) ?? {
      usuarioId: row.usuarioId,
      nome: row.nome,
      email: row.email,
      permissoes: [],
      municipioIds: [],
    };
    if (!holder.permissoes.includes(row.permissao)) holder.permissoes.push(row.permissao);
    if (row.municipioId !== null && !holder.municipioIds.includes(row.municipioId)) holder.municipioIds.push(row.municipioId);
    byUser.set(row.usuarioId, holder);
  }
  return byName([...byUser.values()]).map((h) => ({
    ...h,
    permissoes: USER_ROLES.filter((r) => h.permissoes.includes(r)),
    municipioIds: h.municipioIds.sort((a, b) => a - b),
  }));
}

export const listConsultants = (db: Db, tenantId: string, scope: Parameters<typeof listRoleHolders>[3] = {}) =>
  listRoleHolders(db, tenantId, CONSULTANT_ROLES, scope);

export async function groupName(db: Conn, tenantId: string, grupoId: number): Promise<string | null> {
  const [row] = await db
    .select({ nome: usuarioGrupo.nome })
    .from(usuarioGrupo)
    .where(scoped(usuarioGrupo, tenantId, eq(usuarioGrupo.grupoId, grupoId)));
  return row?.nome ?? null;
}

/**
 * The first id in the request that is not a municipality or axis of this tenant, if any: the
 * foreign keys alone would accept another tenant's rows.
 */
export async function findForeignReference(
  db: Conn,
  tenantId: string,
  refs: { municipioIds: number[]; eixoIds: number[] },
): Promise<'municipio' | 'eixo' | undefined> {
  const municipioIds = [...new Set(refs.municipioIds)];
  const eixoIds = [...new Set(refs.eixoIds)];
  if (municipioIds.length) {
    const found = await db
      .select({ id: municipio.municipioId })
      .from(municipio)
      .where(scoped(municipio, tenantId, inArray(municipio.municipioId, municipioIds)));
    if (found.length !== municipioIds.length) return 'municipio';
  }
  if (eixoIds.length) {
    const found = await db
      .select({ id: eixo.eixoId })
      .from(eixo)
      .where(scoped(eixo, tenantId, inArray(eixo.eixoId, eixoIds)));
    if (found.length !== eixoIds.length) return 'eixo';
  }
  return undefined;
}

function distinctPermissions(list: UserPermissionInput[]) {
  const seen = new Map<string, { municipioId: number; eixoId: number | null; permissao: UserRole }>();
  for (const p of list) {
    const value = { municipioId: p.municipioId, eixoId: p.eixoId ?? null, permissao: p.permissao };
    seen.set(`${value.municipioId}:${value.eixoId}:${value.permissao}`, value);
  }
  return [...seen.values()];
}

async function replacePermissions(tx: Tx, tenantId: string, usuarioId: number, input: UserInput) {
  if (input.permissoes) {
    await tx.delete(usuarioPermissao).where(scoped(usuarioPermissao, tenantId, eq(usuarioPermissao.usuarioId, usuarioId)));
    const rows = distinctPermissions(input.permissoes).map((p) => withTenant(tenantId, { ...p, usuarioId }));
    if (rows.length) await tx.insert(usuarioPermissao).values(rows);
  }
  if (input.permissoesSolucoes) {
    await tx
      .delete(usuarioPermissaoSolucao)
      .where(scoped(usuarioPermissaoSolucao, tenantId, eq(usuarioPermissaoSolucao.usuarioId, usuarioId)));
    const ids = [...new Set(input.permissoesSolucoes.map((p) => p.municipioId))];
    if (ids.length) {
      await tx.insert(usuarioPermissaoSolucao).values(ids.map((municipioId) => withTenant(tenantId, { usuarioId, municipioId })));
    }
  }
}

/** Creates the user without a password: they set it through first access. Run in the command's transaction with the permissions. */
export async function createUser(tx: Tx, tenantId: string, input: UserInput): Promise<number> {
  const [row] = await tx
    .insert(usuario)
    .values(
      withTenant(tenantId, {
        nome: input.nome,
        email: input.email,
        cpf: input.cpf ?? null,
        telefone: input.telefone ?? null,
        grupoId: input.grupoId ?? null,
        habilitado: input.habilitado ?? true,
        administradorSistema: input.administradorSistema ?? false,
      }),
    )
    .returning({ usuarioId: usuario.usuarioId });
  await replacePermissions(tx, tenantId, row!.usuarioId, input);
  return row!.usuarioId;
}

/** Absent optional fields keep their stored values; given permission lists replace the stored ones. */
export async function updateUser(tx: Tx, tenantId: string, usuarioId: number, input: UserInput): Promise<void> {
  await tx
    .update(usuario)
    .set({
      nome: input.nome,
      email: input.email,
      ...(input.cpf !== undefined && { cpf: input.cpf }),
      ...(input.telefone !== undefined && { telefone: input.telefone }),
      ...(input.grupoId !== undefined && { grupoId: input.grupoId }),
      ...(input.habilitado !== undefined && { habilitado: input.habilitado }),
      ...(input.administradorSistema !== undefined && { administradorSistema: input.administradorSistema }),
    })
    .where(scoped(usuario, tenantId, eq(usuario.usuarioId, usuarioId)));
  // Disabling ends every session, so enabling again later does not revive old tokens.
  if (input.habilitado === false) await endSessions(tx, tenantId, usuarioId);
  await replacePermissions(tx, tenantId, usuarioId, input);
}

export async function setEnabled(tx: Tx, tenantId: string, usuarioId: number, habilitado: boolean): Promise<void> {
  await tx
    .update(usuario)
    .set({ habilitado })
    .where(scoped(usuario, tenantId, eq(usuario.usuarioId, usuarioId)));
  // Disabling ends every session, so enabling again later does not revive old tokens.
  if (!habilitado) await endSessions(tx, tenantId, usuarioId);
}

export async function getPermission(db: Conn, tenantId: string, id: number) {
  const [row] = await db
    .select()
    .from(usuarioPermissao)
    .where(scoped(usuarioPermissao, tenantId, eq(usuarioPermissao.id, id)));
  return row ?? null;
}

export async function permissionExists(db: Conn, tenantId: string, usuarioId: number, p: UserPermissionInput): Promise<boolean> {
  const [row] = await db
    .select({ id: usuarioPermissao.id })
    .from(usuarioPermissao)
    .where(
      scoped(
        usuarioPermissao,
        tenantId,
        eq(usuarioPermissao.usuarioId, usuarioId),
        eq(usuarioPermissao.municipioId, p.municipioId),
        p.eixoId ? eq(usuarioPermissao.eixoId, p.eixoId) : isNull(usuarioPermissao.eixoId),
        eq(usuarioPermissao.permissao, p.permissao),
      ),
    );
  return Boolean(row);
}

export async function addPermission(db: Conn, tenantId: string, usuarioId: number, p: UserPermissionInput): Promise<UserPermission> {
  const [row] = await db
    .insert(usuarioPermissao)
    .values(withTenant(tenantId, { usuarioId, municipioId: p.municipioId, eixoId: p.eixoId ?? null, permissao: p.permissao }))
    .returning({ id: usuarioPermissao.id });
  const all = await listPermissions(db, tenantId, usuarioId);
  return all.find((x) => x.id === row!.id)!;
}

export async function deletePermission(db: Conn, tenantId: string, id: number): Promise<void> {
  await db.delete(usuarioPermissao).where(scoped(usuarioPermissao, tenantId, eq(usuarioPermissao.id, id)));
}
