import { call } from '../../api/call.ts';
import { dashboard } from '../../contract/dashboard.ts';
import { municipalitySolutions } from '../../contract/municipality-solutions.ts';
import { reportCatalogue } from '../../contract/report-catalogue.ts';
import { query } from '../../data/query.ts';
import { dashboardSchema, indicatorAnalyticsSchema, type DashboardFilter } from '../../domain/dashboard.ts';
import { filterOptionsSchema, reportDefinitionSchema } from '../../domain/report-catalogue.ts';
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

/** The regional units and projects to filter by: the report catalogue's filter options (only what the user sees). */
const filterOptions = query.online(() => ({
  key: ['dashboard', 'filter-options'],
  fetch: (signal: AbortSignal) => call(reportCatalogue.options, { signal }),
  schema: filterOptionsSchema,
  errorMessage: 'Não foi possível carregar as opções dos filtros.',
}));

/** The reports the user may open here: the execution chart links to the tasks report only when it is among them. */
const reports = query.online(() => ({
  key: ['dashboard', 'reports'],
  fetch: (signal: AbortSignal) => call(reportCatalogue.list, { signal }),
  schema: z.array(reportDefinitionSchema),
}));

export const dashboardData = {
  useFilterOptions: filterOptions,
  useReports: reports,
  useOverview: overview,
  useIndicators: indicators,
  useProgressByMunicipality: progressByMunicipality,
  useProgressBySolution: progressBySolution,
};
