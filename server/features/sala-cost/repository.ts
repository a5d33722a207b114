import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { costInputSchema, CostRow } from '../../../src/domain/sala-cost.ts';
import type { SalaService } from '../../../src/domain/sala-time.ts';
import { salaCusto } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn } from '../../lib/command.ts';

type NewCost = z.output<typeof costInputSchema>;

const columns = {
  salaCustoId: salaCusto.salaCustoId,
  municipioId: salaCusto.municipioId,
  categoria: salaCusto.categoria,
  servico: salaCusto.servico,
  descricao: salaCusto.descricao,
  data: salaCusto.data,
  valor: salaCusto.valor,
};
const rowOf = (r: Omit<CostRow, 'servico'> & { servico: string | null }): CostRow => ({ ...r, servico: r.servico as SalaService | null });

export async function findCost(db: Conn, tenantId: string, id: number): Promise<CostRow | null> {
  const [row] = await db
    .select(columns)
    .from(salaCusto)
    .where(scoped(salaCusto, tenantId, eq(salaCusto.salaCustoId, id)));
  return row ? rowOf(row) : null;
}

/** The municipality's costs, newest day first. */
export async function listCosts(db: Conn, tenantId: string, municipioId: number): Promise<CostRow[]> {
  const rows = await db
    .select(columns)
    .from(salaCusto)
    .where(scoped(salaCusto, tenantId, eq(salaCusto.municipioId, municipioId)))
    .orderBy(sql`${salaCusto.data} desc`, asc(salaCusto.salaCustoId));
  return rows.map(rowOf);
}

export async function insertCost(db: Conn, tenantId: string, input: NewCost): Promise<CostRow> {
  const [row] = await db.insert(salaCusto).values(withTenant(tenantId, input)).returning(columns);
  return rowOf(row!);
}

export async function updateCost(db: Conn, tenantId: string, id: number, fields: Omit<NewCost, 'municipioId'>): Promise<CostRow | null> {
  const [row] = await db
    .update(salaCusto)
    .set(fields)
    .where(scoped(salaCusto, tenantId, eq(salaCusto.salaCustoId, id)))
    .returning(columns);
  return row ? rowOf(row) : null;
}

export async function deleteCost(db: Conn, tenantId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(salaCusto)
    .where(scoped(salaCusto, tenantId, eq(salaCusto.salaCustoId, id)))
    .returning({ id: salaCusto.salaCustoId });
  return rows.length > 0;
}
