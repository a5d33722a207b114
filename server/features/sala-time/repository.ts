import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { SalaService, TimeRow, timeInputSchema } from '../../../src/domain/sala-time.ts';
import { municipio, salaTempo, salaTempoPainel } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn } from '../../lib/command.ts';

type NewTime = z.output<typeof timeInputSchema>;

const columns = {
  salaTempoId: salaTempo.salaTempoId,
  municipioId: salaTempo.municipioId,
  servico: salaTempo.servico,
  data: salaTempo.data,
  duracaoMinutos: salaTempo.duracaoMinutos,
  observacao: salaTempo.observacao,
};
const rowOf = (r: Omit<TimeRow, 'servico'> & { servico: string }): TimeRow => ({ ...r, servico: r.servico as SalaService });

export async function findTime(db: Conn, tenantId: string, id: number): Promise<TimeRow | null> {
  const [row] = await db
    .select(columns)
    .from(salaTempo)
    .where(scoped(salaTempo, tenantId, eq(salaTempo.salaTempoId, id)));
  return row ? rowOf(row) : null;
}

/** The municipality's times, newest day first. */
export async function listTimes(db: Conn, tenantId: string, municipioId: number): Promise<TimeRow[]> {
  const rows = await db
    .select(columns)
    .from(salaTempo)
    .where(scoped(salaTempo, tenantId, eq(salaTempo.municipioId, municipioId)))
    .orderBy(sql`${salaTempo.data} desc`, asc(salaTempo.salaTempoId));
  return rows.map(rowOf);
}

export async function insertTimes(db: Conn, tenantId: string, rows: NewTime[]): Promise<TimeRow[]> {
  if (rows.length === 0) return [];
  const inserted = await db
    .insert(salaTempo)
    .values(rows.map((r) => withTenant(tenantId, r)))
    .returning(columns);
  return inserted.map(rowOf);
}

export async function updateTime(db: Conn, tenantId: string, id: number, fields: Omit<NewTime, 'municipioId'>): Promise<TimeRow | null> {
  const [row] = await db
    .update(salaTempo)
    .set(fields)
    .where(scoped(salaTempo, tenantId, eq(salaTempo.salaTempoId, id)))
    .returning(columns);
  return row ? rowOf(row) : null;
}

export async function deleteTime(db: Conn, tenantId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(salaTempo)
    .where(scoped(salaTempo, tenantId, eq(salaTempo.salaTempoId, id)))
    .returning({ id: salaTempo.salaTempoId });
  return rows.length > 0;
}

/**
 * How many times each service was delivered in the given months (YYYY-MM) of a municipality: the
 * cost room divides a service's costs by it.
 */
export async function countDeliveries(
  db: Conn,
  tenantId: string,
  municipioId: number,
  monthsByService: ReadonlyMap<SalaService, ReadonlySet<string>>,
): Promise<Map<SalaService, number>> {
  const result = new Map<SalaService, number>();
  const services = [...monthsByService.keys()];
  if (services.length === 0) return result;
  const mes = sql<string>`to_char(${salaTempo.data}, 'YYYY-MM')`;
  const rows = await db
    .select({ servico: salaTempo.servico, mes, n: count() })
    .from(salaTempo)
    .where(scoped(salaTempo, tenantId, eq(salaTempo.municipioId, municipioId), inArray(salaTempo.servico, services)))
    .groupBy(salaTempo.servico, mes);
  for (const row of rows) {
    const servico = row.servico as SalaService;
    if (monthsByService.get(servico)?.has(row.mes)) result.set(servico, (result.get(servico) ?? 0) + row.n);
  }
  return result;
}

export async function findPanelHash(db: Conn, tenantId: string, municipioId: number): Promise<string | null> {
  const [row] = await db
    .select({ hash: salaTempoPainel.hash })
    .from(salaTempoPainel)
    .where(scoped(salaTempoPainel, tenantId, eq(salaTempoPainel.municipioId, municipioId)));
  return row?.hash ?? null;
}

/** Replaces the room's panel secret (the old link stops opening at once). */
export async function setPanelHash(db: Conn, tenantId: string, municipioId: number, hash: string): Promise<void> {
  await db
    .insert(salaTempoPainel)
    .values(withTenant(tenantId, { municipioId, hash }))
    .onConflictDoUpdate({ target: salaTempoPainel.municipioId, set: { hash, criadoEm: new Date() } });
}

export async function deletePanel(db: Conn, tenantId: string, municipioId: number): Promise<void> {
  await db.delete(salaTempoPainel).where(scoped(salaTempoPainel, tenantId, eq(salaTempoPainel.municipioId, municipioId)));
}

/** The municipality a panel secret opens, with its name; null for an unknown or revoked secret. */
export async function findPanel(db: Conn, tenantId: string, hash: string) {
  const [row] = await db
    .select({ municipioId: municipio.municipioId, nome: municipio.nome, uf: municipio.uf })
    .from(salaTempoPainel)
    .innerJoin(municipio, eq(municipio.municipioId, salaTempoPainel.municipioId))
    .where(and(scoped(salaTempoPainel, tenantId, eq(salaTempoPainel.hash, hash))));
  return row ?? null;
}
