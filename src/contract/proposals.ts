import { z } from 'zod';
import {
  PROPOSAL_MESSAGES,
  proposalAnalysisSchema,
  proposalCombosSchema,
  proposalDetailSchema,
  proposalInputSchema,
  proposalRowSchema,
  proposalUpdateSchema,
} from '../domain/proposals.ts';
import { UPLOAD_PURPOSES } from '../domain/uploads.ts';
import { endpoint } from './endpoint.ts';
import { fileResponse, idParams, readErrors, recordErrors as errors, storedFileResponse } from './schemas.ts';

/**
 * Proposals (spec §7 "the api/municipio-proposta family with instalments, annexes, extras, combos
 * and downloads; paths and payloads not shown"): laid out here under that family. Every call is
 * behind the Proposta city tab (verAbaProposta) of a municipality the user sees; a proposal is
 * gated by its municipality (server/features/proposals registers `proposal` and
 * `proposalAttachment`). Approving or rejecting needs podeAnalisarProposta, deleting
 * podeExcluirProposta (spec §6), each refused with its own message before the body is read. The
 * lifecycle (what may be edited, sent, analysed, deleted in which status) is the command's.
 *
 * Create and update take JSON, or a multipart form with the fields as JSON in `dados` and the
 * annexes as `arquivos` (each checked by content, like every upload).
 */
const tags = ['proposta'];
const BASE = '/municipio-proposta';
const proposal = (id: 'params.id' | 'body.propostaId') => ({ record: { of: 'proposal', id }, tab: 'proposta' }) as const;

export const proposals = {
  byMunicipality: endpoint({
    method: 'GET',
    path: `${BASE}/get-by-municipio/:id`,
    summary: 'As propostas de um município, da mais recente para a mais antiga',
    tags,
    access: { municipality: 'params.id', tab: 'proposta' },
    params: idParams,
    response: { 200: z.array(proposalRowSchema), ...readErrors },
  }),
  combos: endpoint({
    method: 'GET',
    path: `${BASE}/combos/:id`,
    summary: 'As soluções do projeto do município, os eixos e o máximo de eixos que vale para o usuário (MA: 5, salvo liberarMaximoEixoMA)',
    tags,
    access: { municipality: 'params.id', tab: 'proposta' },
    params: idParams,
    response: { 200: proposalCombosSchema, ...readErrors },
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/:id`,
    summary: 'Uma proposta com soluções, eixos, extras, parcelas, anexos e o histórico de decisões',
    tags,
    access: proposal('params.id'),
    params: idParams,
    response: { 200: proposalDetailSchema, ...readErrors },
  }),
  create: endpoint({
    method: 'POST',
    path: BASE,
    summary: 'Cadastrar proposta em rascunho (JSON, ou multipart: dados em JSON e arquivos)',
    tags,
    access: { municipality: 'body.municipioId', tab: 'proposta' },
    body: proposalInputSchema,
    response: { 201: proposalDetailSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: BASE,
    summary: 'Alterar proposta em rascunho ou rejeitada (a rejeitada volta a rascunho)',
    tags,
    access: proposal('body.propostaId'),
    body: proposalUpdateSchema,
    response: { 200: proposalDetailSchema, ...errors },
  }),
  send: endpoint({
    method: 'PUT',
    path: `${BASE}/enviar/:id`,
    summary: 'Enviar para análise uma proposta em rascunho ou rejeitada',
    tags,
    access: proposal('params.id'),
    params: idParams,
    response: { 200: proposalDetailSchema, ...errors },
  }),
  analyse: endpoint({
    method: 'PUT',
    path: `${BASE}/analisar`,
    summary: 'Aprovar, ou rejeitar com motivo, uma proposta enviada (podeAnalisarProposta)',
    tags,
    access: { flag: 'podeAnalisarProposta', refused: PROPOSAL_MESSAGES.semPermissaoAnalisar, ...proposal('body.propostaId') },
    body: proposalAnalysisSchema,
    response: { 200: proposalDetailSchema, ...errors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}/:id`,
    summary: 'Excluir uma proposta não aprovada (podeExcluirProposta)',
    tags,
    access: { flag: 'podeExcluirProposta', refused: PROPOSAL_MESSAGES.semPermissaoExcluir, ...proposal('params.id') },
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  downloadPdf: endpoint({
    method: 'GET',
    path: `${BASE}/download-pdf/:id`,
    summary: 'A proposta em PDF: valores, parcelas, extras e histórico',
    tags,
    access: proposal('params.id'),
    idempotency: false,
    params: idParams,
    response: { 200: fileResponse('A proposta', 'application/pdf'), ...readErrors },
  }),
  downloadAttachment: endpoint({
    method: 'GET',
    path: `${BASE}/anexo/download/:id`,
    summary: 'Um anexo da proposta',
    tags,
    access: { record: { of: 'proposalAttachment', id: 'params.id' }, tab: 'proposta' },
    idempotency: false,
    params: idParams,
    response: { 200: storedFileResponse(UPLOAD_PURPOSES.anexo.types), ...readErrors },
  }),
};
