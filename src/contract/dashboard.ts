import { z } from 'zod';
import {
  dashboardFilterQuerySchema,
  dashboardFilterSchema,
  dashboardSchema,
  DASHBOARD_MESSAGES,
  indicatorAnalyticsSchema,
  municipalityProgressSchema,
  solutionProgressSchema,
  taskProgressSchema,
} from '../domain/dashboard.ts';
import { endpoint } from './endpoint.ts';
import { idParams, readErrors } from './schemas.ts';

/**
 * The charts dashboard (spec §7 Dashboard). Who reads it: an administrator or a holder of the
 * Dashboard menu flag (menuDashboard, spec §6), decided before the body is read; the numbers cover
 * only the municipalities the user sees (server/features/dashboard/repository.ts).
 */
const tags = ['dashboard'];
const BASE = '/dashboard';
const gate = { manage: 'menuDashboard', refused: DASHBOARD_MESSAGES.forbidden } as const;

export const dashboard = {
  overview: endpoint({
    method: 'POST',
    path: `${BASE}/dashboardadministrativo`,
    summary: 'Os números do dashboard: execução das tarefas por grupo de soluções, selos e análise de evidências por mês',
    tags,
    access: gate,
    body: dashboardFilterSchema,
    response: { 200: dashboardSchema, ...readErrors },
  }),
  municipalities: endpoint({
    method: 'POST',
    path: `${BASE}/get-andamento-municipios`,
    summary: 'Andamento das tarefas de cada município visível (total, concluídas, atrasadas)',
    tags,
    access: gate,
    body: dashboardFilterSchema,
    response: { 200: z.array(municipalityProgressSchema), ...readErrors },
  }),
  solutions: endpoint({
    method: 'GET',
    path: `${BASE}/get-andamento-solucoes/:id`,
    summary: 'Andamento das soluções de um município',
    tags,
    access: { ...gate, municipality: 'params.id' },
    params: idParams,
    response: { 200: z.array(solutionProgressSchema), ...readErrors },
  }),
  tasks: endpoint({
    method: 'GET',
    path: `${BASE}/get-andamento-tarefas/:id`,
    summary: 'Andamento das tarefas de uma solução do município (municipioSolucaoId)',
    tags,
    access: { ...gate, record: { of: 'municipalitySolution', id: 'params.id' } },
    params: idParams,
    response: { 200: z.array(taskProgressSchema), ...readErrors },
  }),
  indicators: endpoint({
    method: 'GET',
    path: `${BASE}/get-analitico-por-indicador`,
    summary: 'Leituras dos indicadores da Sala nos municípios visíveis: dentro e fora da meta',
    tags,
    access: gate,
    query: dashboardFilterQuerySchema,
    response: { 200: z.array(indicatorAnalyticsSchema), ...readErrors },
  }),
};
