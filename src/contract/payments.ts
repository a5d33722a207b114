import { z } from 'zod';
import {
  billableAdminReportSchema,
  billableReportSchema,
  paymentAnalysisSchema,
  paymentDetailSchema,
  paymentFilterSchema,
  paymentInputSchema,
  paymentNumberSchema,
  paymentRowSchema,
  paymentUpdateSchema,
} from '../domain/payments.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses, fileResponse, idParam, idParams, readErrors, recordErrors as errors } from './schemas.ts';

/**
 * Payment processes (spec §7 api/relatorio/relatorioGestaoPagamento, and the process's files under
 * api/arquivo/anexo). Login only (spec §6); a consultant reads and writes their own processes, the
 * holders of menuProcessosPagamento (and admins) every process of the tenant: decided by the server.
 *
 * PROPOSAL written by the client helper (payui) while the server helper's contract had not landed:
 * the server helper's version of this file wins on merge.
 */
const tags = ['processo-pagamento'];
const BASE = '/relatorio/relatorioGestaoPagamento';
const userAndContract = z.object({ usuarioId: idParam, contratoId: idParam });
const list = { 200: z.array(paymentRowSchema), ...readErrors };
const zipOrFile = fileResponse('Os arquivos do processo: um zip quando são vários', 'application/zip', 'application/pdf');

export const payments = {
  list: endpoint({
    method: 'GET',
    path: `${BASE}/list`,
    summary: 'Todos os processos de pagamento visíveis',
    tags,
    access: 'session',
    response: list,
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Um processo com seus relatórios, relatórios administrativos e arquivos',
    tags,
    access: 'session',
    params: idParams,
    response: { 200: paymentDetailSchema, ...readErrors },
  }),
  byUser: endpoint({
    method: 'POST',
    path: `${BASE}/get-by-usuario`,
    summary: 'Os processos de um usuário (Meus Processos de Pagamentos)',
    tags,
    access: 'session',
    body: z.object({ usuarioId: z.number().int().positive() }),
    response: list,
  }),
  search: endpoint({
    method: 'POST',
    path: `${BASE}/list-by-filtro`,
    summary: 'Processos por usuário, contrato, período e situação',
    tags,
    access: 'session',
    body: paymentFilterSchema,
    response: list,
  }),
  create: endpoint({
    method: 'POST',
    path: `${BASE}/cadastrar-relatorio-pagamento`,
    summary:
      'Abrir um processo (multipart: arquivos, relatoriosString, relatoriosAdministrativosString, contratoId, codigoContratacao, periodoRealizacao, horas, numero, total)',
    tags,
    access: 'session',
    body: paymentInputSchema,
    response: { 201: paymentDetailSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/atualizar-relatorio-pagamento`,
    summary: 'Alterar um processo ainda não aprovado (multipart, como o cadastro, com processoPagamentoId)',
    tags,
    access: 'session',
    body: paymentUpdateSchema,
    response: { 200: paymentDetailSchema, ...errors },
  }),
  analyse: endpoint({
    method: 'PUT',
    path: `${BASE}/analisar-relatorio`,
    summary: 'Aprovar ou rejeitar (com motivo) um processo',
    tags,
    access: { manage: 'menuProcessosPagamento' },
    body: paymentAnalysisSchema,
    response: { 200: paymentDetailSchema, ...errors },
  }),
  sendToSgf: endpoint({
    method: 'GET',
    path: `${BASE}/send-mail-sgf/:id`,
    summary: 'Enviar o processo aprovado ao SGF por e-mail (uma vez; registrado no processo)',
    tags,
    access: { manage: 'menuProcessosPagamento' },
    params: idParams,
    response: { 200: paymentDetailSchema, ...errors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Excluir um processo ainda não aprovado',
    tags,
    access: 'session',
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  downloadFiles: endpoint({
    method: 'GET',
    path: `${BASE}/download-gestao-pagamento/:id`,
    summary: 'Os arquivos do processo',
    tags,
    access: 'session',
    idempotency: false,
    params: idParams,
    response: { 200: zipOrFile, ...readErrors },
  }),
  downloadServiceReport: endpoint({
    method: 'GET',
    path: `${BASE}/download-relatorio-prestacao-servico/:id`,
    summary: 'O relatório de prestação de serviço do processo (PDF)',
    tags,
    access: 'session',
    idempotency: false,
    params: idParams,
    response: { 200: fileResponse('O relatório de prestação de serviço', 'application/pdf'), ...readErrors },
  }),
  downloadAttachments: endpoint({
    method: 'POST',
    path: '/arquivo/anexo/download-processo-pagamento/:id',
    summary: 'Os arquivos do processo (um zip quando são vários)',
    tags,
    access: 'session',
    idempotency: false,
    params: idParams,
    response: { 200: zipOrFile, ...readErrors },
  }),
  number: endpoint({
    method: 'GET',
    path: `${BASE}/obter-numero-relatorio/:usuarioId/:contratoId`,
    summary: 'Quantos processos o usuário já abriu no contrato (quantidadeAtual) e o último período (ultimoPeriodo)',
    tags,
    access: 'session',
    params: userAndContract,
    response: { 200: paymentNumberSchema, ...readErrors },
  }),
  billableReports: endpoint({
    method: 'GET',
    path: `${BASE}/relatorios/:usuarioId/:contratoId`,
    summary: 'Relatórios do usuário no contrato que podem ser cobrados (analisados, não rejeitados, em nenhum processo)',
    tags,
    access: 'session',
    params: userAndContract,
    response: { 200: z.array(billableReportSchema), ...readErrors },
  }),
  billableAdminReports: endpoint({
    method: 'GET',
    path: `${BASE}/relatorios-administrativos/:usuarioId/:contratoId`,
    summary: 'Relatórios administrativos do usuário no contrato que podem ser cobrados',
    tags,
    access: 'session',
    params: userAndContract,
    response: { 200: z.array(billableAdminReportSchema), ...readErrors },
  }),
  askSignature: endpoint({
    method: 'POST',
    path: '/usuario/enviar-assinatura-eletronica',
    summary: 'Pedir ao consultor a assinatura eletrônica do relatório de prestação de serviço (link assinado por e-mail)',
    tags,
    access: 'session',
    body: z.object({ processoPagamentoId: z.number().int().positive() }),
    response: { 200: paymentDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
  }),
};
