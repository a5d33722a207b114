import { asc, eq, inArray } from 'drizzle-orm';
import type { OfflineSolution, OfflineTask, OfflineTaskProgress } from '../../../src/domain/offline-rows.ts';
import type { Db } from '../../db/client.ts';
import { grupoSolucaoEixo, municipioGrupoSolucao, municipioSolucao, municipioTarefa } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { listMunicipalityTasks, progressByTask, solutionBundleColumns } from './repository.ts';

/**
 * What other features may read of a municipality's solutions, and the one module of this feature they import
 * (eslint.config.js, server zones): a municipality's solutions and tasks (with their enabled
 * evidences), as the offline bundle and the meeting form show them; the action plan's solutions by
 * axis (follow-ups); task progress (offline bundle, status reports). Disabled solutions and tasks are
 * included, flagged: a record made while they were enabled still names them.
 */

export async function listSolutions(db: Db, tenantId: string, municipioId: number): Promise<OfflineSolution[]> {
  return db
    .select(solutionBundleColumns)
    .from(municipioSolucao)
    .where(scoped(municipioSolucao, tenantId, eq(municipioSolucao.municipioId, municipioId)))
    .orderBy(asc(municipioSolucao.nome));
}

/**
 * The municipality's tasks by name, as the offline report form lists them: the solutions screens'
 * query (disabled evidences left out: no longer expected of the task) without the solution's name
 * and state, which the bundle does not carry.
 */
export async function listTasks(db: Db, tenantId: string, municipioId: number): Promise<OfflineTask[]> {
  const tasks = await listMunicipalityTasks(db, tenantId, municipioId, 'name');
  return tasks.map(({ solucaoNome: _name, solucaoDesabilitada: _disabled, ...task }) => task);
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
export { progressByMunicipality } from './repository.ts';
