import { z } from 'zod';
import {
  dashboardFilterQuerySchema,
  dashboardFilterSchema,
  dashboardSchema,
  indicatorAnalyticsSchema,
} from '../domain/dashboard.ts';
import { endpoint } from './endpoint.ts';
import { readErrors } from './schemas.ts';

/**
 * The charts dashboard (spec §7 Dashboard). Who reads it: an administrator or a holder of the
 * Dashboard menu flag (menuDashboard, spec §6), decided before the body is read; the numbers cover
 * only the municipalities the user sees (server/features/dashboard/repository.ts). The progress
 * drill-down (get-andamento-municipios, -solucoes/{id}, -tarefas/{id}) is served by the municipality
 * solutions (src/contract/municipality-solutions.ts), which the /tarefas/andamento screen shares.
 */
const tags = ['dashboard'];
const BASE = '/dashboard';
const gate = { manage: 'menuDashboard' } as const;

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
