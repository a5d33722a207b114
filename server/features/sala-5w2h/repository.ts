import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Plan, planInputSchema, PublicPlan } from '../../../src/domain/sala-5w2h.ts';
import { municipio, sala5w2h } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn } from '../../lib/command.ts';

type NewPlan = z.output<typeof planInputSchema>;
type Fields = Omit<NewPlan, 'municipioId'>;

const columns = {
  sala5w2hId: sala5w2h.sala5w2hId,
  municipioId: sala5w2h.municipioId,
  oQue: sala5w2h.oQue,
  porQue: sala5w2h.porQue,
  onde: sala5w2h.onde,
  quando: sala5w2h.quando,
  quem: sala5w2h.quem,
  como: sala5w2h.como,
  quanto: sala5w2h.quanto,
  status: sala5w2h.status,
  progresso: sala5w2h.progresso,
  hashPublico: sala5w2h.hashPublico,
  atualizadoEm: sala5w2h.atualizadoEm,
};

type Selected = { atualizadoEm: Date } & Omit<Plan, 'atualizadoEm'>;
const planOf = (row: Selected): Plan => ({ ...row, atualizadoEm: row.atualizadoEm.toISOString() });

export async function findPlan(db: Conn, tenantId: string, id: number): Promise<Plan | null> {
  const [row] = await db
    .select(columns)
    .from(sala5w2h)
    .where(scoped(sala5w2h, tenantId, eq(sala5w2h.sala5w2hId, id)));
  return row ? planOf(row) : null;
}

/** The municipality's plans, oldest first (the screen sorts them by due date). */
export async function listPlans(db: Conn, tenantId: string, municipioId: number): Promise<Plan[]> {
  const rows = await db
    .select(columns)
    .from(sala5w2h)
    .where(scoped(sala5w2h, tenantId, eq(sala5w2h.municipioId, municipioId)))
    .orderBy(asc(sala5w2h.sala5w2hId));
  return rows.map(planOf);
}

export async function insertPlan(db: Conn, tenantId: string, input: NewPlan): Promise<Plan> {
  const [row] = await db
    .insert(sala5w2h)
    .values(withTenant(tenantId, { ...input }))
    .returning(columns);
  return planOf(row!);
}

export async function updatePlan(db: Conn, tenantId: string, id: number, fields: Fields): Promise<Plan | null> {
  const [row] = await db
    .update(sala5w2h)
    .set({ ...fields, atualizadoEm: new Date() })
    .where(scoped(sala5w2h, tenantId, eq(sala5w2h.sala5w2hId, id)))
    .returning(columns);
  return row ? planOf(row) : null;
}

export async function setPlanHash(db: Conn, tenantId: string, id: number, hash: string | null): Promise<Plan | null> {
  const [row] = await db
    .update(sala5w2h)
    .set({ hashPublico: hash })
    .where(scoped(sala5w2h, tenantId, eq(sala5w2h.sala5w2hId, id)))
    .returning(columns);
  return row ? planOf(row) : null;
}

export async function deletePlan(db: Conn, tenantId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(sala5w2h)
    .where(scoped(sala5w2h, tenantId, eq(sala5w2h.sala5w2hId, id)))
    .returning({ id: sala5w2h.sala5w2hId });
  return rows.length > 0;
}

/** The plan whose id and current secret both match, with its room's name; null for anything else. */
export async function findPublicPlan(db: Conn, tenantId: string, hash: string, id: number): Promise<PublicPlan | null> {
  const [row] = await db
    .select({ ...columns, municipioNome: municipio.nome, municipioUf: municipio.uf })
    .from(sala5w2h)
    .innerJoin(municipio, eq(municipio.municipioId, sala5w2h.municipioId))
    .where(and(scoped(sala5w2h, tenantId, eq(sala5w2h.sala5w2hId, id), eq(sala5w2h.hashPublico, hash))));
  if (!row) return null;
  const { hashPublico: _hash, municipioId: _m, municipioNome, municipioUf, ...plan } = row;
  return { ...plan, atualizadoEm: plan.atualizadoEm.toISOString(), municipio: { nome: municipioNome, uf: municipioUf } };
}
