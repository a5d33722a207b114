import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportCatalogue, reportEndpointsOf } from '../../../src/contract/report-catalogue.ts';
import { permittedMunicipalityIds, seesAllMunicipalities } from '../../../src/domain/permissions.ts';
import {
  declaredFilters,
  hasAnyFilter,
  REPORT_MESSAGES,
  reportGate,
  reportModeOf,
  REPORTS,
  visibleReports,
  type ReportDefinition,
  type ReportFilters,
  type ReportMode,
} from '../../../src/domain/report-catalogue.ts';
import type { Session } from '../../../src/domain/session.ts';
import { getVariant, isVariantId } from '../../../src/domain/variants.ts';
import { contentDisposition } from '../../lib/attachments.ts';
import { route } from '../../lib/endpoint.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { writeCsv, writeReportXlsx, XLSX_TYPE } from './export.ts';
import { filterOptions, reportBatches, runReport } from './repository.ts';
import type { ReportContext } from './reports.ts';

/** The mode the request comes from: the `variante` header the client sends (src/api/client.ts). */
function modeOf(request: FastifyRequest): ReportMode {
  const raw = request.headers.variante;
  const id = (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase() ?? '';
  return isVariantId(id) ? reportModeOf(getVariant(id).mode) : 'padrao';
}

/** Spec §6: the municipalities whose rows a report may show (null: all). */
function allowedOf(session: Session): number[] | null {
  return seesAllMunicipalities(session) ? null : [...permittedMunicipalityIds(session.usuario)];
}

function contextOf(session: Session, tenantId: string, report: ReportDefinition, filters: ReportFilters): ReportContext {
  const own = declaredFilters(report, filters);
  // Report 40 (and any report that declares it) runs only with a filter set, on the server too.
  if (report.requiresFilters && !hasAnyFilter(own)) throw badRequest(REPORT_MESSAGES.requiresFilters);
  return { tenantId, filters: own, allowed: allowedOf(session) };
}

const safeName = (report: ReportDefinition, ext: string) => `relatorio-${report.id}-${report.route}.${ext}`;

/**
 * The report catalogue (src/contract/report-catalogue.ts): for every declared report with SQL, its
 * rows and its export. The report's gate (relatorioAdm, admin exempt; exibirEm by mode) is decided
 * here in onRequest, after the tenant and session hooks and before the body is read: a refused
 * request never reaches the parser, whatever it sends.
 */
export const reportCatalogueRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const byUrl = new Map<string, ReportDefinition>();

  app.addHook('onRequest', async (request) => {
    const report = byUrl.get(request.routeOptions.url ?? '');
    if (!report || !request.session?.usuario) return;
    const gate = reportGate(request.session.usuario, report, modeOf(request));
    if (gate === 'notInMode') throw forbidden(REPORT_MESSAGES.notInMode);
    if (gate === 'notAllowed') throw forbidden(REPORT_MESSAGES.notAllowed);
  });

  route(app, reportCatalogue.list, async ({ request, session }) => visibleReports(session.usuario, modeOf(request)).map((r) => ({ ...r, columns: [...r.columns], filters: r.filters.map((f) => ({ type: f.type, ...(f.default ? { default: [...f.default] } : {}) })), exibirEm: [...r.exibirEm] })));

  route(app, reportCatalogue.options, async ({ session, tenantId }) => filterOptions(db, tenantId, allowedOf(session)));

  for (const report of REPORTS) {
    const eps = reportEndpointsOf(report.id);
    byUrl.set(`/api${eps.rows.path}`, report);
    byUrl.set(`/api${eps.export.path}`, report);
    byUrl.set(eps.rows.path, report);
    byUrl.set(eps.export.path, report);

    route(app, eps.rows, async ({ session, tenantId, body }) => {
      const input = body as { filtros: ReportFilters; pagina: number; tamanhoPagina: number };
      return runReport(db, report, contextOf(session, tenantId, report, input.filtros), input);
    });

    route(app, eps.export, async ({ session, tenantId, body, reply }) => {
      const input = body as { filtros: ReportFilters; formato: 'xlsx' | 'csv' };
      const ctx = contextOf(session, tenantId, report, input.filtros);
      const output = new PassThrough();
      const write = input.formato === 'csv' ? writeCsv : writeReportXlsx;
      write(output, report, reportBatches(db, report, ctx)).catch((error: unknown) => {
        reply.log.error({ err: error }, 'report export not written');
        output.destroy(error instanceof Error ? error : new Error(String(error)));
      });
      return reply
        .header('content-type', input.formato === 'csv' ? 'text/csv; charset=utf-8' : XLSX_TYPE)
        .header('content-disposition', contentDisposition(safeName(report, input.formato)))
        .header('cache-control', 'no-store')
        .send(output);
    });
  }
};
