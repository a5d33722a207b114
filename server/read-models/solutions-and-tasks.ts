import { asc, eq } from 'drizzle-orm';
import type { OfflineSolution, OfflineTask } from '../../src/domain/offline-bundle.ts';
import type { Db } from '../db/client.ts';
import { municipioSolucao, municipioTarefa } from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { evidencesByTask } from '../lib/task-evidences.ts';

/**
 * Read model: a municipality's solutions and tasks (with their enabled evidences), as the offline
 * bundle and the meeting form show them. Disabled ones are included, flagged: a record made while
 * they were enabled still names them.
 */

export async function listSolutions(db: Db, tenantId: string, municipioId: number): Promise<OfflineSolution[]> {
  return db
    .select({
      municipioSolucaoId: municipioSolucao.municipioSolucaoId,
      municipioId: municipioSolucao.municipioId,
      solucaoId: municipioSolucao.solucaoId,
      municipioGrupoSolucaoId: municipioSolucao.municipioGrupoSolucaoId,
      nome: municipioSolucao.nome,
      desabilitado: municipioSolucao.desabilitado,
    })
    .from(municipioSolucao)
    .where(scoped(municipioSolucao, tenantId, eq(municipioSolucao.municipioId, municipioId)))
    .orderBy(asc(municipioSolucao.nome));
}

export async function listTasks(db: Db, tenantId: string, municipioId: number): Promise<OfflineTask[]> {
  const tasks = await db
    .select({
      municipioTarefaId: municipioTarefa.municipioTarefaId,
      municipioId: municipioTarefa.municipioId,
      municipioSolucaoId: municipioTarefa.municipioSolucaoId,
      tarefaId: municipioTarefa.tarefaId,
      nome: municipioTarefa.nome,
      descricao: municipioTarefa.descricao,
      horas: municipioTarefa.horas,
      desabilitado: municipioTarefa.desabilitado,
    })
    .from(municipioTarefa)
    .where(scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioId, municipioId)))
    .orderBy(asc(municipioTarefa.nome));
  // A disabled evidence is no longer expected of the task, so the offline report form does not list it.
  const evidences = await evidencesByTask(db, tenantId, tasks, { enabledOnly: true });
  return tasks.map((t) => ({ ...t, municipioEvidencias: evidences.get(t.municipioTarefaId) ?? [] }));
}
