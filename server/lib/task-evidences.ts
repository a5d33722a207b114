import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { municipioEvidencia } from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';

export type TaskEvidence = { municipioEvidenciaId: number; nome: string };

/** The evidences of each of `tasks`, in the order they were created; `enabledOnly` leaves disabled ones out. */
export async function evidencesByTask(
  db: Db,
  tenantId: string,
  tasks: { municipioTarefaId: number }[],
  opts: { enabledOnly: boolean },
): Promise<Map<number, TaskEvidence[]>> {
  const byTask = new Map<number, TaskEvidence[]>();
  if (tasks.length === 0) return byTask;
  const rows = await db
    .select({
      municipioTarefaId: municipioEvidencia.municipioTarefaId,
      municipioEvidenciaId: municipioEvidencia.municipioEvidenciaId,
      nome: municipioEvidencia.nome,
    })
    .from(municipioEvidencia)
    .where(
      scoped(
        municipioEvidencia,
        tenantId,
        inArray(
          municipioEvidencia.municipioTarefaId,
          tasks.map((t) => t.municipioTarefaId),
        ),
        opts.enabledOnly ? eq(municipioEvidencia.desabilitado, false) : undefined,
      ),
    )
    .orderBy(asc(municipioEvidencia.municipioEvidenciaId));
  for (const { municipioTarefaId, ...evidence } of rows) {
    const list = byTask.get(municipioTarefaId) ?? [];
    list.push(evidence);
    byTask.set(municipioTarefaId, list);
  }
  return byTask;
}
