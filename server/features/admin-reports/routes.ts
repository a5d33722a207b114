import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminReports } from '../../../src/contract/admin-reports.ts';
import { ADMIN_REPORT_MESSAGES } from '../../../src/domain/admin-reports.ts';
import { permittedMunicipalityIds, seesAllMunicipalities, type PermissionContext } from '../../../src/domain/permissions.ts';
import { canAnalyseReports, shownTo } from '../../../src/domain/report-common.ts';
import { requireMunicipality } from '../../lib/access.ts';
import { sendAttachment, withFileRemoval } from '../../lib/attachments.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { registerAdminReportRecords, requireAdminReports } from './access.ts';
import * as commands from './commands.ts';
import { listMunicipalityAdminReports } from './read.ts';
import * as repo from './repository.ts';

/** Municipality ids whose reports the user may list; undefined = the whole tenant. */
function visibleMunicipalityIds(ctx: PermissionContext): number[] | undefined {
  return seesAllMunicipalities(ctx) ? undefined : [...permittedMunicipalityIds(ctx.usuario)];
}

/**
 * Administrative reports (spec §7 api/relatorioadministrativo/relatorioadministrativo and the
 * api/arquivo/anexo calls for their files), declared in src/contract/admin-reports.ts with their
 * access (a report or a file through its report's municipality and the reports' rule: access.ts);
 * the writes are commands (commands.ts) run by withCommand.
 *
 * get-by-usuario/{a}/{b}: a = usuarioId, b = municipioId, 0 for every municipality the caller sees.
 * Public page: GET obter-publico/{codigo} answers by the report's random public code, never its id.
 */
export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  registerAdminReportRecords();

  // Spec §6 hides the whole feature from such groups: every route but the public page refuses them
  // first, before the body is read and before the declared access looks for the place.
  app.addHook('onRequest', async (request) => {
    if (!request.routeOptions.config.public) requireAdminReports(request.session);
  });

  const actor = (request: FastifyRequest): commands.Actor => ({ tenantId: request.tenant.id, ctx: request.session, storage });

  route(app, adminReports.create, async ({ request, reply, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.create(tx, actor(request), body))),
  );

  route(app, adminReports.update, async ({ request, body, record }) =>
    withFileRemoval(request, storage, (tx, removed) => commands.update(tx, actor(request), record, body, removed)),
  );

  route(app, adminReports.analyse, async ({ request, body }) => withCommand(request, (tx) => commands.analyse(tx, actor(request), body)));

  route(app, adminReports.remove, async ({ request, reply, record }) => {
    await withFileRemoval(request, storage, (tx, removed) => commands.remove(tx, actor(request), record, removed));
    return reply.status(204).send(null);
  });

  route(app, adminReports.removeAttachment, async ({ request, record }) =>
    withFileRemoval(request, storage, (tx, removed) => commands.removeAttachment(tx, actor(request), record, removed)),
  );

  route(app, adminReports.get, async ({ session, record }) => shownTo(session, repo.withStatusName(record)));

  route(app, adminReports.byMunicipality, async ({ session, tenantId, municipality }) =>
    listMunicipalityAdminReports(db, tenantId, session, municipality.municipioId),
  );

  route(app, adminReports.byFilter, async ({ session, tenantId, body: filter }) => {
    const visible = visibleMunicipalityIds(session);
    const municipioIds = filter.municipioIds.length > 0 ? filter.municipioIds : visible;
    let usuarioIds: number[] | undefined = filter.usuarioIds.length > 0 ? filter.usuarioIds : undefined;
    if (!canAnalyseReports(session)) usuarioIds = [session.usuario.usuarioId];
    const rows = await repo.listAdminReports(db, tenantId, {
      // Asking for a municipality one cannot see yields nothing from it, not an error: the filter is a search.
      municipioIds: visible && municipioIds ? municipioIds.filter((id) => visible.includes(id)) : municipioIds,
      usuarioIds,
      statusRelatorioIds: filter.statusRelatorioIds.length > 0 ? filter.statusRelatorioIds : undefined,
      inicio: filter.inicio,
      fim: filter.fim,
    });
    return rows.map((row) => shownTo(session, row));
  });

  route(app, adminReports.byUser, async ({ session, tenantId, params: { usuarioId, municipioId } }) => {
    // Not in the declaration: another user's reports need the analysts' rule ("admin or flag"), and 0 names every municipality.
    if (usuarioId !== session.usuario.usuarioId && !canAnalyseReports(session)) throw forbidden();
    let municipioIds = visibleMunicipalityIds(session);
    if (municipioId !== 0) {
      requireMunicipality(session, municipioId);
      municipioIds = [municipioId];
    }
    const rows = await repo.listAdminReports(db, tenantId, { municipioIds, usuarioIds: [usuarioId] });
    return rows.map((row) => shownTo(session, row));
  });

  route(app, adminReports.public, async ({ tenantId, params }) => {
    const found = await repo.findByPublicCode(db, tenantId, params.codigo);
    const report = found ? await repo.findAdminReport(db, tenantId, found) : null;
    if (!report) throw notFound(ADMIN_REPORT_MESSAGES.naoEncontrado);
    return {
      titulo: report.titulo,
      horas: report.horas,
      municipio: report.municipio,
      data: report.criacao,
      descricao: report.descricao,
      arquivos: report.arquivos.map((a) => ({ nome: a.nome })),
    };
  });

  route(app, adminReports.download, async ({ reply, record: file }) => sendAttachment(reply, storage, file));
};
