import { z } from 'zod';
import {
  activityInputSchema,
  activitySchema,
  activityUpdateSchema,
  interruptionSchema,
  phaseInputSchema,
  phaseSchema,
  phaseUpdateSchema,
  referenceTermSchema,
  termConfirmSchema,
  termListRowSchema,
  termPreviewSchema,
  uploadTermQuerySchema,
} from '../domain/reference-term.ts';
import { endpoint } from './endpoint.ts';
import { errorResponses, fileResponse, idParams, readErrors, recordErrors as errors } from './schemas.ts';

/**
 * The reference term (issue 30; spec §2 /termo-referencia and /cidade/{id}/termo-referencia/{tab},
 * §7 POST api/arquivo/excel/upload-tr). The spec gives only the upload's path; the rest is laid out
 * under /termo-referencia. Every call is behind the city tab (verAbaTermoReferencia, spec §2's tab
 * rule) of the term's municipality, and each change behind its spec §6 flag (add, edit, delete,
 * import, interrupt; default true). A phase or an activity of a municipality the user does not see
 * answers like a missing one.
 */
const tags = ['termo-referencia'];
const BASE = '/termo-referencia';
const TAB = 'termo-referencia' as const;
const phase = (id: 'params.id' | 'body.faseId') => ({ of: 'referenceTermPhase', id }) as const;
const activity = (id: 'params.id' | 'body.atividadeId') => ({ of: 'referenceTermActivity', id }) as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export const referenceTerm = {
  list: endpoint({
    method: 'GET',
    path: BASE,
    summary: 'Os termos de referência dos municípios que o usuário vê (fases, atividades, interrompidas)',
    tags,
    access: { flag: 'verAbaTermoReferencia' },
    response: { 200: z.array(termListRowSchema), ...readErrors },
  }),
  get: endpoint({
    method: 'GET',
    path: `${BASE}/municipio/:id`,
    summary: 'O termo de referência de um município: fases e atividades em ordem',
    tags,
    access: { municipality: 'params.id', tab: TAB },
    params: idParams,
    response: { 200: referenceTermSchema, ...readErrors },
  }),
  upload: endpoint({
    method: 'POST',
    path: '/arquivo/excel/upload-tr',
    summary: 'Ler e conferir uma planilha do termo (multipart: file): a prévia linha a linha, sem gravar nada',
    description:
      'A planilha (.xlsx, conferida pelo conteúdo, no máximo 5 MB e com limite de tamanho descompactado) é lida e cada linha conferida; a resposta traz as linhas com seus erros. Nada é gravado: a gravação é upload-tr/confirmar.',
    tags,
    access: { flag: 'importarTermoReferencia', municipality: 'query.municipioId', tab: TAB },
    idempotency: false,
    query: uploadTermQuerySchema,
    response: { 200: termPreviewSchema, ...errorResponses(400, 401, 403, 404, 413) },
    docs: {
      bodies: {
        'multipart/form-data': { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
      },
    },
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/arquivo/excel/upload-tr/confirmar',
    summary: 'Gravar a prévia conferida (com as correções feitas na tela): substitui o termo inteiro, ou nada',
    tags,
    access: { flag: 'importarTermoReferencia', municipality: 'body.municipioId', tab: TAB },
    bodyLimit: 16 * 1024 * 1024,
    body: termConfirmSchema,
    response: { 200: referenceTermSchema, ...errors },
  }),
  template: endpoint({
    method: 'GET',
    path: '/arquivo/excel/modelo-tr',
    summary: 'O modelo da planilha do termo de referência (.xlsx)',
    tags,
    access: { flag: 'verAbaTermoReferencia' },
    idempotency: false,
    response: { 200: fileResponse('O modelo da planilha', XLSX), ...readErrors },
  }),
  createPhase: endpoint({
    method: 'POST',
    path: `${BASE}/fase`,
    summary: 'Adicionar uma fase ao fim do termo',
    tags,
    access: { flag: 'adicionarTermoReferencia', municipality: 'body.municipioId', tab: TAB },
    body: phaseInputSchema,
    response: { 201: phaseSchema, ...errors },
  }),
  updatePhase: endpoint({
    method: 'PUT',
    path: `${BASE}/fase`,
    summary: 'Alterar o nome e a descrição de uma fase',
    tags,
    access: { flag: 'editarTermoReferencia', record: phase('body.faseId'), tab: TAB },
    body: phaseUpdateSchema,
    response: { 200: phaseSchema, ...errors },
  }),
  removePhase: endpoint({
    method: 'DELETE',
    path: `${BASE}/fase/:id`,
    summary: 'Excluir uma fase com suas atividades',
    tags,
    access: { flag: 'excluirTermoReferencia', record: phase('params.id'), tab: TAB },
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  interruptPhase: endpoint({
    method: 'PUT',
    path: `${BASE}/fase/:id/interromper`,
    summary: 'Interromper (com motivo) ou retomar uma fase; suas atividades param com ela',
    tags,
    access: { flag: 'interromperTermoReferencia', record: phase('params.id'), tab: TAB },
    params: idParams,
    body: interruptionSchema,
    response: { 200: phaseSchema, ...errors },
  }),
  createActivity: endpoint({
    method: 'POST',
    path: `${BASE}/atividade`,
    summary: 'Adicionar uma atividade ao fim de uma fase',
    tags,
    access: { flag: 'adicionarTermoReferencia', record: phase('body.faseId'), tab: TAB },
    body: activityInputSchema,
    response: { 201: activitySchema, ...errors },
  }),
  updateActivity: endpoint({
    method: 'PUT',
    path: `${BASE}/atividade`,
    summary: 'Alterar uma atividade',
    tags,
    access: { flag: 'editarTermoReferencia', record: activity('body.atividadeId'), tab: TAB },
    body: activityUpdateSchema,
    response: { 200: activitySchema, ...errors },
  }),
  removeActivity: endpoint({
    method: 'DELETE',
    path: `${BASE}/atividade/:id`,
    summary: 'Excluir uma atividade',
    tags,
    access: { flag: 'excluirTermoReferencia', record: activity('params.id'), tab: TAB },
    params: idParams,
    response: { 204: z.null(), ...errors },
  }),
  interruptActivity: endpoint({
    method: 'PUT',
    path: `${BASE}/atividade/:id/interromper`,
    summary: 'Interromper (com motivo) ou retomar uma atividade',
    tags,
    access: { flag: 'interromperTermoReferencia', record: activity('params.id'), tab: TAB },
    params: idParams,
    body: interruptionSchema,
    response: { 200: activitySchema, ...errors },
  }),
};
