import { asc, eq, inArray } from 'drizzle-orm';
import type { OfflineSolution, OfflineTask } from '../../src/domain/offline-bundle.ts';
import type { Db } from '../db/client.ts';
import { grupoSolucaoEixo, municipioGrupoSolucao, municipioSolucao, municipioTarefa } from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { evidencesByTask } from '../lib/task-evidences.ts';
import { progressByTask } from '../features/solutions/repository.ts';
import type { OfflineTaskProgress } from '../../src/domain/offline-bundle.ts';

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

export type AxisSolution = {
  municipioSolucaoId: number;
  nome: string;
  /** The axes the solution's group works on (none for a group without any). */
  eixoIds: number[];
  tarefas: { municipioTarefaId: number; nome: string; horas: number }[];
};

/**
 * The municipality's enabled solutions with the axis of their group of solutions and their enabled
 * tasks: what the action plan offers against the questions answered Nao on that axis.
 */
export async function listSolutionsWithAxis(db: Db, tenantId: string, municipioId: number): Promise<AxisSolution[]> {
  const solutions = await db
    .select({
      municipioSolucaoId: municipioSolucao.municipioSolucaoId,
      nome: municipioSolucao.nome,
      grupoSolucaoId: municipioGrupoSolucao.grupoSolucaoId,
    })
    .from(municipioSolucao)
    .innerJoin(municipioGrupoSolucao, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, municipioSolucao.municipioGrupoSolucaoId))
    .where(
      scoped(
        municipioSolucao,
        tenantId,
        eq(municipioSolucao.municipioId, municipioId),
        eq(municipioSolucao.desabilitado, false),
        eq(municipioGrupoSolucao.desabilitado, false),
      ),
    )
    .orderBy(asc(municipioSolucao.nome));
  const tasks = await db
    .select({
      municipioTarefaId: municipioTarefa.municipioTarefaId,
      municipioSolucaoId: municipioTarefa.municipioSolucaoId,
      nome: municipioTarefa.nome,
      horas: municipioTarefa.horas,
    })
    .from(municipioTarefa)
    .where(scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioId, municipioId), eq(municipioTarefa.desabilitado, false)))
    .orderBy(asc(municipioTarefa.municipioTarefaId));
  const axes = solutions.length
    ? await db
        .select({ grupoSolucaoId: grupoSolucaoEixo.grupoSolucaoId, eixoId: grupoSolucaoEixo.eixoId })
        .from(grupoSolucaoEixo)
        .where(
          scoped(
            grupoSolucaoEixo,
            tenantId,
            inArray(
              grupoSolucaoEixo.grupoSolucaoId,
              solutions.map((s) => s.grupoSolucaoId),
            ),
          ),
        )
    : [];
  return solutions.map(({ grupoSolucaoId, ...s }) => ({
    ...s,
    eixoIds: axes.filter((a) => a.grupoSolucaoId === grupoSolucaoId).map((a) => a.eixoId),
    tarefas: tasks
      .filter((t) => t.municipioSolucaoId === s.municipioSolucaoId)
      .map(({ municipioTarefaId, nome, horas }) => ({ municipioTarefaId, nome, horas })),
  }));
}

/** The municipality's task progress as GET get-andamento-tarefas/{id} answers it, each row naming its municipality (the offline bundle). */
export async function listTaskProgress(db: Db, tenantId: string, municipioId: number): Promise<OfflineTaskProgress[]> {
  return (await progressByTask(db, tenantId, municipioId)).map((t) => ({ ...t, municipioId }));
}

/** Task progress per municipality (dashboard get-andamento-municipios), for the status reports (api/Status/relatorio-tarefa). */
export { progressByMunicipality } from '../features/solutions/repository.ts';
