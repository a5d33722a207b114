import { z } from 'zod';
import {
  filterOptionsSchema,
  reportDefinitionSchema,
  reportExportSchema,
  reportPageSchema,
  reportRequestSchema,
  REPORTS,
  type ReportDefinition,
} from '../domain/report-catalogue.ts';
import { endpoint, type EndpointSpec } from './endpoint.ts';
import { errorResponses, fileResponse } from './schemas.ts';

/**
 * The administrative report catalogue (spec §7 Dashboard: `POST api/dashboard/{reportRoute}` with
 * filters). Every report of src/domain/report-catalogue.ts gets its own two endpoints, built here
 * from its declaration: the rows (paged) and the export (Excel or CSV). Their access is 'session';
 * the report's own gate (the group's relatorioAdm list, exibirEm by the `variante` header) is
 * decided by the feature's onRequest hook before the body is read (server/features/report-catalogue).
 * The other dashboard session's static routes (dashboardadministrativo, get-andamento-*,
 * get-analitico-por-indicador) are not report routes.
 */
const TAG = 'dashboard';
const errors = errorResponses(400, 401, 403);

export type ReportEndpoints = { rows: EndpointSpec; export: EndpointSpec };

function reportEndpoints(report: ReportDefinition) {
  return {
    rows: endpoint({
      method: 'POST',
      path: `/dashboard/${report.route}`,
      summary: `Relatório ${report.id}: ${report.title}`,
      description: `${report.description} Colunas: ${report.columns.map((c) => `${c.key} (${c.type})`).join(', ')}.${
        report.requiresFilters ? ' Só é gerado com pelo menos um filtro.' : ''
      }`,
      tags: [TAG],
      access: 'session',
      idempotency: false,
      body: reportRequestSchema,
      response: { 200: reportPageSchema, ...errors },
    }),
    export: endpoint({
      method: 'POST',
      path: `/dashboard/${report.route}/exportar`,
      summary: `Exporta o relatório ${report.id} (${report.title}) em Excel ou CSV`,
      tags: [TAG],
      access: 'session',
      idempotency: false,
      body: reportExportSchema,
      response: {
        200: fileResponse('A planilha (xlsx) ou o CSV (UTF-8 com BOM, separador ;)', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'text/csv'),
        ...errors,
      },
    }),
  };
}

export const reportEndpointsById: ReadonlyMap<number, ReturnType<typeof reportEndpoints>> = new Map(REPORTS.map((r) => [r.id, reportEndpoints(r)]));

export const reportCatalogue = {
  list: endpoint({
    method: 'GET',
    path: '/dashboard/catalogo-relatorios',
    summary: 'Os relatórios administrativos que o usuário pode abrir neste ambiente',
    tags: [TAG],
    access: 'session',
    response: { 200: z.array(reportDefinitionSchema), ...errorResponses(401) },
  }),
  options: endpoint({
    method: 'GET',
    path: '/dashboard/catalogo-relatorios/opcoes-filtros',
    summary: 'As opções dos filtros dos relatórios (só os municípios que o usuário vê)',
    tags: [TAG],
    access: 'session',
    response: { 200: filterOptionsSchema, ...errorResponses(401) },
  }),
};

export function reportEndpointsOf(id: number): ReturnType<typeof reportEndpoints> {
  const found = reportEndpointsById.get(id);
  if (!found) throw new Error(`Relatório ${id} não declarado.`);
  return found;
}
