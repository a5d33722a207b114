import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { defaultFlags, FLAG_KEYS, type FlagSet } from '../../../src/domain/permission-flags.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Group, GroupInput, GroupListItem, GroupReport } from '../../../src/domain/users.ts';
import type { Conn, Tx } from '../../lib/command.ts';
import { eixo, usuario, usuarioGrupo, usuarioGrupoPermissao } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { pgCode } from '../../lib/errors.ts';
import { parseIdList } from '../../lib/session-repository.ts';

type GroupRow = typeof usuarioGrupo.$inferSelect;
function flagsOf(row: GroupRow): FlagSet {
  return Object.fromEntries(FLAG_KEYS.map((k) => [k, row[k]])) as FlagSet;
}

/** Only the flags the request names; the rest are left to the caller's defaults or the stored row. */
function givenFlags(input: GroupInput): Partial<FlagSet> {
  return Object.fromEntries(FLAG_KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])) as Partial<FlagSet>;
}

export async function listGroups(db: Conn, tenantId: string): Promise<GroupListItem[]> {
  const rows = await db
    .select({ grupoId: usuarioGrupo.grupoId, nome: usuarioGrupo.nome, quantidadeUsuarios: count(usuario.usuarioId) })
    .from(usuarioGrupo)
    .leftJoin(usuario, and(eq(usuario.grupoId, usuarioGrupo.grupoId), eq(usuario.tenantId, usuarioGrupo.tenantId)))
    .where(scoped(usuarioGrupo, tenantId))
    .groupBy(usuarioGrupo.grupoId, usuarioGrupo.nome);
  return rows.sort((a, b) => compareText(a.nome, b.nome));
}

async function reportIds(db: Conn, tenantId: string, grupoId: number): Promise<number[]> {
  const rows = await db
    .select({ relatorioId: usuarioGrupoPermissao.relatorioId })
    .from(usuarioGrupoPermissao)
    .where(scoped(usuarioGrupoPermissao, tenantId, eq(usuarioGrupoPermissao.grupoId, grupoId)))
    .orderBy(asc(usuarioGrupoPermissao.relatorioId));
  return rows.map((r) => r.relatorioId);
}

async function toGroup(db: Conn, tenantId: string, row: GroupRow): Promise<Group> {
  return {
    ...flagsOf(row),
    grupoId: row.grupoId,
    nome: row.nome,
    visualizaEixosIds: parseIdList(row.visualizaEixosIds),
    relatorioAdm: await reportIds(db, tenantId, row.grupoId),
  };
}

export async function getGroup(db: Conn, tenantId: string, grupoId: number): Promise<Group | null> {
  const [row] = await db
    .select()
    .from(usuarioGrupo)
    .where(scoped(usuarioGrupo, tenantId, eq(usuarioGrupo.grupoId, grupoId)));
  return row ? toGroup(db, tenantId, row) : null;
}

export async function getLastGroup(db: Conn, tenantId: string): Promise<Group | null> {
  const [row] = await db
    .select()
    .from(usuarioGrupo)
    .where(scoped(usuarioGrupo, tenantId))
    .orderBy(desc(usuarioGrupo.criadoEm), desc(usuarioGrupo.grupoId))
    .limit(1);
  return row ? toGroup(db, tenantId, row) : null;
}

/** Another group of the tenant with this name, ignoring case: "consultor" next to "Consultor" only confuses. */
export async function nameTaken(db: Conn, tenantId: string, nome: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ grupoId: usuarioGrupo.grupoId })
    .from(usuarioGrupo)
    .where(scoped(usuarioGrupo, tenantId, eq(sql`lower(${usuarioGrupo.nome})`, nome.toLowerCase())));
  return rows.some((r) => r.grupoId !== exceptId);
}

/** True when every id is an axis of this tenant. */
export async function axesExist(db: Conn, tenantId: string, ids: number[]): Promise<boolean> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return true;
  const found = await db
    .select({ id: eixo.eixoId })
    .from(eixo)
    .where(scoped(eixo, tenantId, inArray(eixo.eixoId, wanted)));
  return found.length === wanted.length;
}

async function replaceReports(tx: Tx, tenantId: string, grupoId: number, relatorioIds: number[]) {
  await tx.delete(usuarioGrupoPermissao).where(scoped(usuarioGrupoPermissao, tenantId, eq(usuarioGrupoPermissao.grupoId, grupoId)));
  const ids = [...new Set(relatorioIds)];
  if (ids.length) await tx.insert(usuarioGrupoPermissao).values(ids.map((relatorioId) => withTenant(tenantId, { grupoId, relatorioId })));
}

/** Flags the request leaves out take the catalogue defaults (spec §3). Run in the command's transaction with its reports. */
export async function createGroup(tx: Tx, tenantId: string, input: GroupInput): Promise<number> {
  const [row] = await tx
    .insert(usuarioGrupo)
    .values(
      withTenant(tenantId, {
        ...defaultFlags(),
        ...givenFlags(input),
        nome: input.nome,
        visualizaEixosIds: JSON.stringify([...new Set(input.visualizaEixosIds ?? [])]),
      }),
    )
    .returning({ grupoId: usuarioGrupo.grupoId });
  await replaceReports(tx, tenantId, row!.grupoId, input.relatorioAdm ?? []);
  return row!.grupoId;
}

/** Flags and lists the request leaves out stay as they are. */
export async function updateGroup(tx: Tx, tenantId: string, grupoId: number, input: GroupInput): Promise<void> {
  await tx
    .update(usuarioGrupo)
    .set({
      ...givenFlags(input),
      nome: input.nome,
      ...(input.visualizaEixosIds && { visualizaEixosIds: JSON.stringify([...new Set(input.visualizaEixosIds)]) }),
    })
    .where(scoped(usuarioGrupo, tenantId, eq(usuarioGrupo.grupoId, grupoId)));
  if (input.relatorioAdm) await replaceReports(tx, tenantId, grupoId, input.relatorioAdm);
}

export async function countUsers(db: Conn, tenantId: string, grupoId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(usuario)
    .where(scoped(usuario, tenantId, eq(usuario.grupoId, grupoId)));
  return row?.n ?? 0;
}

/**
 * The group's report permissions go with it (ON DELETE CASCADE); false when a user still in it
 * blocks the delete (one assigned between the caller's check and this delete trips the foreign key).
 */
export async function deleteGroup(db: Conn, tenantId: string, grupoId: number): Promise<boolean> {
  try {
    await db.delete(usuarioGrupo).where(scoped(usuarioGrupo, tenantId, eq(usuarioGrupo.grupoId, grupoId)));
    return true;
  } catch (error) {
    if (pgCode(error) === '23503') return false;
    throw error;
  }
}

// ------------------------------------------------------------ administrative reports of a group

const reportColumns = {
  id: usuarioGrupoPermissao.id,
  grupoId: usuarioGrupoPermissao.grupoId,
  relatorioId: usuarioGrupoPermissao.relatorioId,
};

export async function listGroupReports(db: Conn, tenantId: string, grupoId?: number): Promise<GroupReport[]> {
  return db
    .select(reportColumns)
    .from(usuarioGrupoPermissao)
    .where(scoped(usuarioGrupoPermissao, tenantId, grupoId ? eq(usuarioGrupoPermissao.grupoId, grupoId) : undefined))
    .orderBy(asc(usuarioGrupoPermissao.grupoId), asc(usuarioGrupoPermissao.relatorioId));
}

export async function getGroupReport(db: Conn, tenantId: string, id: number): Promise<GroupReport | null> {
  const [row] = await db
    .select(reportColumns)
    .from(usuarioGrupoPermissao)
    .where(scoped(usuarioGrupoPermissao, tenantId, eq(usuarioGrupoPermissao.id, id)));
  return row ?? null;
}

export async function groupReportTaken(
  db: Conn,
  tenantId: string,
  grupoId: number,
  relatorioId: number,
  exceptId?: number,
): Promise<boolean> {
  const rows = await db
    .select({ id: usuarioGrupoPermissao.id })
    .from(usuarioGrupoPermissao)
    .where(
      scoped(
        usuarioGrupoPermissao,
        tenantId,
        eq(usuarioGrupoPermissao.grupoId, grupoId),
        eq(usuarioGrupoPermissao.relatorioId, relatorioId),
      ),
    );
  return rows.some((r) => r.id !== exceptId);
}

export async function addGroupReport(db: Conn, tenantId: string, grupoId: number, relatorioId: number): Promise<GroupReport> {
  const [row] = await db.insert(usuarioGrupoPermissao).values(withTenant(tenantId, { grupoId, relatorioId })).returning(reportColumns);
  return row!;
}

/** Null when the tenant has no such release. */
export async function updateGroupReport(
  db: Conn,
  tenantId: string,
  id: number,
  grupoId: number,
  relatorioId: number,
): Promise<GroupReport | null> {
  const [row] = await db
    .update(usuarioGrupoPermissao)
    .set({ grupoId, relatorioId })
    .where(scoped(usuarioGrupoPermissao, tenantId, eq(usuarioGrupoPermissao.id, id)))
    .returning(reportColumns);
  return row ?? null;
}

export async function deleteGroupReport(db: Conn, tenantId: string, id: number): Promise<void> {
  await db.delete(usuarioGrupoPermissao).where(scoped(usuarioGrupoPermissao, tenantId, eq(usuarioGrupoPermissao.id, id)));
}
