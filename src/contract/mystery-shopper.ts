import { z } from 'zod';
import {
  infoSchema,
  MYSTERY_SHOPPER_MESSAGES,
  roundDetailSchema,
  roundInputSchema,
  roundRowSchema,
  roundUpdateSchema,
} from '../domain/mystery-shopper.ts';
import { UPLOAD_PURPOSES } from '../domain/uploads.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses, fileResponse, idParams, readErrors, recordErrors as errors, storedFileResponse } from './schemas.ts';

/**
 * Cliente oculto (issue 31 item 3; the spec names the screens, not the calls: laid out here under
 * api/cliente-oculto). Every call is behind the Cliente Oculto city tab of a municipality the user
 * sees, with its §6 rule on the server too (verClienteOculto; 403 for an Ouro seal with
 * naoVerClienteOcultoOuro: server/lib/access.ts reads the municipality's seal). The result (`info`)
 * is the tab's; the evaluation itself is refused (403) to a group restricted by naoVerClienteOculto,
 * and writing is the administrators'. The certificate is public, by its unguessable id.
 */
const tags = ['cliente-oculto'];
const BASE = '/cliente-oculto';
const TAB = 'cliente-oculto';
const evaluation = { tab: TAB, restrictedBy: 'naoVerClienteOculto', refused: MYSTERY_SHOPPER_MESSAGES.somenteResultado } as const;
const round = (id: 'params.id' | 'body.rodadaId') => ({ record: { of: 'mysteryShopperRound', id }, ...evaluation }) as const;

export const mysteryShopper = {
  info: endpoint({
    method: 'GET',
    path: `${BASE}/info/:id`,
    summary: 'O resultado do Cliente Oculto do município: o selo atual, o histórico das rodadas finalizadas e o certificado',
    tags,
    access: { municipality: 'params.id', tab: TAB },
    params: idParams,
    response: { 200: infoSchema, ...readErrors },
  }),
  list: endpoint({
    method: 'GET',
    path: `${BASE}/rodadas/:id`,
    summary: 'As rodadas de avaliação do município (id do município), da mais recente para a mais antiga',
    tags,
    access: { municipality: 'params.id', ...evaluation },
    params: idParams,
    response: { 200: z.array(roundRowSchema), ...readErrors },
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/rodada/:id`,
    summary: 'Uma rodada com suas respostas, pontuação, selo e arquivos',
    tags,
    access: round('params.id'),
    params: idParams,
    response: { 200: roundDetailSchema, ...readErrors },
  }),
  create: endpoint({
    method: 'POST',
    path: `${BASE}/rodada`,
    summary: 'Abrir uma rodada de avaliação (administradores)',
    tags,
    access: { municipality: 'body.municipioId', admin: true, ...evaluation },
    body: roundInputSchema,
    response: { 201: roundDetailSchema, ...errors },
  }),
  update: endpoint({
    method: 'PUT',
    path: `${BASE}/rodada`,
    summary: 'Salvar uma rodada aberta: dados da visita, respostas e arquivos (uploads concluídos em arquivosUploadIds)',
    tags,
    access: { admin: true, ...round('body.rodadaId') },
    body: roundUpdateSchema,
    response: { 200: roundDetailSchema, ...errors },
  }),
  finalize: endpoint({
    method: 'PUT',
    path: `${BASE}/rodada/:id/finalizar`,
    summary: 'Finalizar a rodada (todas as respostas dadas): congela a pontuação e o selo, que passa a ser o selo do município',
    tags,
    access: { admin: true, ...round('params.id') },
    params: idParams,
    response: { 200: roundDetailSchema, ...errors },
  }),
  remove: endpoint({
    method: 'DELETE',
    path: `${BASE}/rodada/:id`,
    summary: 'Excluir uma rodada ainda aberta, com seus arquivos',
    tags,
    access: { admin: true, ...round('params.id') },
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  downloadFile: endpoint({
    method: 'GET',
    path: `${BASE}/arquivo/:id`,
    summary: 'Um arquivo de evidência de uma rodada',
    tags,
    access: { record: { of: 'mysteryShopperFile', id: 'params.id' }, ...evaluation },
    idempotency: false,
    params: idParams,
    response: { 200: storedFileResponse(UPLOAD_PURPOSES.anexo.types), ...readErrors },
  }),
  certificate: endpoint({
    method: 'GET',
    path: `${BASE}/selo/download/:token`,
    summary: 'O certificado do selo (PDF) pelo seu identificador aleatório (256 bits). Sem login',
    tags,
    access: 'public',
    idempotency: false,
    params: z.object({ token: z.string().max(200) }),
    response: { 200: fileResponse('O certificado do selo', 'application/pdf'), ...errorResponses(400, 404) },
  }),
};
