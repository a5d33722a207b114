import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { territorialAgent } from '../../../src/contract/territorial-agent.ts';
import { diagnosticSituation } from '../../../src/domain/followups.ts';
import { visibleAxisIds } from '../../../src/domain/permissions.ts';
import {
  axisScores,
  percent,
  solutionStatus,
  type GovView,
  type Radar,
  type TaskReportSolution,
} from '../../../src/domain/territorial-agent.ts';
import type { Conn } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** The territorial agent's municipality tabs (src/contract/territorial-agent.ts): reads over other domains' rows. */
export const territorialAgentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, territorialAgent.radar, async ({ session, tenantId, body, municipality: { municipioId } }): Promise<Radar> => {
    // Spec §6: without verTodosEixos a user sees only the axes of their permissions, on the radar too.
    const visible = visibleAxisIds(session, municipioId);
    const asked = body.eixoIds && [...new Set(body.eixoIds)];
    const eixoIds = visible === 'all' ? asked : (asked ?? [...visible]).filter((id) => visible.has(id));
    const questions = eixoIds?.length === 0 ? [] : await repo.scoredQuestions(db, tenantId, municipioId, eixoIds);
    const axes = await repo.axesByIds(db, tenantId, [...new Set(questions.map((q) => q.eixoId))]);
    const diagnostic = await repo.diagnosticProgress(db, tenantId, municipioId);
    return {
      municipioId,
      situacaoDiagnostico: diagnosticSituation(diagnostic.respondidas, diagnostic.enviadoEm !== null),
      diagnosticoEnviadoEm: diagnostic.enviadoEm,
      ...axisScores(axes, questions),
    };
  });

  route(app, territorialAgent.finishedThemes, async ({ session, tenantId, municipality: { municipioId } }) => {
    const visible = visibleAxisIds(session, municipioId);
    return (await repo.finishedThemes(db, tenantId, municipioId))
      .filter((theme) => visible === 'all' || visible.has(theme.eixoId))
      .sort((a, b) => b.finalizadoEm.localeCompare(a.finalizadoEm));
  });

  route(app, territorialAgent.taskReport, async ({ tenantId, municipality: { municipioId } }) => taskReport(db, tenantId, municipioId));

  route(app, territorialAgent.gov, async ({ tenantId, municipality: { municipioId } }): Promise<GovView> => {
    const header = await repo.govHeader(db, tenantId, municipioId);
    if (!header) throw notFound('Município não encontrado.');
    const report = await taskReport(db, tenantId, municipioId);
    const grupos = [...new Set(report.map((s) => s.grupo))].map((nome) => ({
      nome,
      fases: report
        .filter((s) => s.grupo === nome)
        .map((s) => ({
          municipioSolucaoId: s.municipioSolucaoId,
          nome: s.nome,
          situacao: s.situacao,
          atividades: s.tarefas.filter((t) => !t.desabilitada).length,
          concluidas: s.tarefas.filter((t) => !t.desabilitada && t.cumprida).length,
        })),
    }));
    return { ...header, grupos };
  });
};

async function taskReport(db: Conn, tenantId: string, municipioId: number): Promise<TaskReportSolution[]> {
  const { solutions, tasks, responsible } = await repo.solutionsAndTasks(db, tenantId, municipioId);
  return solutions.map(({ solucaoId, iniciada, finalizada, desabilitado, ...s }) => {
    const tarefas = tasks.filter((t) => t.municipioSolucaoId === s.municipioSolucaoId).map(({ municipioSolucaoId: _s, ...t }) => t);
    const enabled = tarefas.filter((t) => !t.desabilitada);
    return {
      ...s,
      responsaveis: responsible.filter((r) => r.solucaoId === solucaoId).map((r) => r.nome),
      situacao: solutionStatus({ desabilitado, finalizada, iniciada }, tarefas),
      progresso: percent(enabled.filter((t) => t.cumprida).length, enabled.length),
      horasPrevistas: enabled.reduce((sum, t) => sum + t.horasPrevistas, 0),
      horasUtilizadas: enabled.reduce((sum, t) => sum + t.horasUtilizadas, 0),
      tarefas,
    };
  });
}
