import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fieldReports, VARIANT_HEADER } from '../../../src/contract/field-reports.ts';
import { reportListItemOf } from '../../../src/domain/field-reports.ts';
import { canAnalyseReports, REPORT_MESSAGES, REPORT_STATUS, shownTo } from '../../../src/domain/report-common.ts';
import {
  aggregateReports,
  byMonth,
  byMunicipality,
  byMunicipalityAndConsultant,
  reportScore,
} from '../../../src/domain/report-statistics.ts';
import { linkChoiceOf } from '../../../src/domain/variants.ts';
import { openMunicipality } from '../../lib/access.ts';
import { requireVisibleAttachment, sendAttachment, withFileRemoval } from '../../lib/attachments.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { publicBase } from '../../lib/public-url.ts';
import { acceptUploadForms } from '../uploads/claims.ts';
import * as commands from './commands.ts';
import { publicReportLink, reportSummaryMail, satisfactionSurveyMail } from './mail.ts';
import { formToBody } from './multipart.ts';
import * as repo from './repository.ts';
import { canSee, EMPTY_FILTER, listMunicipalityReports, queryFor } from './visibility.ts';

/** The variant and state of the caller's tenant, named by the public links this request makes. */
function linkChoiceOfRequest(request: FastifyRequest) {
  const raw = request.headers[VARIANT_HEADER];
  return linkChoiceOf(Array.isArray(raw) ? raw[0] : raw, request.tenant.id);
}

function isAtRequest(request: FastifyRequest): boolean {
  const raw = request.headers[VARIANT_HEADER];
  return (Array.isArray(raw) ? raw[0] : raw)?.trim().toLowerCase() === 'at';
}

/**
 * Field reports (spec §7 api/relatorio), declared in src/contract/field-reports.ts with their
 * access; the writes are commands (commands.ts) run by withCommand; who sees which report is
 * visibility.ts. get-by-usuario/{usuarioId}/{municipioId}: the reports that user wrote in that
 * municipality (0 = every municipality), for that user or an analyst.
 * get-by-processo-pagamento/{usuarioId}: that user's approved reports. The public page reads a
 * report by its random codigoPublico, never by its sequential id.
 */
export const fieldReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  // The spec's multipart create form: access has already refused a user without novoRelatorio.
  await acceptUploadForms(app, [{ endpoint: fieldReports.create, finalidade: 'anexo', toBody: formToBody }]);

  const actor = (request: FastifyRequest): commands.Actor => ({
    tenantId: request.tenant.id,
    ctx: request.session,
    storage,
    isAt: isAtRequest(request),
  });

  // ------------------------------------------------------------------ writes (commands.ts)

  route(app, fieldReports.create, async ({ request, reply, body, municipality }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.create(tx, actor(request), municipality, body))),
  );

  route(app, fieldReports.update, async ({ request, body }) =>
    withFileRemoval(request, storage, (tx, removed) => commands.update(tx, actor(request), body, removed)),
  );

  route(app, fieldReports.remove, async ({ request, reply, params }) => {
    await withFileRemoval(request, storage, (tx, removed) => commands.remove(tx, actor(request), params.id, removed));
    return reply.status(204).send(null);
  });

  route(app, fieldReports.analyse, async ({ request, body }) => withCommand(request, (tx) => commands.analyse(tx, actor(request), body)));

  // ------------------------------------------------------------------ reads

  route(app, fieldReports.get, async ({ session, tenantId, params }) => {
    const ref = await commands.visible(db, session, tenantId, params.id);
    return commands.present(db, session, tenantId, ref.relatorioId);
  });

  route(app, fieldReports.byMunicipality, async ({ session, tenantId, municipality }) =>
    listMunicipalityReports(db, tenantId, session, municipality.municipioId),
  );

  route(app, fieldReports.byUser, async ({ session, tenantId, params: { usuarioId, municipioId } }) => {
    // Not in the declaration: another user's reports need the analysts' rule ("admin or flag"), and 0 names every municipality.
    if (usuarioId !== session.usuario.usuarioId && !canAnalyseReports(session)) throw forbidden();
    if (municipioId !== 0 && usuarioId !== session.usuario.usuarioId) await openMunicipality(db, session, tenantId, municipioId);
    const filter = { ...EMPTY_FILTER, usuarioIds: [usuarioId], municipioIds: municipioId === 0 ? [] : [municipioId] };
    const rows = await repo.listReports(db, tenantId, queryFor(session, filter));
    return rows.map((r) => shownTo(session, reportListItemOf(r)));
  });

  route(app, fieldReports.byFilter, async ({ session, tenantId, body }) => {
    const rows = await repo.listReports(db, tenantId, queryFor(session, body));
    return rows.map((r) => shownTo(session, reportListItemOf(r)));
  });

  route(app, fieldReports.search, async ({ session, tenantId, body }) => {
    const rows = await repo.listReports(db, tenantId, queryFor(session, body));
    return rows.map((r) => shownTo(session, r));
  });

  route(app, fieldReports.forPayment, async ({ session, tenantId, params }) => {
    // Not in the declaration: another user's reports need the analysts' rule ("admin or flag").
    if (params.id !== session.usuario.usuarioId && !canAnalyseReports(session)) throw forbidden();
    const filter = { ...EMPTY_FILTER, usuarioIds: [params.id], statusRelatorioIds: [REPORT_STATUS.aprovado] };
    const rows = await repo.listReports(db, tenantId, queryFor(session, filter));
    return rows.map((r) => ({
      relatorioId: r.relatorioId,
      titulo: r.titulo,
      municipioId: r.municipioId,
      municipio: { nome: r.municipio.nome },
      criacao: r.criacao,
      horasTarefas: r.horasTarefas,
      horasUtilizadasString: r.horasUtilizadasString,
    }));
  });

  const aggregates = [
    [fieldReports.monthly, byMonth],
    [fieldReports.global, byMunicipality],
    [fieldReports.globalByConsultant, byMunicipalityAndConsultant],
  ] as const;
  for (const [ep, keyOf] of aggregates) {
    route(app, ep, async ({ session, tenantId, body }) =>
      aggregateReports(await repo.listReports(db, tenantId, queryFor(session, body)), keyOf),
    );
  }

  route(app, fieldReports.score, async ({ tenantId, municipality }) =>
    reportScore(municipality, await repo.scoreCounts(db, tenantId, municipality.municipioId)),
  );

  // ------------------------------------------------------------------ e-mails and files

  route(app, fieldReports.sendMail, async ({ request, session, tenantId, body }) => {
    const ref = await commands.visible(db, session, tenantId, body.relatorioId);
    const report = await commands.present(db, session, tenantId, ref.relatorioId);
    const mail = reportSummaryMail(
      report,
      publicReportLink(publicBase(request, app.config.publicUrl), report, linkChoiceOfRequest(request)),
    );
    const recipients = new Set(body.emails.map((e) => e.toLowerCase()));
    for (const to of recipients) await app.mailer.send({ to, ...mail });
    return { enviados: recipients.size };
  });

  route(app, fieldReports.survey, async ({ request, session, tenantId, params }) => {
    const ref = await commands.visible(db, session, tenantId, params.id);
    const report = await commands.present(db, session, tenantId, ref.relatorioId);
    const link = publicReportLink(publicBase(request, app.config.publicUrl), report, linkChoiceOfRequest(request));
    const guests = await repo.presentGuestEmails(db, tenantId, ref.relatorioId);
    for (const guest of guests) await app.mailer.send({ to: guest.email!, ...satisfactionSurveyMail(report, guest, link) });
    return { enviados: guests.length };
  });

  route(app, fieldReports.download, async ({ reply, session, tenantId, params }) => {
    const { file } = await requireVisibleAttachment(
      await repo.findFile(db, tenantId, params.id),
      (relatorioId) => repo.findReportRef(db, tenantId, relatorioId),
      (ref) => canSee(session, ref),
      REPORT_MESSAGES.arquivoNaoEncontrado,
    );
    return sendAttachment(reply, storage, file);
  });

  route(app, fieldReports.public, async ({ tenantId, params }) => {
    const relatorioId = await repo.findReportIdByPublicCode(db, tenantId, params.codigo);
    const report = relatorioId === null ? null : await repo.loadReport(db, tenantId, relatorioId);
    if (!report) throw notFound(REPORT_MESSAGES.naoEncontrado);
    return repo.toPublicReport(report);
  });
};
