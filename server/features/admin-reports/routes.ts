import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  canSeeMunicipality,
  permittedMunicipalityIds,
  seesAllMunicipalities,
  isAdmin,
  isRestrictedBy,
  type PermissionContext,
} from '../../../src/domain/permissions.ts';
import {
  canAnalyseReports,
  canCreateReport,
  canDeleteReport,
  canEditReport,
  canSeeReport,
  htmlHasText,
  REPORT_MESSAGES,
  reportFilterSchema,
  shownTo,
} from '../../../src/domain/report-common.ts';
import {
  ADMIN_REPORT_MESSAGES,
  adminReportAnalysisSchema,
  adminReportCreateSchema,
  adminReportListItemSchema,
  adminReportSchema,
  adminReportUpdateSchema,
  publicAdminReportSchema,
  type AdminReport,
  type AdminReportListItem,
} from '../../../src/domain/admin-reports.ts';
import { requireMunicipality } from '../../lib/access.ts';
import { downloadRouteOptions, removeStoredFiles, requireVisibleAttachment, sendAttachment } from '../../lib/attachments.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { listMunicipalityAdminReports } from './read.ts';
import { municipalityExists } from '../municipalities/read.ts';
import * as repo from './repository.ts';
import { sanitizeReportHtml } from '../../lib/sanitize-html.ts';
import { errorResponses, idOrZeroParam, idParam, idParams, recordErrors as errors } from '../../lib/route-schemas.ts';

const BASE = '/relatorioadministrativo/relatorioadministrativo';
const MUNICIPALITY_NOT_FOUND = 'Município não encontrado.';
const ATTACHMENT_NOT_FOUND = 'Anexo não encontrado.';

const tags = ['relatorio-administrativo'];

/** Spec §6: a group with ocultarRelatorioAdministrativos (and the global flag) has no administrative reports at all. */
function requireAdminReports(ctx: PermissionContext): void {
  if (isRestrictedBy(ctx, 'ocultarRelatorioAdministrativos')) throw forbidden(ADMIN_REPORT_MESSAGES.oculto);
}

/** Municipality ids whose reports the user may list; undefined = the whole tenant. */
function visibleMunicipalityIds(ctx: PermissionContext): number[] | undefined {
  return seesAllMunicipalities(ctx) ? undefined : [...permittedMunicipalityIds(ctx.usuario)];
}

/** Same rule as field reports: analysts see every report of the municipalities they see, everyone else only their own. */
function canSee(ctx: PermissionContext, report: repo.StoredAdminReport): boolean {
  return canSeeReport(ctx, report) && canSeeMunicipality(ctx, report.municipioId);
}

/** A report the user may not see answers exactly like a missing one. */
function requireVisible(ctx: PermissionContext, report: repo.StoredAdminReport | null): repo.StoredAdminReport {
  if (!report || !canSee(ctx, report)) throw notFound(ADMIN_REPORT_MESSAGES.naoEncontrado);
  return report;
}

/** The sanitised description must still have text: "<script>…</script>" alone is an empty report. */
function cleanDescription(html: string): string {
  const clean = sanitizeReportHtml(html);
  if (!htmlHasText(clean)) throw badRequest(ADMIN_REPORT_MESSAGES.descricaoObrigatoria);
  return clean;
}

/**
 * Administrative reports (spec §7 api/relatorioadministrativo/relatorioadministrativo and the
 * api/arquivo/anexo calls for their files). Rules, the same as field reports (src/domain/report-common.ts):
 * creating needs novoRelatorio; analysts (podeAnalisarRelatorio, or admins) see and analyse every
 * report of the municipalities they see, others see their own; the author edits while the report is
 * not approved; the author deletes while it waits for analysis (admins always). Hidden entirely
 * (403) for groups with ocultarRelatorioAdministrativos.
 *
 * get-by-usuario/{a}/{b}: a = usuarioId, b = municipioId, 0 for every municipality the caller sees.
 * Public page: GET obter-publico/{codigo} answers by the report's random public code, never its id.
 */
export const adminReportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  // Spec §6 hides the whole feature from such groups: every route but the public page refuses them before its handler runs.
  app.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.public) requireAdminReports(request.session);
  });

  async function load(tenantId: string, id: number): Promise<AdminReport> {
    const report = await repo.findAdminReport(db, tenantId, id);
    if (!report) throw new Error(`administrative report ${id} vanished after being written`);
    return repo.withStatusName(report);
  }

  app.post(
    BASE,
    {
      schema: {
        tags,
        summary: 'Cadastrar relatório administrativo (anexos: ids de envios concluídos em api/upload, finalidade anexo)',
        body: adminReportCreateSchema,
        response: { 201: adminReportSchema, ...errors },
      },
    },
    async (request, reply) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      if (!canCreateReport(ctx)) throw forbidden(REPORT_MESSAGES.semPermissaoCriar);
      const input = request.body;
      requireMunicipality(ctx, input.municipioId);
      if (!(await municipalityExists(db, tenantId, input.municipioId))) throw notFound(MUNICIPALITY_NOT_FOUND);
      const descricao = cleanDescription(input.descricao);
      const id = await repo.insertAdminReport(db, storage, tenantId, {
        municipioId: input.municipioId,
        usuarioId: ctx.usuario.usuarioId,
        uploadIds: input.arquivosUploadIds,
        titulo: input.titulo,
        horas: input.horas,
        descricao,
      });
      return reply.status(201).send(await load(tenantId, id));
    },
  );

  app.put(
    BASE,
    {
      schema: {
        tags,
        summary: 'Alterar relatório administrativo (autor, enquanto não aprovado; volta a aguardar análise)',
        body: adminReportUpdateSchema,
        response: { 200: adminReportSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const input = request.body;
      const report = requireVisible(ctx, await repo.findAdminReport(db, tenantId, input.relatorioAdministrativoId));
      if (!canEditReport(ctx, report)) throw forbidden(REPORT_MESSAGES.semPermissaoEditar);
      const attached = new Set(report.arquivos.map((a) => a.arquivoId));
      if (input.arquivosExcluidosIds.some((arquivoId) => !attached.has(arquivoId))) throw notFound(ATTACHMENT_NOT_FOUND);
      const descricao = cleanDescription(input.descricao);
      const removed = await repo.updateAdminReport(db, storage, tenantId, report.relatorioAdministrativoId, {
        usuarioId: ctx.usuario.usuarioId,
        uploadIds: input.arquivosUploadIds,
        titulo: input.titulo,
        horas: input.horas,
        descricao,
        removeArquivoIds: input.arquivosExcluidosIds,
      });
      await removeStoredFiles(storage, removed);
      return load(tenantId, report.relatorioAdministrativoId);
    },
  );

  app.get(
    `${BASE}/:id`,
    { schema: { tags, summary: 'Relatório administrativo por id', params: idParams, response: { 200: adminReportSchema, ...errors } } },
    async (request) => {
      const report = requireVisible(request.session, await repo.findAdminReport(db, request.tenant.id, request.params.id));
      return shownTo(request.session, repo.withStatusName(report));
    },
  );

  app.get(
    `${BASE}/get-by-municipio/:id`,
    {
      schema: {
        tags,
        summary: 'Relatórios administrativos de um município (analistas: todos; demais: os seus)',
        params: idParams,
        response: { 200: z.array(adminReportListItemSchema), ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      requireMunicipality(ctx, request.params.id);
      if (!(await municipalityExists(db, request.tenant.id, request.params.id))) throw notFound(MUNICIPALITY_NOT_FOUND);
      return listMunicipalityAdminReports(db, request.tenant.id, ctx, request.params.id);
    },
  );

  app.post(
    `${BASE}/get-by-filtro`,
    {
      schema: {
        tags,
        summary: 'Relatórios administrativos por município, consultor, status e período (dias de criação, horário de Brasília)',
        body: reportFilterSchema,
        response: { 200: z.array(adminReportListItemSchema), ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const filter = request.body;
      const visible = visibleMunicipalityIds(ctx);
      const municipioIds = filter.municipioIds.length > 0 ? filter.municipioIds : visible;
      let usuarioIds: number[] | undefined = filter.usuarioIds.length > 0 ? filter.usuarioIds : undefined;
      if (!canAnalyseReports(ctx)) usuarioIds = [ctx.usuario.usuarioId];
      const rows = await repo.listAdminReports(db, request.tenant.id, {
        // Asking for a municipality one cannot see yields nothing from it, not an error: the filter is a search.
        municipioIds: visible && municipioIds ? municipioIds.filter((id) => visible.includes(id)) : municipioIds,
        usuarioIds,
        statusRelatorioIds: filter.statusRelatorioIds.length > 0 ? filter.statusRelatorioIds : undefined,
        inicio: filter.inicio,
        fim: filter.fim,
      });
      return rows.map((row) => shownTo(ctx, row));
    },
  );

  app.get(
    `${BASE}/get-by-usuario/:usuarioId/:municipioId`,
    {
      schema: {
        tags,
        summary: 'Relatórios administrativos de um usuário (municipioId 0: todos os municípios visíveis)',
        params: z.object({
          usuarioId: idParam,
          municipioId: idOrZeroParam,
        }),
        response: { 200: z.array(adminReportListItemSchema), ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const { usuarioId, municipioId } = request.params;
      if (usuarioId !== ctx.usuario.usuarioId && !canAnalyseReports(ctx)) throw forbidden();
      let municipioIds = visibleMunicipalityIds(ctx);
      if (municipioId !== 0) {
        requireMunicipality(ctx, municipioId);
        municipioIds = [municipioId];
      }
      const rows: AdminReportListItem[] = await repo.listAdminReports(db, request.tenant.id, { municipioIds, usuarioIds: [usuarioId] });
      return rows.map((row) => shownTo(ctx, row));
    },
  );

  app.put(
    `${BASE}/analisar-relatorio-administrativo`,
    {
      schema: {
        tags,
        summary: 'Aprovar ou rejeitar (com motivo) um relatório administrativo',
        body: adminReportAnalysisSchema,
        response: { 200: adminReportSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      if (!canAnalyseReports(ctx)) throw forbidden(REPORT_MESSAGES.semPermissaoAnalisar);
      const { relatorioAdministrativoId, aprovado, motivoRejeicao } = request.body;
      const report = requireVisible(ctx, await repo.findAdminReport(db, tenantId, relatorioAdministrativoId));
      await repo.analyseAdminReport(db, tenantId, report.relatorioAdministrativoId, {
        aprovado,
        motivoRejeicao: motivoRejeicao?.trim() || null,
        analisadoPorId: ctx.usuario.usuarioId,
      });
      return load(tenantId, report.relatorioAdministrativoId);
    },
  );

  app.delete(
    `${BASE}/:id`,
    {
      schema: {
        tags,
        summary: 'Excluir relatório administrativo (autor enquanto aguarda análise; administradores sempre)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const ctx = request.session;
      const report = requireVisible(ctx, await repo.findAdminReport(db, request.tenant.id, request.params.id));
      if (!canDeleteReport(ctx, report)) throw forbidden(REPORT_MESSAGES.semPermissaoExcluir);
      await repo.deleteAdminReport(db, storage, request.tenant.id, report.relatorioAdministrativoId);
      return reply.status(204).send(null);
    },
  );

  app.get(
    `${BASE}/obter-publico/:codigo`,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'Página pública de um relatório administrativo, pelo código do link compartilhado',
        params: z.object({ codigo: z.string().min(16).max(64) }),
        response: { 200: publicAdminReportSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => {
      const found = await repo.findByPublicCode(db, request.tenant.id, request.params.codigo);
      const report = found ? await repo.findAdminReport(db, request.tenant.id, found) : null;
      if (!report) throw notFound(ADMIN_REPORT_MESSAGES.naoEncontrado);
      return {
        titulo: report.titulo,
        horas: report.horas,
        municipio: report.municipio,
        data: report.criacao,
        descricao: report.descricao,
        arquivos: report.arquivos.map((a) => ({ nome: a.nome })),
      };
    },
  );

  /** Loads an attachment and its report, applying the report's visibility rule. */
  async function visibleAttachment(ctx: PermissionContext, tenantId: string, arquivoId: number) {
    const { file, record } = await requireVisibleAttachment(
      await repo.findAttachment(db, tenantId, arquivoId),
      (id) => repo.findAdminReport(db, tenantId, id),
      (report) => canSee(ctx, report),
      ATTACHMENT_NOT_FOUND,
    );
    return { file, report: record };
  }

  app.post(
    '/arquivo/anexo/download/relatorio-administrativo/:id',
    downloadRouteOptions({
      tags,
      summary: 'Baixar um anexo de relatório administrativo (id do arquivo); só para quem pode ver o relatório',
      params: idParams,
      errors,
    }),
    async (request, reply) => {
      const { file } = await visibleAttachment(request.session, request.tenant.id, request.params.id);
      return sendAttachment(reply, storage, file);
    },
  );

  app.post(
    '/arquivo/anexo/excluir-relatorio-anexo/:id',
    {
      schema: {
        tags,
        summary: 'Excluir um anexo de relatório administrativo (autor enquanto pode alterar; administradores sempre)',
        params: idParams,
        response: { 200: adminReportSchema, ...errors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const tenantId = request.tenant.id;
      const { file, report } = await visibleAttachment(ctx, tenantId, request.params.id);
      if (!isAdmin(ctx.usuario) && !canEditReport(ctx, report)) throw forbidden(REPORT_MESSAGES.semPermissaoEditar);
      await repo.removeAttachment(db, storage, tenantId, report.relatorioAdministrativoId, file.arquivoId);
      return shownTo(ctx, await load(tenantId, report.relatorioAdministrativoId));
    },
  );
};
