import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { uploadFormDeps } from '../uploads/claims.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatDate } from '../../../src/domain/format.ts';
import type { PermissionContext } from '../../../src/domain/permissions.ts';
import { linkChoiceOf } from '../../../src/domain/variants.ts';
import {
  canAnalyseReports,
  canCreateReport,
  canDeleteReport,
  canEditReport,
  REPORT_MESSAGES,
  REPORT_STATUS,
  reportFilterSchema,
  shownTo,
} from '../../../src/domain/report-common.ts';
import {
  paymentReportSchema,
  publicReportSchema,
  reportAggregateRowSchema,
  reportAnalysisSchema,
  reportCreateSchema,
  reportListItemOf,
  reportListItemSchema,
  reportMailSchema,
  reportRichListItemSchema,
  reportSchema,
  reportScoreSchema,
  reportUpdateSchema,
  validateReportSave,
  type Report,
  type ReportCreate,
} from '../../../src/domain/field-reports.ts';
import { requireCityTab, requireMunicipality } from '../../lib/access.ts';
import { downloadRouteOptions, removeStoredFiles, requireVisibleAttachment, sendAttachment } from '../../lib/attachments.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { idsInMunicipality } from '../../lib/municipality-records.ts';
import { publicBase } from '../../lib/public-url.ts';
import { commitIdempotentAnswer } from '../../lib/idempotency.ts';
import { publicReportLink, reportSummaryMail, satisfactionSurveyMail } from './mail.ts';
import { readReportForm, reportFormDocument } from './multipart.ts';
import * as repo from './repository.ts';
import { canSee, EMPTY_FILTER, listMunicipalityReports, queryFor, requireVisible } from './visibility.ts';
import { sanitizeReportHtml } from '../../lib/sanitize-html.ts';
import {
  aggregateReports,
  byMonth,
  byMunicipality,
  byMunicipalityAndConsultant,
  reportScore,
} from '../../../src/domain/report-statistics.ts';
import { errorResponses, idOrZeroParam, idParam, idParams, recordErrors as errors } from '../../lib/route-schemas.ts';

const tags = ['relatorio'];
const sentSchema = z.object({ enviados: z.number().int() });

/** The client says which variant it runs in this header ('at' → the AT wording of §5 rule 2); the server has no host to read it from. */
export const VARIANT_HEADER = 'variante';

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
 * Field reports (spec §7 api/relatorio). Rules of spec §6 as decided for issue 5
 * (src/domain/report-common.ts): creating needs novoRelatorio; analysts (podeAnalisarRelatorio, or
 * admins) see every report of the municipalities they see and approve or reject; everyone else sees
 * only the reports they wrote; the author edits until approval and deletes while waiting.
 * get-by-usuario/{usuarioId}/{municipioId}: the reports that user wrote in that municipality
 * (0 = every municipality), for that user or an analyst.
 * get-by-processo-pagamento/{usuarioId}: that user's approved reports.
 * The public page reads a report by its random codigoPublico, never by its sequential id.
 */
export const fieldReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  await app.register(multipart);
  const formUploads = new WeakMap<FastifyRequest, string[]>();

  // The spec's multipart create form becomes the JSON body before validation, so one schema and one
  // handler serve both. The Idempotency-Key of a form is claimed after this (the form is its
  // fingerprint): the files of a replayed form are stored, then discarded in onResponse.
  app.addHook('preValidation', async (request, reply) => {
    if (!request.isMultipart()) return;
    if (request.method !== 'POST' || request.routeOptions.url !== '/api/relatorio') throw badRequest('Tipo de conteúdo não suportado.');
    // Refused before a single byte is stored.
    if (!canCreateReport(request.session)) throw forbidden(REPORT_MESSAGES.semPermissaoCriar);
    const created: string[] = [];
    formUploads.set(request, created);
    try {
      request.body = await readReportForm(request, uploadFormDeps(app, request, created));
    } catch (error) {
      // A form refused mid-stream (too large, malformed) is not read to its end: the connection closes after the answer.
      reply.header('connection', 'close');
      throw error;
    }
  });
  app.addHook('onResponse', async (request) => {
    const created = formUploads.get(request);
    if (created) await repo.discardUnclaimed(db, storage, request.tenant.id, created);
  });

  /** Guests must be members and tasks must be tasks of the report's municipality. */
  async function checkLinks(tenantId: string, municipioId: number, input: Pick<ReportCreate, 'convidadosRelatorio' | 'tarefasRelatorio'>) {
    const membroIds = input.convidadosRelatorio.map((g) => g.membroId);
    const members = await idsInMunicipality(
      db,
      tenantId,
      municipioId,
      'membro',
      membroIds.filter((id) => id > 0),
    );
    if (membroIds.some((id) => !members.has(id))) throw badRequest(REPORT_MESSAGES.convidadoInvalido);
    const taskIds = input.tarefasRelatorio.map((t) => t.municipioTarefaId);
    const tasks = await idsInMunicipality(db, tenantId, municipioId, 'tarefa', taskIds);
    if (taskIds.some((id) => !tasks.has(id))) throw badRequest(REPORT_MESSAGES.tarefaInvalida);
  }

  async function municipalityOf(ctx: PermissionContext, tenantId: string, municipioId: number) {
    requireMunicipality(ctx, municipioId);
    const municipality = await repo.findMunicipality(db, tenantId, municipioId);
    if (!municipality) throw notFound('Município não encontrado.');
    return municipality;
  }

  async function loaded(tenantId: string, relatorioId: number): Promise<Report> {
    const report = await repo.loadReport(db, tenantId, relatorioId);
    if (!report) throw notFound(REPORT_MESSAGES.naoEncontrado);
    return report;
  }

  /** Documents the variant header the create and edit routes read (isAtRequest). */
  const variantHeader = {
    [VARIANT_HEADER]: {
      description: 'Variante do aplicativo que envia (por exemplo "cidade-empreendedora"); "at" usa a redação AT da regra 2 (§5).',
      schema: { type: 'string', example: 'at' },
    },
  };

  app.post(
    '/relatorio',
    {
      config: { openapi: { bodies: { 'multipart/form-data': reportFormDocument }, headers: variantHeader } },
      schema: {
        tags,
        summary:
          'Criar relatório (JSON com arquivosUploadIds de envios concluídos, ou multipart/form-data com partes arquivos e os campos *String da especificação)',
        body: reportCreateSchema,
        response: { 201: reportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      if (!canCreateReport(ctx)) throw forbidden(REPORT_MESSAGES.semPermissaoCriar);
      const municipality = await municipalityOf(ctx, tenantId, request.body.municipioId);
      // Spec §5 is checked on what will be stored: a description that is only a script has no text.
      const body = { ...request.body, descricao: sanitizeReportHtml(request.body.descricao) };
      const checked = validateReportSave(body, { uf: municipality.uf, mode: { isAT: isAtRequest(request) } });
      if (!checked.ok) throw badRequest(checked.message);
      const input = checked.value;
      const meeting = await repo.findMeeting(db, tenantId, input.encontroId!);
      if (!meeting || meeting.municipioId !== input.municipioId) throw badRequest(REPORT_MESSAGES.encontroNaoEncontrado);
      if (await repo.meetingHasReport(db, tenantId, meeting.encontroId)) throw conflict(REPORT_MESSAGES.encontroComRelatorio);
      await checkLinks(tenantId, input.municipioId, input);
      let created: Report | null = null;
      await repo.insertReport(db, storage, {
        tenantId,
        usuarioId: ctx.usuario.usuarioId,
        input: {
          ...input,
          encontroId: meeting.encontroId,
          // The form fills it from the meeting (spec §2); an API client that left it empty gets the same.
          titulo: input.titulo || `${meeting.grupoNome} - ${formatDate(meeting.inicio)}`,
        },
        // The answer commits with the report: after a crash past this point the retry replays it, never runs again.
        beforeCommit: async (tx, relatorioId) => {
          const report = await repo.loadReport(tx, tenantId, relatorioId);
          if (!report) throw notFound(REPORT_MESSAGES.naoEncontrado);
          const answer = shownTo(ctx, report);
          created = answer;
          await commitIdempotentAnswer(tx, request, () => ({
            statusCode: 201,
            contentType: 'application/json; charset=utf-8',
            body: JSON.stringify(z.encode(reportSchema, answer)),
          }));
        },
      });
      return reply.status(201).send(created!);
    },
  );

  app.put(
    '/relatorio',
    {
      config: { openapi: { headers: variantHeader } },
      schema: {
        tags,
        summary: 'Alterar relatório (o autor, enquanto não aprovado); volta para aguardando análise',
        body: reportUpdateSchema,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const ref = requireVisible(ctx, await repo.findReportRef(db, tenantId, request.body.relatorioId));
      if (!canEditReport(ctx, ref)) throw forbidden(REPORT_MESSAGES.semPermissaoEditar);
      const municipality = await repo.findMunicipality(db, tenantId, ref.municipioId);
      if (!municipality) throw notFound(REPORT_MESSAGES.naoEncontrado);
      // The meeting is fixed at creation (rule 2 holds for it); a report whose meeting was deleted since stays editable.
      const body = { ...request.body, descricao: sanitizeReportHtml(request.body.descricao), encontroId: ref.encontroId ?? 'excluido' };
      const checked = validateReportSave(body, { uf: municipality.uf, mode: { isAT: isAtRequest(request) } });
      if (!checked.ok) throw badRequest(checked.message);
      await checkLinks(tenantId, ref.municipioId, checked.value);
      const removed = await repo.updateReport(db, storage, {
        tenantId,
        usuarioId: ctx.usuario.usuarioId,
        input: { ...checked.value, encontroId: ref.encontroId, titulo: checked.value.titulo || ref.titulo },
      });
      await removeStoredFiles(storage, removed);
      return shownTo(ctx, await loaded(tenantId, ref.relatorioId));
    },
  );

  app.delete(
    '/relatorio/:id',
    {
      schema: {
        tags,
        summary: 'Excluir relatório (o autor enquanto aguarda análise, ou um administrador)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const ctx = request.session;
      const ref = requireVisible(ctx, await repo.findReportRef(db, request.tenant.id, request.params.id));
      if (!canDeleteReport(ctx, ref)) throw forbidden(REPORT_MESSAGES.semPermissaoExcluir);
      await removeStoredFiles(storage, await repo.deleteReport(db, request.tenant.id, ref.relatorioId));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/relatorio/get-by-id/:id',
    { schema: { tags, summary: 'Relatório por id', params: idParams, response: { 200: reportSchema, ...errors } } },
    async (request) => {
      const ref = requireVisible(request.session, await repo.findReportRef(db, request.tenant.id, request.params.id));
      return shownTo(request.session, await loaded(request.tenant.id, ref.relatorioId));
    },
  );

  app.get(
    '/relatorio/get-by-municipio/:id',
    {
      schema: {
        tags,
        summary: 'Lista de relatórios do município (analistas: todos; demais: os seus)',
        params: idParams,
        response: { 200: z.array(reportListItemSchema), ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      await municipalityOf(ctx, request.tenant.id, request.params.id);
      // The city's report list is the Relatórios tab: closed to whoever may not open it.
      requireCityTab(ctx, request.params.id, 'relatorio');
      return listMunicipalityReports(db, request.tenant.id, ctx, request.params.id);
    },
  );

  app.get(
    '/relatorio/get-by-usuario/:usuarioId/:municipioId',
    {
      schema: {
        tags,
        summary: 'Relatórios escritos pelo usuário no município (municipioId 0 = todos os municípios visíveis)',
        params: z.object({
          usuarioId: idParam,
          municipioId: idOrZeroParam,
        }),
        response: { 200: z.array(reportListItemSchema), ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const { usuarioId, municipioId } = request.params;
      if (usuarioId !== ctx.usuario.usuarioId && !canAnalyseReports(ctx)) throw forbidden();
      if (municipioId !== 0 && usuarioId !== ctx.usuario.usuarioId) await municipalityOf(ctx, request.tenant.id, municipioId);
      const filter = { ...EMPTY_FILTER, usuarioIds: [usuarioId], municipioIds: municipioId === 0 ? [] : [municipioId] };
      const rows = await repo.listReports(db, request.tenant.id, queryFor(ctx, filter));
      return rows.map((r) => shownTo(ctx, reportListItemOf(r)));
    },
  );

  app.post(
    '/relatorio/get-by-filtro',
    {
      schema: {
        tags,
        summary: 'Relatórios por filtro (município, consultor, status, período de criação)',
        body: reportFilterSchema,
        response: { 200: z.array(reportListItemSchema), ...errors },
      },
    },
    async (request) => {
      const rows = await repo.listReports(db, request.tenant.id, queryFor(request.session, request.body));
      return rows.map((r) => shownTo(request.session, reportListItemOf(r)));
    },
  );

  app.post(
    '/relatorio/get-by-filtro-novo',
    {
      schema: {
        tags,
        summary: 'Relatórios por filtro, com município, horas, execução, atendimentos e quantidade de anexos',
        body: reportFilterSchema,
        response: { 200: z.array(reportRichListItemSchema), ...errors },
      },
    },
    async (request) => {
      const rows = await repo.listReports(db, request.tenant.id, queryFor(request.session, request.body));
      return rows.map((r) => shownTo(request.session, r));
    },
  );

  app.put(
    '/relatorio/analisar-relatorio',
    {
      schema: {
        tags,
        summary: 'Aprovar ou rejeitar (com motivo) um relatório',
        body: reportAnalysisSchema,
        response: { 200: reportSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      if (!canAnalyseReports(ctx)) throw forbidden(REPORT_MESSAGES.semPermissaoAnalisar);
      const ref = requireVisible(ctx, await repo.findReportRef(db, request.tenant.id, request.body.relatorioId));
      await repo.analyseReport(db, {
        tenantId: request.tenant.id,
        relatorioId: ref.relatorioId,
        aprovado: request.body.aprovado,
        motivoRejeicao: request.body.motivoRejeicao?.trim() || null,
        analisadoPorId: ctx.usuario.usuarioId,
      });
      return shownTo(ctx, await loaded(request.tenant.id, ref.relatorioId));
    },
  );

  app.get(
    '/relatorio/get-by-processo-pagamento/:id',
    {
      schema: {
        tags,
        summary: 'Relatórios aprovados do usuário {id}, disponíveis para um processo de pagamento (com horasTarefas)',
        params: idParams,
        response: { 200: z.array(paymentReportSchema), ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      if (request.params.id !== ctx.usuario.usuarioId && !canAnalyseReports(ctx)) throw forbidden();
      const filter = { ...EMPTY_FILTER, usuarioIds: [request.params.id], statusRelatorioIds: [REPORT_STATUS.aprovado] };
      const rows = await repo.listReports(db, request.tenant.id, queryFor(ctx, filter));
      return rows.map((r) => ({
        relatorioId: r.relatorioId,
        titulo: r.titulo,
        municipioId: r.municipioId,
        municipio: { nome: r.municipio.nome },
        criacao: r.criacao,
        horasTarefas: r.horasTarefas,
        horasUtilizadasString: r.horasUtilizadasString,
      }));
    },
  );

  const aggregates = [
    ['/relatorio/relatorio-mensal', 'Relatórios por mês (calendário de São Paulo): quantidades e horas', byMonth],
    ['/relatorio/relatorio-global', 'Relatórios por município: quantidades e horas', byMunicipality],
    ['/relatorio/novo-relatorio-global', 'Relatórios por município e consultor: quantidades e horas', byMunicipalityAndConsultant],
  ] as const;
  for (const [url, summary, keyOf] of aggregates) {
    app.post(
      url,
      { schema: { tags, summary, body: reportFilterSchema, response: { 200: z.array(reportAggregateRowSchema), ...errors } } },
      async (request) => aggregateReports(await repo.listReports(db, request.tenant.id, queryFor(request.session, request.body)), keyOf),
    );
  }

  app.post(
    '/relatorio/relatorio-municipio-pontuacao/:id',
    {
      schema: {
        tags,
        summary: 'Pontuação do município pelos seus relatórios (aprovados, tarefas cumpridas, presença)',
        params: idParams,
        response: { 200: reportScoreSchema, ...errors },
      },
    },
    async (request) => {
      const municipality = await municipalityOf(request.session, request.tenant.id, request.params.id);
      return reportScore(municipality, await repo.scoreCounts(db, request.tenant.id, municipality.municipioId));
    },
  );

  app.post(
    '/relatorio/send-mail-report',
    {
      schema: {
        tags,
        summary: 'Enviar por e-mail o resumo de um relatório (com o link público) aos endereços informados',
        body: reportMailSchema,
        response: { 200: sentSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const ref = requireVisible(ctx, await repo.findReportRef(db, request.tenant.id, request.body.relatorioId));
      const report = await loaded(request.tenant.id, ref.relatorioId);
      const mail = reportSummaryMail(
        report,
        publicReportLink(publicBase(request, app.config.publicUrl), report, linkChoiceOfRequest(request)),
      );
      const recipients = new Set(request.body.emails.map((e) => e.toLowerCase()));
      for (const to of recipients) await app.mailer.send({ to, ...mail });
      return { enviados: recipients.size };
    },
  );

  app.get(
    '/relatorio/envio-pesquisa/:id',
    {
      schema: {
        tags,
        summary: 'Enviar a pesquisa de satisfação do encontro aos convidados presentes que têm e-mail',
        params: idParams,
        response: { 200: sentSchema, ...errors },
      },
    },
    async (request) => {
      const ref = requireVisible(request.session, await repo.findReportRef(db, request.tenant.id, request.params.id));
      const report = await loaded(request.tenant.id, ref.relatorioId);
      const link = publicReportLink(publicBase(request, app.config.publicUrl), report, linkChoiceOfRequest(request));
      const guests = await repo.presentGuestEmails(db, request.tenant.id, ref.relatorioId);
      for (const guest of guests) await app.mailer.send({ to: guest.email!, ...satisfactionSurveyMail(report, guest, link) });
      return { enviados: guests.length };
    },
  );

  app.post(
    '/arquivo/anexo/download/:id',
    downloadRouteOptions({
      tags,
      summary: 'Baixar um anexo de relatório (blob), para quem pode ver o relatório',
      params: idParams,
      errors,
    }),
    async (request, reply) => {
      const tenantId = request.tenant.id;
      const { file } = await requireVisibleAttachment(
        await repo.findFile(db, tenantId, request.params.id),
        (relatorioId) => repo.findReportRef(db, tenantId, relatorioId),
        (ref) => canSee(request.session, ref),
        REPORT_MESSAGES.arquivoNaoEncontrado,
      );
      return sendAttachment(reply, storage, file);
    },
  );

  app.get(
    '/relatorio/obter-publico/:codigo',
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Relatório público pelo código do link compartilhado (sem dados pessoais nem motivo de rejeição)',
        params: z.object({ codigo: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }),
        response: { 200: publicReportSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const relatorioId = await repo.findReportIdByPublicCode(db, request.tenant.id, request.params.codigo);
      if (relatorioId === null) throw notFound(REPORT_MESSAGES.naoEncontrado);
      return repo.toPublicReport(await loaded(request.tenant.id, relatorioId));
    },
  );
};
