import { call } from '../../api/call.ts';
import { dashboard } from '../../contract/dashboard.ts';
import { municipalitySolutions } from '../../contract/municipality-solutions.ts';
import { query } from '../../data/query.ts';
import { dashboardSchema, indicatorAnalyticsSchema, type DashboardFilter } from '../../domain/dashboard.ts';
import { municipalityProgressSchema, solutionProgressSchema } from '../../domain/solutions.ts';
import { z } from 'zod';

/** The charts dashboard reads online only: its numbers are the server's counts over every municipality in sight. */
const overview = query.online((filter: DashboardFilter) => ({
  key: ['dashboard', 'overview', filter],
  fetch: (signal: AbortSignal) => call(dashboard.overview, { body: filter, signal }),
  schema: dashboardSchema,
  errorMessage: 'Não foi possível carregar o dashboard.',
}));

const indicators = query.online((filter: DashboardFilter) => ({
  key: ['dashboard', 'indicators', filter],
  fetch: (signal: AbortSignal) =>
    call(dashboard.indicators, {
      query: Object.fromEntries(Object.entries(filter).filter(([, v]) => v !== null && v !== undefined)) as never,
      signal,
    }),
  schema: z.array(indicatorAnalyticsSchema),
  errorMessage: 'Não foi possível carregar os indicadores.',
}));

/** Progress by municipality, then by solution of the one chosen (api/dashboard/get-andamento-*, served by municipality-solutions). */
const progressByMunicipality = query.online((key: 'all') => ({
  key: ['dashboard', 'progress', key],
  fetch: (signal: AbortSignal) => call(municipalitySolutions.progressByMunicipality, { body: {}, signal }),
  schema: z.array(municipalityProgressSchema),
  errorMessage: 'Não foi possível carregar o andamento dos municípios.',
}));

const progressBySolution = query.online((municipioId: number | null) =>
  municipioId === null
    ? null
    : {
        key: ['dashboard', 'progress', 'municipio', municipioId],
        fetch: (signal: AbortSignal) => call(municipalitySolutions.progressBySolution, { params: { id: municipioId }, signal }),
        schema: z.array(solutionProgressSchema),
        errorMessage: 'Não foi possível carregar o andamento das soluções.',
      },
);

export const dashboardData = {
  useOverview: overview,
  useIndicators: indicators,
  useProgressByMunicipality: progressByMunicipality,
  useProgressBySolution: progressBySolution,
};
