import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { membro, municipioSolucao, municipioTarefa } from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';

/** Records that belong to one municipality, each with the id requests refer to it by. */
const RECORDS = {
  membro: { table: membro, id: membro.membroId },
  solucao: { table: municipioSolucao, id: municipioSolucao.municipioSolucaoId },
  tarefa: { table: municipioTarefa, id: municipioTarefa.municipioTarefaId },
};

/**
 * The ids among `ids` that are records of `kind` of this municipality. A request may only link a
 * record to its own municipality's members, solutions and tasks: the foreign keys only prove that
 * the ids exist somewhere.
 */
export async function idsInMunicipality(
  db: Db,
  tenantId: string,
  municipioId: number,
  kind: keyof typeof RECORDS,
  ids: number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const { table, id } = RECORDS[kind];
  const rows = await db
    .select({ id })
    .from(table)
    .where(scoped(table, tenantId, eq(table.municipioId, municipioId), inArray(id, ids)));
  return new Set(rows.map((r) => r.id));
}
