import { z } from 'zod';
import {
  actionPlanSchema,
  answerFollowupSchema,
  createFollowupSchema,
  finalizationSummarySchema,
  finalizeFollowupSchema,
  finishedThemesSchema,
  followupListSchema,
  followupSchema,
  newFollowupResponseSchema,
  pendingPointsSchema,
  updateFollowupSchema,
} from '../domain/followups.ts';
import { endpoint } from './endpoint.ts';
import { idParam, idParams, readErrors, recordErrors } from './schemas.ts';

const tags = ['acompanhamento'];
const themeParams = z.object({ municipioId: idParam, temaId: idParam });
const planQuery = z.object({
  ids: z
    .string()
    .max(600)
    .regex(/^\d+(,\d+)*$/, 'Informe os acompanhamentos separados por vírgula, por exemplo 1,2.'),
});

/** The municipality's Acompanhamento tab: every follow-up endpoint sits behind it (spec §6). */
const cityAt = <S extends 'params.id' | 'params.municipioId' | 'body.municipioId'>(municipality: S) =>
  ({ municipality, tab: 'acompanhamento' }) as const;
/**
 * A follow-up named by id: its municipality and tab (server/features/followups registers `followup`).
 * One of an axis the user does not see is a 403, not a 404 (it exists in a municipality they see),
 * which the vocabulary's `visible` (a 404) does not say: the handlers check the axis.
 */
const followupAt = (id: 'params.id' | 'body.acompanhamentoId') => ({ record: { of: 'followup', id }, tab: 'acompanhamento' }) as const;

/**
 * Follow-ups (spec §7 api/acompanhamento): list, open-or-create per theme or the diagnostic one,
 * answers (one per tap, queued offline as `followup-answer`), finalization and the action plan.
 * Creating (canCreateFollowup), renaming and finalizing (who created it) are decided by the
 * commands: they depend on the follow-up's row, not on a flag alone.
 */
export const followups = {
  create: endpoint({
    method: 'POST',
    path: '/acompanhamento',
    summary:
      'Novo acompanhamento de um tema (ou o aberto desse tema); desconta os pontos não evidenciados. acompanhamentoId 0: nenhuma pergunta a responder',
    tags,
    access: cityAt('body.municipioId'),
    body: createFollowupSchema,
    response: { 200: newFollowupResponseSchema, ...recordErrors },
  }),
  rename: endpoint({
    method: 'PUT',
    path: '/acompanhamento',
    summary: 'Renomear um acompanhamento (administrador ou quem o criou)',
    tags,
    access: followupAt('body.acompanhamentoId'),
    body: updateFollowupSchema,
    response: { 200: followupSchema, ...recordErrors },
  }),
  get: endpoint({
    method: 'GET',
    path: '/acompanhamento/:id',
    summary: 'Um acompanhamento com as suas perguntas (pontos só com verPontosAcoesAcompanhamento)',
    tags,
    access: followupAt('params.id'),
    params: idParams,
    response: { 200: followupSchema, ...readErrors },
  }),
  list: endpoint({
    method: 'GET',
    path: '/acompanhamento/acompanhamentos/:id',
    summary: 'Acompanhamentos do município (id do município) que o usuário vê, do mais recente ao mais antigo',
    tags,
    access: cityAt('params.id'),
    params: idParams,
    response: { 200: followupListSchema, ...readErrors },
  }),
  openDiagnostic: endpoint({
    method: 'GET',
    path: '/acompanhamento/acompanhamentos/novo/:id',
    summary: 'Abre (ou cria) o acompanhamento de diagnóstico do município (id do município)',
    tags,
    access: cityAt('params.id'),
    params: idParams,
    response: { 200: newFollowupResponseSchema, ...readErrors },
  }),
  openTheme: endpoint({
    method: 'GET',
    path: '/acompanhamento/acompanhamentos/novo/tema/:municipioId/:temaId',
    summary: 'Abre (ou cria) o acompanhamento do tema no município, como POST api/acompanhamento',
    tags,
    access: cityAt('params.municipioId'),
    params: themeParams,
    response: { 200: newFollowupResponseSchema, ...readErrors },
  }),
  pendingPoints: endpoint({
    method: 'GET',
    path: '/acompanhamento/acompanhamentos/pontos-nao-evidenciados/:id',
    summary: 'Pontos que um novo acompanhamento de todos os temas (diagnóstico) descontaria, e se há evidências rejeitadas',
    tags,
    access: cityAt('params.id'),
    params: idParams,
    response: { 200: pendingPointsSchema, ...readErrors },
  }),
  pendingPointsOfTheme: endpoint({
    method: 'GET',
    path: '/acompanhamento/acompanhamentos/pontos-nao-evidenciados/tema/:municipioId/:temaId',
    summary: 'Pontos que um novo acompanhamento do tema descontaria (respostas Sim sem evidência enviada), e se há evidências rejeitadas',
    tags,
    access: cityAt('params.municipioId'),
    params: themeParams,
    response: { 200: pendingPointsSchema, ...readErrors },
  }),
  finalize: endpoint({
    method: 'PUT',
    path: '/acompanhamento/acompanhamentos/finalizar',
    summary: 'Finalizar um acompanhamento (administrador ou quem o criou, com finalizarAcompanhamento); o de diagnóstico não se finaliza',
    tags,
    access: followupAt('body.acompanhamentoId'),
    body: finalizeFollowupSchema,
    response: { 200: followupSchema, ...recordErrors },
  }),
  finalization: endpoint({
    method: 'GET',
    path: '/acompanhamento/acompanhamentos/finalizacao/:id',
    summary: 'Resumo para confirmar a finalização: Sim, Não, sem resposta e pontos',
    tags,
    access: followupAt('params.id'),
    params: idParams,
    response: { 200: finalizationSummarySchema, ...readErrors },
  }),
  answer: endpoint({
    method: 'POST',
    path: '/acompanhamento/acompanhamentos/acompanhamento-intermediario',
    summary:
      'Respostas dadas até agora (uma por toque, reenviáveis com Idempotency-Key). Resposta já dada não muda salvo pergunta recorrente (409); acompanhamento finalizado, 409',
    tags,
    access: followupAt('body.acompanhamentoId'),
    body: answerFollowupSchema,
    response: { 200: followupSchema, ...recordErrors },
  }),
  finishedThemes: endpoint({
    method: 'GET',
    path: '/acompanhamento/acompanhamentos/temas-finalizados/:id',
    summary: 'Temas do município (id do município) com acompanhamento finalizado',
    tags,
    access: cityAt('params.id'),
    params: idParams,
    response: { 200: finishedThemesSchema, ...readErrors },
  }),
  actionPlan: endpoint({
    method: 'GET',
    path: '/acompanhamento/acompanhamentos/plano-acao/:id',
    summary:
      'Plano de ação (id do município; ids=1,2 os acompanhamentos): perguntas respondidas Não por tema, com as soluções e tarefas do município no eixo do tema',
    tags,
    access: cityAt('params.id'),
    params: idParams,
    query: planQuery,
    response: { 200: actionPlanSchema, ...readErrors },
  }),
};
