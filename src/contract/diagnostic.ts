import { z } from 'zod';
import {
  diagnosticAnswerReadSchema,
  diagnosticStateSchema,
  DIAGNOSTIC_QUESTION_IDS,
  updateDiagnosticAnswerSchema,
} from '../domain/followups.ts';
import { endpoint } from './endpoint.ts';
import { fileResponse, idParam, idParams, readErrors, recordErrors } from './schemas.ts';

const tags = ['seloDiagnosticoResposta'];
const answerParams = z.object({
  perguntaId: z.coerce
    .number<string>()
    .pipe(z.union([z.literal(112), z.literal(113), z.literal(114)], { error: 'Pergunta de diagnóstico inválida.' })),
});
const answerQuery = z.object({
  municipioId: idParam,
  uf: z.string().trim().max(3).optional(),
  parceiro: z.enum(['true', 'false'], { error: 'Informe parceiro como true ou false.' }).optional(),
  ambiente: z.string().trim().max(20).optional(),
});

/** The municipality's Acompanhamento tab: the diagnostic is read and answered from it (spec §6). */
const cityAt = <S extends 'params.id' | 'query.municipioId' | 'body.municipioId'>(municipality: S) =>
  ({ municipality, tab: 'acompanhamento' }) as const;

/**
 * Diagnostic and seal answers (spec §7 api/seloDiagnosticoResposta): the diagnostic's situation by
 * theme, the municipality's answers to questions 112-114 (113-114 for partners: decided by the
 * handlers, the vocabulary has no rule on the user's partner status), the sending and the PDF.
 */
export const diagnostic = {
  get: endpoint({
    method: 'GET',
    path: '/seloDiagnosticoResposta/obter-diagnostico-resposta-por-municipio/:id',
    summary: 'Diagnóstico do município (id do município): situação por tema e respostas às perguntas 112-114 (113-114 para parceiros)',
    tags,
    access: cityAt('params.id'),
    params: idParams,
    response: { 200: diagnosticStateSchema, ...readErrors },
  }),
  answer: endpoint({
    method: 'PUT',
    path: '/seloDiagnosticoResposta/atualizar-diagnostico-resposta',
    summary: 'Responder uma pergunta do diagnóstico (112-114; parceiros 113-114); depois de enviado, 409',
    tags,
    access: cityAt('body.municipioId'),
    body: updateDiagnosticAnswerSchema,
    response: { 200: diagnosticStateSchema, ...recordErrors },
  }),
  send: endpoint({
    method: 'PUT',
    path: '/seloDiagnosticoResposta/setar-enviada/:id',
    summary: 'Marcar o diagnóstico do município (id do município) como enviado; as respostas não mudam mais',
    tags,
    access: cityAt('params.id'),
    params: idParams,
    response: { 200: diagnosticStateSchema, ...recordErrors },
  }),
  pdf: endpoint({
    method: 'GET',
    path: '/seloDiagnosticoResposta/selo-diagnostico-pdf-by-municipioId/:id',
    summary: 'PDF do diagnóstico do município (paisagem, unidades pt)',
    tags,
    access: cityAt('params.id'),
    idempotency: false,
    params: idParams,
    response: { 200: fileResponse('O PDF do diagnóstico', 'application/pdf'), ...readErrors },
  }),
  question: endpoint({
    method: 'GET',
    path: '/seloDiagnosticoResposta/:perguntaId',
    summary: `Resposta do município a uma pergunta do diagnóstico (${DIAGNOSTIC_QUESTION_IDS.join(', ')}), como data[0].resposta`,
    tags,
    access: cityAt('query.municipioId'),
    params: answerParams,
    query: answerQuery,
    response: { 200: diagnosticAnswerReadSchema, ...readErrors },
  }),
};
