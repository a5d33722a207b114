import { z } from 'zod';
import {
  ANALYSE_FLAG,
  EVIDENCE_TABS,
  evaluateEvidenceSchema,
  evidenceFileSchema,
  evidenceHistoryItemSchema,
  evidenceQuestionListSchema,
  evidenceQuestionSchema,
  finalizeAnalysisSchema,
  saveEvidenceJsonSchema,
  saveEvidenceResponseSchema,
  TAB_FLAGS,
  TAB_PATH_SEGMENT,
  updateAttendantsSchema,
  updateQuestionSchema,
  type EvidenceTab,
} from '../domain/evidence.ts';
import { UPLOAD_PURPOSES } from '../domain/uploads.ts';
import { endpoint, type JsonSchema } from './endpoint.ts';
import { errorResponses, fileResponse, idParams, readErrors, recordErrors, storedFileResponse } from './schemas.ts';

/**
 * Evidence (spec §7 "Questions" and "Evidence"): the four tabs of a municipality's answered
 * questions, uploads, sending for analysis, evaluation, finalization, revert, deletion, history and
 * downloads. Access: the municipality (404 when not seen or of another tenant) and its Evidência tab
 * (403), a question or file through the municipality it belongs to (server/features/evidence
 * registers `evidenceQuestion` and `evidenceFile`: one of an axis or tab the user does not see is
 * not found); writes need one of the flags that could allow them before the body is read, and the
 * exact flag of the question's tab is checked by the command, which reads the tab.
 */

const tags = ['evidencia'];
const SEND_FLAGS = EVIDENCE_TABS.map((tab) => TAB_FLAGS[tab].send);
const ANALYSE_FLAGS = Object.values(ANALYSE_FLAG);
const question = { record: { of: 'evidenceQuestion', id: 'params.id' }, tab: 'evidencia' } as const;
const file = { record: { of: 'evidenceFile', id: 'params.id' }, tab: 'evidencia' } as const;
const evidenceFile = storedFileResponse(UPLOAD_PURPOSES.evidencia.types);

/** The spec's forms as the OpenAPI document shows them (documentation only). */
const saveForm: JsonSchema = {
  type: 'object',
  properties: {
    perguntaMunicipioId: { type: 'string' },
    dadosComplementares: { type: 'string', description: '"true" para a declaração da pergunta 3 (renomeada DADOS_COMPLE_…)' },
    arquivos: {
      type: 'array',
      items: { type: 'string', format: 'binary' },
      description: 'PDF ou Excel, um por parte "arquivos" (até 25 MB no total)',
    },
  },
  required: ['perguntaMunicipioId'],
};
const evaluateForm: JsonSchema = {
  type: 'object',
  properties: Object.fromEntries(
    ['PerguntaEvidenciaId', 'PerguntaMunicipioId', 'Aprovada', 'Rejeitada', 'NomeArquivo', 'UsuarioId', 'Justificativa'].map((name) => [
      name,
      { type: 'string' },
    ]),
  ),
  required: ['PerguntaEvidenciaId', 'PerguntaMunicipioId', 'Aprovada', 'Rejeitada'],
};

function tabList(tab: EvidenceTab) {
  const view = TAB_FLAGS[tab].view;
  return endpoint({
    method: 'GET',
    path: `/pergunta/perguntamunicipio/get-perguntas-municipios-${TAB_PATH_SEGMENT[tab]}/:id`,
    summary: `Perguntas do município (id do município) respondidas Sim que exigem evidência, na aba ${tab}, com arquivos e faixas`,
    tags,
    access: { municipality: 'params.id', tab: 'evidencia', ...(view ? { flag: view } : {}) },
    params: idParams,
    response: { 200: evidenceQuestionListSchema, ...readErrors },
  });
}

export const evidence = {
  /** One list per tab, by the tab's path segment. */
  tabs: Object.fromEntries(EVIDENCE_TABS.map((tab) => [tab, tabList(tab)])) as Record<EvidenceTab, ReturnType<typeof tabList>>,
  question: endpoint({
    method: 'GET',
    path: '/pergunta/perguntamunicipio/get-pergunta/:id',
    summary: 'Uma pergunta do município (perguntaMunicipioId) com os seus arquivos de evidência e faixas',
    tags,
    access: question,
    params: idParams,
    response: { 200: evidenceQuestionSchema, ...readErrors },
  }),
  save: endpoint({
    method: 'POST',
    path: '/pergunta/perguntamunicipio/salvarevidencias',
    summary:
      'Anexar evidências (PDF ou Excel, até 25 MB no total): multipart/form-data com partes arquivos e perguntaMunicipioId, ou JSON com uploadIds de envios concluídos (finalidade evidencia). Reenviável com Idempotency-Key',
    tags,
    access: { flag: SEND_FLAGS, record: { of: 'evidenceQuestion', id: 'body.perguntaMunicipioId' }, tab: 'evidencia' },
    body: saveEvidenceJsonSchema,
    response: { 200: saveEvidenceResponseSchema, ...recordErrors },
    docs: { bodies: { 'multipart/form-data': saveForm } },
  }),
  updateQuestion: endpoint({
    method: 'PUT',
    path: '/pergunta/perguntamunicipio',
    summary:
      'Enviar para análise (acao enviar; pergunta 3 com atendentes e carga horária), descartar (volta a não respondida: apaga os arquivos, o município perde os pontos) ou salvar o texto da evidência',
    tags,
    access: { record: { of: 'evidenceQuestion', id: 'body.perguntaMunicipioId' }, tab: 'evidencia' },
    body: updateQuestionSchema,
    response: { 200: evidenceQuestionSchema, ...recordErrors },
  }),
  attendants: endpoint({
    method: 'PUT',
    path: '/pergunta/perguntamunicipio/atualizar-pergunta-municipio-evidencia/:id',
    summary: 'Dados da pergunta 3 (perguntaMunicipioId): quantidade atual de atendentes e carga horária mínima por atendente',
    tags,
    access: question,
    params: idParams,
    body: updateAttendantsSchema,
    response: { 200: evidenceQuestionSchema, ...recordErrors },
  }),
  evaluate: endpoint({
    method: 'PUT',
    path: '/pergunta/perguntaevidencia',
    summary:
      'Avaliar um arquivo (Aprovar, Rejeitar com justificativa) ou atualizar a justificativa; JSON ou multipart/form-data (campo Justificativa). Permitido até a finalização',
    tags,
    access: { flag: ANALYSE_FLAGS, record: { of: 'evidenceFile', id: 'body.perguntaEvidenciaId' }, tab: 'evidencia' },
    body: evaluateEvidenceSchema,
    response: { 200: evidenceFileSchema, ...recordErrors },
    docs: { bodies: { 'multipart/form-data': evaluateForm } },
  }),
  finalize: endpoint({
    method: 'PUT',
    path: '/pergunta/perguntaevidencia/finalizar-evidencia',
    summary:
      'Finalizar a análise com a decisão de cada arquivo: aprovada quando todos aprovados; senão rejeitada, com prazo de reenvio de dois dias úteis (America/Sao_Paulo). Finalizar de novo: 409',
    tags,
    access: { flag: ANALYSE_FLAGS, record: { of: 'evidenceQuestion', id: 'body.perguntaMunicipioId' }, tab: 'evidencia' },
    body: finalizeAnalysisSchema,
    response: { 200: evidenceQuestionSchema, ...recordErrors },
  }),
  revert: endpoint({
    method: 'PUT',
    path: '/pergunta/perguntamunicipio/reverter-analise/:id',
    summary:
      'Reverter a análise finalizada (perguntaMunicipioId; administrador do sistema ou Operacoes): volta para evidenciada, encerra o prazo de reenvio',
    tags,
    access: question,
    params: idParams,
    response: { 200: evidenceQuestionSchema, ...recordErrors },
  }),
  deleteFile: endpoint({
    method: 'DELETE',
    path: '/pergunta/perguntaevidencia/excluir-evidencia/:id',
    summary:
      'Excluir um arquivo ainda não avaliado (fora da aba evidenciada; na Sala só dos pilares visualizaEixosIds). Responde a pergunta sem ele',
    tags,
    access: file,
    params: idParams,
    response: { 200: evidenceQuestionSchema, ...recordErrors },
  }),
  deleteFileAlias: endpoint({
    method: 'DELETE',
    path: '/pergunta/perguntaevidencia/:id',
    summary: 'Excluir um arquivo (como excluir-evidencia)',
    tags,
    access: file,
    params: idParams,
    response: { 200: evidenceQuestionSchema, ...recordErrors },
  }),
  history: endpoint({
    method: 'GET',
    path: '/pergunta/perguntaevidencia/historico/:id',
    summary: 'Histórico de evidências da pergunta (perguntaMunicipioId), do mais recente ao mais antigo',
    tags,
    access: question,
    params: idParams,
    response: { 200: z.array(evidenceHistoryItemSchema), ...readErrors },
  }),
  download: endpoint({
    method: 'GET',
    path: '/pergunta/perguntaevidencia/:id',
    summary: 'Baixar um arquivo de evidência',
    tags,
    access: file,
    idempotency: false,
    params: idParams,
    response: { 200: evidenceFile, ...readErrors },
  }),
  downloadByPost: endpoint({
    method: 'POST',
    path: '/arquivo/evidencia/download/:id',
    summary: 'Baixar um arquivo de evidência (os mesmos bytes de GET api/pergunta/perguntaevidencia/{id})',
    tags,
    access: file,
    idempotency: false,
    params: idParams,
    response: { 200: evidenceFile, ...readErrors },
  }),
  file: endpoint({
    method: 'GET',
    path: '/relatorio/get-evidencia/:id',
    summary: 'Dados de um arquivo de evidência (perguntaEvidenciaId)',
    tags,
    access: file,
    params: idParams,
    response: { 200: evidenceFileSchema, ...readErrors },
  }),
  publicDownload: endpoint({
    method: 'GET',
    path: '/publico/evidencia/:token',
    summary:
      'Download público de uma evidência pelo seu identificador aleatório (256 bits; o link de um arquivo rejeitado, dos selos). Sem login',
    tags,
    access: 'public',
    params: z.object({ token: z.string().max(200) }),
    response: { 200: evidenceFile, ...errorResponses(400, 404) },
  }),
  rejectedBundle: endpoint({
    method: 'GET',
    path: '/relatorio/download-evidencias-rejeitadas/:id',
    summary: 'Arquivo zip com as evidências rejeitadas do município (id do município) nos eixos que o usuário vê',
    tags,
    access: { municipality: 'params.id', tab: 'evidencia' },
    idempotency: false,
    params: idParams,
    response: { 200: fileResponse('Arquivo zip', 'application/zip'), ...readErrors },
  }),
};
