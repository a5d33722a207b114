import { randomBytes } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { toSnakeCase } from 'drizzle-orm/casing';
import { defaultFlags, FLAG_KEYS, type FlagSet } from '../../src/domain/permission-flags.ts';
import type { Session, SessionUser } from '../../src/domain/session.ts';
import type { Db } from '../db/client.ts';
import {
  configuracao,
  sessao,
  tenant,
  usuario,
  usuarioGrupo,
  usuarioGrupoPermissao,
  usuarioPermissao,
  usuarioPermissaoSolucao,
} from '../db/schema/index.ts';
import { scoped, withTenant } from '../db/tenant-scope.ts';

/** An id list stored as JSON text (usuarioGrupo.visualizaEixosIds); anything unreadable is no ids. */
export function parseIdList(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : [];
  } catch {
    return [];
  }
}

type FlagRow = Record<string, unknown>;

// The flag rows come back as one JSON value each (snake_case keys): parsing ~100 boolean columns
// one by one costs more than the whole rest of the request on the embedded database.
const flagColumnNames = FLAG_KEYS.map((key) => [key, toSnakeCase(key)] as const);
function flagsOf(row: FlagRow): FlagSet {
  return Object.fromEntries(flagColumnNames.map(([key, column]) => [key, row[column] === true])) as FlagSet;
}

/**
 * Everything the client's session and the server's permission checks need about one user, in ONE
 * query: it runs on every authenticated request. (Drizzle's relational queries cannot be used here:
 * they pack a row into json_build_array, which PostgreSQL caps at 100 arguments, fewer than the flags.)
 */
export async function loadSession(db: Db, tenantId: string, usuarioId: number): Promise<Session | null> {
  const [row] = await db
    .select({
      user: {
        usuarioId: usuario.usuarioId,
        nome: usuario.nome,
        email: usuario.email,
        cpf: usuario.cpf,
        administradorSistema: usuario.administradorSistema,
      },
      grupo: sql<FlagRow | null>`row_to_json(${usuarioGrupo})`,
      config: sql<FlagRow | null>`row_to_json(${configuracao})`,
      tenant: { id: tenant.id, nome: tenant.nome, uf: tenant.uf },
      relatorioAdm: sql<number[]>`(select coalesce(json_agg(r.relatorio_id order by r.relatorio_id), '[]'::json)
        from ${usuarioGrupoPermissao} r where r.grupo_id = ${usuario.grupoId} and r.tenant_id = ${usuario.tenantId})`,
      permissoes: sql<
        { eixoId: number | null; municipioId: number | null; permissao: string }[]
      >`(select coalesce(json_agg(json_build_object(
          'eixoId', p.eixo_id, 'municipioId', p.municipio_id, 'permissao', p.permissao) order by p.id), '[]'::json)
        from ${usuarioPermissao} p where p.usuario_id = ${usuario.usuarioId} and p.tenant_id = ${usuario.tenantId})`,
      permissoesSolucoes: sql<number[]>`(select coalesce(json_agg(s.municipio_id order by s.municipio_id), '[]'::json)
        from ${usuarioPermissaoSolucao} s where s.usuario_id = ${usuario.usuarioId} and s.tenant_id = ${usuario.tenantId})`,
    })
    .from(usuario)
    .innerJoin(tenant, eq(tenant.id, usuario.tenantId))
    .leftJoin(usuarioGrupo, and(eq(usuarioGrupo.grupoId, usuario.grupoId), eq(usuarioGrupo.tenantId, usuario.tenantId)))
    .leftJoin(configuracao, eq(configuracao.tenantId, usuario.tenantId))
    .where(scoped(usuario, tenantId, eq(usuario.usuarioId, usuarioId), eq(usuario.habilitado, true)));
  if (!row) return null;
  const { user, grupo } = row;
  const sessionUser: SessionUser = {
    usuarioId: user.usuarioId,
    nome: user.nome,
    email: user.email,
    cpf: user.cpf,
    administradorSistema: user.administradorSistema,
    grupo: grupo
      ? {
          ...flagsOf(grupo),
          grupoId: grupo.grupo_id as number,
          nome: grupo.nome as string,
          relatorioAdm: row.relatorioAdm,
          visualizaEixosIds: parseIdList(grupo.visualiza_eixos_ids as string),
        }
      : null,
    permissoes: row.permissoes.map((p) => ({ eixoId: p.eixoId, municipioId: p.municipioId, permissao: { nome: p.permissao } })),
    permissoesSolucoes: row.permissoesSolucoes.map((municipioId) => ({ municipioId })),
  };
  return { usuario: sessionUser, config: row.config ? flagsOf(row.config) : defaultFlags(), tenant: row.tenant };
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** Opens a session row for a new sign-in; its id goes into the token as `sid`. */
export async function openSession(
  db: Db,
  tenantId: string,
  usuarioId: number,
  { expiraEm, dispositivoHash }: { expiraEm: Date; dispositivoHash?: string },
): Promise<string> {
  const id = randomBytes(18).toString('base64url');
  await db.insert(sessao).values(withTenant(tenantId, { id, usuarioId, expiraEm, dispositivoHash }));
  return id;
}

/** Ends the open sessions of a user (all of them, or all but `exceptId`): their tokens answer 401 from then on. */
export async function endSessions(db: Db | Tx, tenantId: string, usuarioId: number, exceptId?: string): Promise<void> {
  await db
    .update(sessao)
    .set({ encerradaEm: new Date() })
    .where(
      scoped(sessao, tenantId, eq(sessao.usuarioId, usuarioId), isNull(sessao.encerradaEm), exceptId ? ne(sessao.id, exceptId) : undefined),
    );
}

/** Ends one session (Sair). */
export async function endSession(db: Db, tenantId: string, id: string): Promise<void> {
  await db
    .update(sessao)
    .set({ encerradaEm: new Date() })
    .where(scoped(sessao, tenantId, eq(sessao.id, id), isNull(sessao.encerradaEm)));
}

/** Whether this device (hash of its cookie) has signed in to this account before. */
export async function deviceHasSignedIn(db: Db, tenantId: string, usuarioId: number, dispositivoHash: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sessao.id })
    .from(sessao)
    .where(scoped(sessao, tenantId, eq(sessao.usuarioId, usuarioId), eq(sessao.dispositivoHash, dispositivoHash)))
    .limit(1);
  return row !== undefined;
}
