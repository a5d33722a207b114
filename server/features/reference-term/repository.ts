import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Activity, Phase, PlannedPhase, ReferenceTerm, TermListRow } from '../../../src/domain/reference-term.ts';
import { municipio, termoReferencia, termoReferenciaAtividade, termoReferenciaFase, usuario } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn, Tx } from '../../lib/command.ts';

/** The reference term's SQL: every query scoped by tenant; rows or null, never an HTTP error. */

const A = termoReferenciaAtividade;
const F = termoReferenciaFase;
const T = termoReferencia;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type ActivityRow = typeof A.$inferSelect;
type PhaseRow = typeof F.$inferSelect;

function activityOut(row: ActivityRow): Activity {
  return {
    atividadeId: row.atividadeId,
    faseId: row.faseId,
    ordem: row.ordem,
    nome: row.nome,
    descricao: row.descricao,
    inicio: row.inicio,
    fim: row.fim,
    horas: row.horas,
    responsavel: row.responsavel,
    interrompida: row.interrompida,
    motivoInterrupcao: row.motivoInterrupcao,
    interrompidaEm: iso(row.interrompidaEm),
  };
}

function phaseOut(row: PhaseRow, atividades: Activity[]): Phase {
  return {
    faseId: row.faseId,
    ordem: row.ordem,
    nome: row.nome,
    descricao: row.descricao,
    interrompida: row.interrompida,
    motivoInterrupcao: row.motivoInterrupcao,
    interrompidaEm: iso(row.interrompidaEm),
    atividades,
  };
}

/** The municipalities' terms in numbers, for /termo-referencia; `municipioIds` 'all' for users who see every one. */
export async function listTerms(db: Conn, tenantId: string, municipioIds: 'all' | number[]): Promise<TermListRow[]> {
  if (municipioIds !== 'all' && municipioIds.length === 0) return [];
  const rows = await db
    .select({
      municipioId: T.municipioId,
      municipio: municipio.nome,
      uf: municipio.uf,
      atualizadoEm: T.atualizadoEm,
      fases: sql<number>`(select count(*) from ${F} where ${F.termoReferenciaId} = ${T.termoReferenciaId})`.mapWith(Number),
      atividades: sql<number>`(select count(*) from ${A} join ${F} on ${F.faseId} = ${A.faseId} where ${F.termoReferenciaId} = ${T.termoReferenciaId})`.mapWith(
        Number,
      ),
      interrompidas: sql<number>`(select count(*) from ${A} join ${F} on ${F.faseId} = ${A.faseId} where ${F.termoReferenciaId} = ${T.termoReferenciaId} and (${A.interrompida} or ${F.interrompida}))`.mapWith(
        Number,
      ),
    })
    .from(T)
    .innerJoin(municipio, eq(municipio.municipioId, T.municipioId))
    .where(scoped(T, tenantId, municipioIds === 'all' ? undefined : inArray(T.municipioId, municipioIds)));
  return rows.map((r) => ({ ...r, atualizadoEm: iso(r.atualizadoEm) }));
}

/** The term of a municipality with its phases and activities in order; an empty term when none was made. */
export async function getTerm(db: Conn, tenantId: string, municipioId: number): Promise<ReferenceTerm> {
  const [term] = await db
    .select({ termoReferenciaId: T.termoReferenciaId, arquivoNome: T.arquivoNome, atualizadoEm: T.atualizadoEm, atualizadoPor: usuario.nome })
    .from(T)
    .leftJoin(usuario, eq(usuario.usuarioId, T.atualizadoPorId))
    .where(scoped(T, tenantId, eq(T.municipioId, municipioId)));
  if (!term) return { municipioId, arquivoNome: null, atualizadoEm: null, atualizadoPor: null, fases: [] };
  const phases = await db
    .select()
    .from(F)
    .where(scoped(F, tenantId, eq(F.termoReferenciaId, term.termoReferenciaId)))
    .orderBy(asc(F.ordem), asc(F.faseId));
  const activities = phases.length
    ? await db
        .select()
        .from(A)
        .where(
          scoped(
            A,
            tenantId,
            inArray(
              A.faseId,
              phases.map((p) => p.faseId),
            ),
          ),
        )
        .orderBy(asc(A.ordem), asc(A.atividadeId))
    : [];
  const byPhase = new Map<number, Activity[]>();
  for (const a of activities) {
    const list = byPhase.get(a.faseId) ?? [];
    list.push(activityOut(a));
    byPhase.set(a.faseId, list);
  }
  return {
    municipioId,
    arquivoNome: term.arquivoNome,
    atualizadoEm: iso(term.atualizadoEm),
    atualizadoPor: term.atualizadoPor,
    fases: phases.map((p) => phaseOut(p, byPhase.get(p.faseId) ?? [])),
  };
}

/** A phase with the municipality its term belongs to (for access), or null. */
export async function findPhase(db: Conn, tenantId: string, faseId: number) {
  const [row] = await db
    .select({ phase: F, municipioId: T.municipioId })
    .from(F)
    .innerJoin(T, eq(T.termoReferenciaId, F.termoReferenciaId))
    .where(scoped(F, tenantId, eq(F.faseId, faseId)));
  return row ? { ...row.phase, municipioId: row.municipioId } : null;
}

export async function findActivity(db: Conn, tenantId: string, atividadeId: number) {
  const [row] = await db
    .select({ activity: A, municipioId: T.municipioId, termoReferenciaId: T.termoReferenciaId })
    .from(A)
    .innerJoin(F, eq(F.faseId, A.faseId))
    .innerJoin(T, eq(T.termoReferenciaId, F.termoReferenciaId))
    .where(scoped(A, tenantId, eq(A.atividadeId, atividadeId)));
  return row ? { ...row.activity, municipioId: row.municipioId, termoReferenciaId: row.termoReferenciaId } : null;
}

/** The municipality's term row, made when it has none; marked as changed now by `usuarioId`. */
export async function touchTerm(tx: Tx, tenantId: string, municipioId: number, usuarioId: number, arquivoNome?: string | null) {
  const set = { atualizadoEm: new Date(), atualizadoPorId: usuarioId, ...(arquivoNome !== undefined ? { arquivoNome } : {}) };
  const [row] = await tx
    .insert(T)
    .values(withTenant(tenantId, { municipioId, ...set }))
    .onConflictDoUpdate({ target: [T.tenantId, T.municipioId], set })
    .returning({ termoReferenciaId: T.termoReferenciaId });
  return row!.termoReferenciaId;
}

export async function touchTermById(tx: Tx, tenantId: string, termoReferenciaId: number, usuarioId: number) {
  await tx
    .update(T)
    .set({ atualizadoEm: new Date(), atualizadoPorId: usuarioId })
    .where(scoped(T, tenantId, eq(T.termoReferenciaId, termoReferenciaId)));
}

/** Rows per INSERT: PostgreSQL takes at most 65,535 parameters in one statement (an activity has 10). */
const BATCH = 1000;

/** Replaces every phase (and so every activity) of the term with the plan, in the caller's transaction. */
export async function replacePhases(tx: Tx, tenantId: string, termoReferenciaId: number, plan: readonly PlannedPhase[]) {
  await tx.delete(F).where(scoped(F, tenantId, eq(F.termoReferenciaId, termoReferenciaId)));
  const phaseRows: { faseId: number }[] = [];
  for (let at = 0; at < plan.length; at += BATCH) {
    const slice = plan.slice(at, at + BATCH);
    phaseRows.push(
      ...(await tx
        .insert(F)
        .values(slice.map((p, i) => withTenant(tenantId, { termoReferenciaId, ordem: at + i + 1, nome: p.nome, descricao: p.descricao })))
        .returning({ faseId: F.faseId })),
    );
  }
  const activities = plan.flatMap((p, i) => p.atividades.map((a, j) => withTenant(tenantId, { ...a, faseId: phaseRows[i]!.faseId, ordem: j + 1 })));
  for (let at = 0; at < activities.length; at += BATCH) await tx.insert(A).values(activities.slice(at, at + BATCH));
}

async function nextOrder(tx: Tx, column: typeof F.ordem | typeof A.ordem, where: ReturnType<typeof eq>) {
  const table = column === F.ordem ? F : A;
  const [row] = await tx
    .select({ max: sql<number>`coalesce(max(${column}), 0)`.mapWith(Number) })
    .from(table)
    .where(where);
  return (row?.max ?? 0) + 1;
}

export async function insertPhase(tx: Tx, tenantId: string, termoReferenciaId: number, input: { nome: string; descricao: string }) {
  const ordem = await nextOrder(tx, F.ordem, and(eq(F.tenantId, tenantId), eq(F.termoReferenciaId, termoReferenciaId))!);
  const [row] = await tx
    .insert(F)
    .values(withTenant(tenantId, { termoReferenciaId, ordem, ...input }))
    .returning();
  return phaseOut(row!, []);
}

export async function updatePhase(tx: Tx, tenantId: string, faseId: number, set: Partial<typeof F.$inferInsert>): Promise<Phase | null> {
  const [row] = await tx.update(F).set(set).where(scoped(F, tenantId, eq(F.faseId, faseId))).returning();
  if (!row) return null;
  const activities = await tx.select().from(A).where(scoped(A, tenantId, eq(A.faseId, faseId))).orderBy(asc(A.ordem), asc(A.atividadeId));
  return phaseOut(row, activities.map(activityOut));
}

export async function deletePhase(tx: Tx, tenantId: string, faseId: number): Promise<boolean> {
  const gone = await tx.delete(F).where(scoped(F, tenantId, eq(F.faseId, faseId))).returning({ faseId: F.faseId });
  return gone.length > 0;
}

export type ActivityValues = Pick<typeof A.$inferInsert, 'nome' | 'descricao' | 'inicio' | 'fim' | 'horas' | 'responsavel'>;

export async function insertActivity(tx: Tx, tenantId: string, faseId: number, input: ActivityValues) {
  const ordem = await nextOrder(tx, A.ordem, and(eq(A.tenantId, tenantId), eq(A.faseId, faseId))!);
  const [row] = await tx
    .insert(A)
    .values(withTenant(tenantId, { faseId, ordem, ...input }))
    .returning();
  return activityOut(row!);
}

export async function updateActivity(tx: Tx, tenantId: string, atividadeId: number, set: Partial<typeof A.$inferInsert>) {
  const [row] = await tx.update(A).set(set).where(scoped(A, tenantId, eq(A.atividadeId, atividadeId))).returning();
  return row ? activityOut(row) : null;
}

export async function deleteActivity(tx: Tx, tenantId: string, atividadeId: number): Promise<boolean> {
  const gone = await tx.delete(A).where(scoped(A, tenantId, eq(A.atividadeId, atividadeId))).returning({ id: A.atividadeId });
  return gone.length > 0;
}

/** How many terms the tenant holds (seed idempotency). */
export async function countTerms(db: Conn, tenantId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(T).where(scoped(T, tenantId));
  return row?.n ?? 0;
}
