import { z } from 'zod';
import {
  adminReportAnalysisSchema,
  adminReportCreateSchema,
  adminReportListItemSchema,
  adminReportSchema,
  adminReportUpdateSchema,
  publicAdminReportSchema,
} from '../domain/admin-reports.ts';
import { REPORT_MESSAGES, reportFilterSchema } from '../domain/report-common.ts';
import { UPLOAD_PURPOSES } from '../domain/uploads.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses, idOrZeroParam, idParam, idParams, recordErrors as errors, storedFileResponse } from './schemas.ts';

/**
 * Administrative reports (spec §7 api/relatorioadministrativo/relatorioadministrativo and the
 * api/arquivo/anexo calls for their files). Rules, the same as field reports
 * (src/domain/report-common.ts): creating needs novoRelatorio; analysts (podeAnalisarRelatorio, or
 * admins) see and analyse every report of the municipalities they see, others see their own; the
 * author edits while the report is not approved; the author deletes while it waits for analysis
 * (admins always).
 *
 * Access declared here: a report or an attachment through the municipality of the report
 * (server/features/admin-reports registers `adminReport` and `adminReportAttachment`: one the user
 * may not see is not found), creating (the flag with its own message, then the municipality). Kept
 * in the server feature because the vocabulary cannot say it: the whole feature is hidden (403, its
 * own message) from groups with ocultarRelatorioAdministrativos, a flag that takes away; analysing is
 * "admin or podeAnalisarRelatorio", decided before the report's visibility; editing and deleting
 * read the report's status.
 */

const tags = ['relatorio-administrativo'];
const BASE = '/relatorioadministrativo/relatorioadministrativo';
const report = (id: 'params.id' | 'body.relatorioAdministrativoId') => ({ record: { of: 'adminReport', id } }) as const;
const attachment = { record: { of: 'adminReportAttachment', id: 'params.id' } } as const;
const list = { 200: z.array(adminReportListItemSchema), ...errors };

export const adminReports = {
  create: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Cadastrar relatório administrativo (anexos: ids de envios concluídos em api/upload, finalidade anexo)',
    tags,
    access: { flag: 'novoRelatorio', refused: REPORT_MESSAGES.semPermissaoCriar, municipality: 'body.municipioId' },
    body: adminReportCreateSchema,
    response: { 201: adminReportSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: BASE,
    summary: 'Alterar relatório administrativo (autor, enquanto não aprovado; volta a aguardar análise)',
    tags,
    access: report('body.relatorioAdministrativoId'),
    body: adminReportUpdateSchema,
    response: { 200: adminReportSchema, ...errors },
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Relatório administrativo por id',
    tags,
    access: report('params.id'),
    params: idParams,
    response: { 200: adminReportSchema, ...errors },
  }),
  byMunicipality: endpoint({
    method: 'GET',
    path: `${BASE}/get-by-municipio/:id`,
    summary: 'Relatórios administrativos de um município (analistas: todos; demais: os seus)',
    tags,
    access: { municipality: 'params.id' },
    params: idParams,
    response: list,
  }),
  byFilter: endpoint({
    method: 'POST',
    path: `${BASE}/get-by-filtro`,
    summary: 'Relatórios administrativos por município, consultor, status e período (dias de criação, horário de Brasília)',
    tags,
    access: 'session',
    body: reportFilterSchema,
    response: list,
  }),
  byUser: endpoint({
    method: 'GET',
    path: `${BASE}/get-by-usuario/:usuarioId/:municipioId`,
    summary: 'Relatórios administrativos de um usuário (municipioId 0: todos os municípios visíveis)',
    tags,
    access: 'session',
    params: z.object({ usuarioId: idParam, municipioId: idOrZeroParam }),
    response: list,
  }),
  analyse: endpoint({
    method: 'PUT',
    path: `${BASE}/analisar-relatorio-administrativo`,
    summary: 'Aprovar ou rejeitar (com motivo) um relatório administrativo',
    tags,
    access: 'session',
    body: adminReportAnalysisSchema,
    response: { 200: adminReportSchema, ...errors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Excluir relatório administrativo (autor enquanto aguarda análise; administradores sempre)',
    tags,
    access: report('params.id'),
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  public: endpoint({
    method: 'GET',
    path: `${BASE}/obter-publico/:codigo`,
    summary: 'Página pública de um relatório administrativo, pelo código do link compartilhado',
    tags,
    access: 'public',
    params: z.object({ codigo: z.string().min(16).max(64) }),
    response: { 200: publicAdminReportSchema, ...errorResponses(400, 404) },
  }),
  download: endpoint({
    method: 'POST',
    path: '/arquivo/anexo/download/relatorio-administrativo/:id',
    summary: 'Baixar um anexo de relatório administrativo (id do arquivo); só para quem pode ver o relatório',
    tags,
    access: attachment,
    // A download changes nothing: its bytes are never stored as a replayable answer.
    idempotency: false,
    params: idParams,
    response: { 200: storedFileResponse(UPLOAD_PURPOSES.anexo.types), ...errors },
  }),
  removeAttachment: endpoint({
    method: 'POST',
    path: '/arquivo/anexo/excluir-relatorio-anexo/:id',
    summary: 'Excluir um anexo de relatório administrativo (autor enquanto pode alterar; administradores sempre)',
    tags,
    access: attachment,
    params: idParams,
    response: { 200: adminReportSchema, ...errors },
  }),
};
