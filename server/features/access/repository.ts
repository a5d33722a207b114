import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { defaultFlags, FLAG_KEYS, type FlagSet } from '../../../src/domain/permission-flags.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Group, GroupInput, GroupListItem, GroupReport } from '../../../src/domain/users.ts';
import type { Db } from '../../db/client.ts';
import { eixo, usuario, usuarioGrupo, usuarioGrupoPermissao } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { conflict } from '../../lib/errors.ts';
import { parseIdList } from '../../lib/session-repository.ts';

type GroupRow = typeof usuarioGrupo.$inferSelect;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const UNIQUE_MESSAGES: Record<string, string> = {
  usuario_grupo_tenant_id_nome_index: 'Já existe um grupo com este nome.',
  usuario_grupo_permissao_grupo_id_relatorio_id_index: 'Este relatório já está liberado para o grupo.',
};

/** Unique violations (a concurrent twin got in first) become the same 409 the pre-checks give. */
function rethrowUnique(error: unknown): never {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') throw conflict((typeof constraint === 'string' && UNIQUE_MESSAGES[constraint]) || 'Registro já cadastrado.');
  }
  throw error;
}

function flagsOf(row: GroupRow): FlagSet {
  return Object.fromEntries(FLAG_KEYS.map((k) => [k, row[k]])) as FlagSet;
}

/** Only the flags the request names; the rest are left to the caller's defaults or the stored row. */
function givenFlags(input: GroupInput): Partial<FlagSet> {
  return Object.fromEntries(FLAG_KEYS.filter((k) => input[k] !== undefined).map((k) => [k, input[k]])) as Partial<FlagSet>;
}

export async function listGroups(db: Db, tenantId: string): Promise<GroupListItem[]> {
  const rows = await db
    .select({ grupoId: usuarioGrupo.grupoId, nome: usuarioGrupo.nome, quantidadeUsuarios: count(usuario.usuarioId) })
    .from(usuarioGrupo)
    .leftJoin(usuario, and(eq(usuario.grupoId, usuarioGrupo.grupoId), eq(usuario.tenantId, usuarioGrupo.tenantId)))
    .where(scoped(usuarioGrupo, tenantId))
    .groupBy(usuarioGrupo.grupoId, usuarioGrupo.nome);
  return rows.sort((a, b) => compareText(a.nome, b.nome));
}

async function reportIds(db: Db | Tx, tenantId: string, grupoId: number): Promise<number[]> {
  const rows = await db
    .select({ relatorioId: usuarioGrupoPermissao.relatorioId })
    .from(usuarioGrupoPermissao)
    .where(scoped(usuarioGrupoPermissao, tenantId, eq(usuarioGrupoPermissao.grupoId, grupoId)))
    .orderBy(asc(usuarioGrupoPermissao.relatorioId));
  return rows.map((r) => r.relatorioId);
}

async function toGroup(db: Db, tenantId: string, row: GroupRow): Promise<Group> {
  return {
    ...flagsOf(row),
    grupoId: row.grupoId,
    nome: row.nome,
    visualizaEixosIds: parseIdList(row.visualizaEixosIds),
    relatorioAdm: await reportIds(db, tenantId, row.grupoId),
  };
}

export async function getGroup(db: Db, tenantId: string, grupoId: number): Promise<Group | undefined> {
  const [row] = await db
    .select()
    .from(usuarioGrupo)
    .where(scoped(usuarioGrupo, tenantId, eq(usuarioGrupo.grupoId, grupoId)));
  return row ? toGroup(db, tenantId, row) : undefined;
}

export async function getLastGroup(db: Db, tenantId: string): Promise<Group | undefined> {
  const [row] = await db
    .select()
    .from(usuarioGrupo)
    .where(scoped(usuarioGrupo, tenantId))
    .orderBy(desc(usuarioGrupo.criadoEm), desc(usuarioGrupo.grupoId))
    .limit(1);
  return row ? toGroup(db, tenantId, row) : undefined;
}

/** Another group of the tenant with this name, ignoring case: "consultor" next to "Consultor" only confuses. */
export async function nameTaken(db: Db, tenantId: string, nome: string, exceptId?: number): Promise<boolean> {
  const rows = await db
    .select({ grupoId: usuarioGrupo.grupoId })
    .from(usuarioGrupo)
    .where(scoped(usuarioGrupo, tenantId, eq(sql`lower(${usuarioGrupo.nome})`, nome.toLowerCase())));
  return rows.some((r) => r.grupoId !== exceptId);
}

/** True when every id is an axis of this tenant. */
export async function axesExist(db: Db, tenantId: string, ids: number[]): Promise<boolean> {
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

/** Flags the request leaves out take the catalogue defaults (spec §3). */
export async function createGroup(db: Db, tenantId: string, input: GroupInput): Promise<Group> {
  try {
    const grupoId = await db.transaction(async (tx) => {
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
    });
    return (await getGroup(db, tenantId, grupoId))!;
  } catch (error) {
    rethrowUnique(error);
  }
}

/** Flags and lists the request leaves out stay as they are. */
export async function updateGroup(db: Db, tenantId: string, grupoId: number, input: GroupInput): Promise<Group> {
  try {
    await db.transaction(async (tx) => {
      await tx
        .update(usuarioGrupo)
        .set({
          ...givenFlags(input),
          nome: input.nome,
          ...(input.visualizaEixosIds && { visualizaEixosIds: JSON.stringify([...new Set(input.visualizaEixosIds)]) }),
        })
        .where(scoped(usuarioGrupo, tenantId, eq(usuarioGrupo.grupoId, grupoId)));
      if (input.relatorioAdm) await replaceReports(tx, tenantId, grupoId, input.relatorioAdm);
    });
    return (await getGroup(db, tenantId, grupoId))!;
  } catch (error) {
    rethrowUnique(error);
  }
}

export async function countUsers(db: Db, tenantId: string, grupoId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(usuario)
    .where(scoped(usuario, tenantId, eq(usuario.grupoId, grupoId)));
  return row?.n ?? 0;
}

export const GROUP_IN_USE = 'Não é possível excluir o grupo: há usuários vinculados a ele.';

/** The group's report permissions go with it (ON DELETE CASCADE); a user still in it blocks the delete. */
export async function deleteGroup(db: Db, tenantId: string, grupoId: number): Promise<void> {
  try {
    await db.delete(usuarioGrupo).where(scoped(usuarioGrupo, tenantId, eq(usuarioGrupo.grupoId, grupoId)));
  } catch (error) {
    // A user assigned between the caller's check and this delete trips the foreign key.
    for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
      if ((e as { code?: unknown }).code === '23503') throw conflict(GROUP_IN_USE);
    }
    throw error;
  }
}

// ------------------------------------------------------------ administrative reports of a group

const reportColumns = {
  id: usuarioGrupoPermissao.id,
  grupoId: usuarioGrupoPermissao.grupoId,
  relatorioId: usuarioGrupoPermissao.relatorioId,
};

export async function listGroupReports(db: Db, tenantId: string, grupoId?: number): Promise<GroupReport[]> {
  return db
    .select(reportColumns)
    .from(usuarioGrupoPermissao)
    .where(scoped(usuarioGrupoPermissao, tenantId, grupoId ? eq(usuarioGrupoPermissao.grupoId, grupoId) : undefined))
    .orderBy(asc(usuarioGrupoPermissao.grupoId), asc(usuarioGrupoPermissao.relatorioId));
}

export async function getGroupReport(db: Db, tenantId: string, id: number): Promise<GroupReport | undefined> {
  const [row] = await db
    .select(reportColumns)
    .from(usuarioGrupoPermissao)
    .where(scoped(usuarioGrupoPermissao, tenantId, eq(usuarioGrupoPermissao.id, id)));
  return row;
}

export async function groupReportTaken(
  db: Db,
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

export async function addGroupReport(db: Db, tenantId: string, grupoId: number, relatorioId: number): Promise<GroupReport> {
  try {
    const [row] = await db.insert(usuarioGrupoPermissao).values(withTenant(tenantId, { grupoId, relatorioId })).returning(reportColumns);
    return row!;
  } catch (error) {
    rethrowUnique(error);
  }
}

export async function updateGroupReport(db: Db, tenantId: string, id: number, grupoId: number, relatorioId: number): Promise<GroupReport> {
  try {
    const [row] = await db
      .update(usuarioGrupoPermissao)
      .set({ grupoId, relatorioId })
      .where(scoped(usuarioGrupoPermissao, tenantId, eq(usuarioGrupoPermissao.id, id)))
      .returning(reportColumns);
    return row!;
  } catch (error) {
    rethrowUnique(error);
  }
}

export async function deleteGroupReport(db: Db, tenantId: string, id: number): Promise<void> {
  await db.delete(usuarioGrupoPermissao).where(scoped(usuarioGrupoPermissao, tenantId, eq(usuarioGrupoPermissao.id, id)));
}
