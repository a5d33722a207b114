import { and, eq } from 'drizzle-orm';
import { defaultFlags, pickFlags } from '../../src/domain/permission-flags.ts';
import type { Session, SessionUser } from '../../src/domain/session.ts';
import type { Db } from '../db/client.ts';
import {
  configuracao,
  tenant,
  usuario,
  usuarioGrupo,
  usuarioGrupoPermissao,
  usuarioPermissao,
  usuarioPermissaoSolucao,
} from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';

function parseIdList(text: string): number[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.map(Number).filter(Number.isInteger) : [];
  } catch {
    return [];
  }
}

export async function loadConfigFlags(db: Db, tenantId: string) {
  const [row] = await db.select().from(configuracao).where(eq(configuracao.tenantId, tenantId));
  return row ? pickFlags(row) : defaultFlags();
}

/** Everything the client's session and the server's permission checks need about one user. */
export async function loadSession(db: Db, tenantId: string, usuarioId: number): Promise<Session | null> {
  const [user] = await db
    .select()
    .from(usuario)
    .where(scoped(usuario, tenantId, eq(usuario.usuarioId, usuarioId), eq(usuario.habilitado, true)));
  if (!user) return null;
  const [group, reports, permissions, solutionPermissions, config, [tenantRow]] = await Promise.all([
    user.grupoId
      ? db
          .select()
          .from(usuarioGrupo)
          .where(scoped(usuarioGrupo, tenantId, eq(usuarioGrupo.grupoId, user.grupoId)))
          .then((r) => r[0])
      : undefined,
    user.grupoId
      ? db
          .select({ relatorioId: usuarioGrupoPermissao.relatorioId })
          .from(usuarioGrupoPermissao)
          .where(and(eq(usuarioGrupoPermissao.tenantId, tenantId), eq(usuarioGrupoPermissao.grupoId, user.grupoId)))
      : [],
    db
      .select({ eixoId: usuarioPermissao.eixoId, municipioId: usuarioPermissao.municipioId, permissao: usuarioPermissao.permissao })
      .from(usuarioPermissao)
      .where(scoped(usuarioPermissao, tenantId, eq(usuarioPermissao.usuarioId, usuarioId))),
    db
      .select({ municipioId: usuarioPermissaoSolucao.municipioId })
      .from(usuarioPermissaoSolucao)
      .where(scoped(usuarioPermissaoSolucao, tenantId, eq(usuarioPermissaoSolucao.usuarioId, usuarioId))),
    loadConfigFlags(db, tenantId),
    db.select({ id: tenant.id, nome: tenant.nome, uf: tenant.uf }).from(tenant).where(eq(tenant.id, tenantId)),
  ]);
  const sessionUser: SessionUser = {
    usuarioId: user.usuarioId,
    nome: user.nome,
    email: user.email,
    cpf: user.cpf,
    administradorSistema: user.administradorSistema,
    grupo: group
      ? {
          ...pickFlags(group),
          grupoId: group.grupoId,
          nome: group.nome,
          relatorioAdm: reports.map((r) => r.relatorioId).sort((a, b) => a - b),
          visualizaEixosIds: parseIdList(group.visualizaEixosIds),
        }
      : null,
    permissoes: permissions.map((p) => ({ eixoId: p.eixoId, municipioId: p.municipioId, permissao: { nome: p.permissao } })),
    permissoesSolucoes: solutionPermissions,
  };
  return { usuario: sessionUser, config, tenant: tenantRow };
}
