import { asc, count, eq } from 'drizzle-orm';
import { compareText } from '../../../src/domain/text.ts';
import type { Project, ProjectInput } from '../../../src/domain/users.ts';
import type { Conn } from '../../lib/command.ts';
import { eixo, grupoSolucao, municipio, projeto } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { pgCode } from '../../lib/errors.ts';

const columns = { projetoId: projeto.projetoId, nome: projeto.nome, descricao: projeto.descricao, uf: projeto.uf };

export async function listProjects(db: Conn, tenantId: string, uf?: string): Promise<Project[]> {
  const rows = await db
    .select(columns)
    .from(projeto)
    .where(scoped(projeto, tenantId, uf ? eq(projeto.uf, uf) : undefined))
    .orderBy(asc(projeto.projetoId));
  return rows.sort((a, b) => compareText(a.nome, b.nome));
}

export async function getProject(db: Conn, tenantId: string, projetoId: number): Promise<Project | null> {
  const [row] = await db
    .select(columns)
    .from(projeto)
    .where(scoped(projeto, tenantId, eq(projeto.projetoId, projetoId)));
  return row ?? null;
}

/**
 * No unique index backs project names, so this check is what keeps them apart; two simultaneous
 * creations of the same name could still both pass, which only ever yields a visible twin.
 */
export async function nameTaken(db: Conn, tenantId: string, nome: string, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ projetoId: projeto.projetoId, nome: projeto.nome }).from(projeto).where(scoped(projeto, tenantId));
  return rows.some((r) => r.projetoId !== exceptId && compareText(r.nome, nome) === 0);
}

export async function createProject(db: Conn, tenantId: string, input: Required<ProjectInput>): Promise<Project> {
  const [row] = await db.insert(projeto).values(withTenant(tenantId, input)).returning(columns);
  return row!;
}

/** Null when the tenant has no such project. */
export async function updateProject(db: Conn, tenantId: string, projetoId: number, input: ProjectInput): Promise<Project | null> {
  const [row] = await db
    .update(projeto)
    .set({ nome: input.nome, descricao: input.descricao, ...(input.uf && { uf: input.uf }) })
    .where(scoped(projeto, tenantId, eq(projeto.projetoId, projetoId)))
    .returning(columns);
  return row ?? null;
}

/** What still points at the project: municipalities first, since that is what the screen names. */
export async function projectUsage(db: Conn, tenantId: string, projetoId: number) {
  const [[m], [e], [g]] = await Promise.all([
    db
      .select({ n: count() })
      .from(municipio)
      .where(scoped(municipio, tenantId, eq(municipio.projetoId, projetoId))),
    db
      .select({ n: count() })
      .from(eixo)
      .where(scoped(eixo, tenantId, eq(eixo.projetoId, projetoId))),
    db
      .select({ n: count() })
      .from(grupoSolucao)
      .where(scoped(grupoSolucao, tenantId, eq(grupoSolucao.projetoId, projetoId))),
  ]);
  return { municipios: m?.n ?? 0, eixos: e?.n ?? 0, gruposSolucao: g?.n ?? 0 };
}

/** False when a row added since the usage check still references the project (foreign key). */
export async function deleteProject(db: Conn, tenantId: string, projetoId: number): Promise<boolean> {
  try {
    await db.delete(projeto).where(scoped(projeto, tenantId, eq(projeto.projetoId, projetoId)));
    return true;
  } catch (error) {
    if (pgCode(error) === '23503') return false;
    throw error;
  }
}
