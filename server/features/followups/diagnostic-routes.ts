import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  diagnosticAnswerReadSchema,
  diagnosticQuestionIds,
  diagnosticSituation,
  diagnosticStateSchema,
  DIAGNOSTIC_QUESTION_IDS,
  groupQuestions,
  updateDiagnosticAnswerSchema,
  type DiagnosticState,
} from '../../../src/domain/followups.ts';
import { compareText } from '../../../src/domain/text.ts';
import { forbidden } from '../../lib/errors.ts';
import { errorResponses, fileResponse, idParam, idParams, recordErrors } from '../../lib/route-schemas.ts';
import { openMunicipality, viewOf } from './access.ts';
import { diagnosticPdf } from './diagnostic-pdf.ts';
import * as diagnostic from './diagnostic-repository.ts';
import * as repo from './repository.ts';

const tags = ['seloDiagnosticoResposta'];
const readErrors = errorResponses(400, 401, 403, 404);
const PARTNER_ONLY = 'Usuários parceiros respondem somente às perguntas 113 e 114 do diagnóstico.';

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

/**
 * Diagnostic and seal answers (spec §7 api/seloDiagnosticoResposta): the diagnostic's situation by
 * theme (its follow-up, GET api/acompanhamento/acompanhamentos/novo/{municipioId}), the municipality's
 * answers to questions 112-114 (113-114 for partners), the sending and the PDF. Access is the
 * follow-ups' (the municipality's Acompanhamento tab).
 */
export const diagnosticRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  async function stateOf(request: FastifyRequest, municipioId: number): Promise<DiagnosticState> {
    const ctx = request.session;
    const tenantId = request.tenant.id;
    const view = viewOf(ctx, municipioId);
    const [sent, followup, respostas] = await Promise.all([
      diagnostic.findSent(db, tenantId, municipioId),
      repo.getDiagnosticFollowup(db, tenantId, municipioId, view),
      diagnostic.diagnosticAnswers(db, tenantId, municipioId, diagnosticQuestionIds(ctx.usuario)),
    ]);
    const themes = followup
      ? groupQuestions(followup.perguntas, 'tema').map((g) => ({
          temaId: g.id,
          nome: g.nome,
          eixoId: g.eixoId,
          respondidas: g.perguntas.filter((q) => q.respondida).length,
          total: g.perguntas.length,
        }))
      : (await repo.themesOfQuestions(db, tenantId, municipioId, view.axes)).map((t) => ({ ...t, respondidas: 0 }));
    const temas = themes
      .map((t) => ({ ...t, situacao: diagnosticSituation(t.respondidas, sent !== null) }))
      .sort((a, b) => compareText(a.nome, b.nome));
    const answered = temas.reduce((sum, t) => sum + t.respondidas, 0) + respostas.filter((r) => r.resposta !== null).length;
    return {
      municipioId,
      situacao: diagnosticSituation(answered, sent !== null),
      enviadoEm: sent?.enviadoEm ?? null,
      acompanhamentoId: followup?.acompanhamentoId ?? null,
      temas,
      respostas,
    };
  }

  app.get(
    '/seloDiagnosticoResposta/obter-diagnostico-resposta-por-municipio/:id',
    {
      schema: {
        tags,
        summary: 'Diagnóstico do município (id do município): situação por tema e respostas às perguntas 112-114 (113-114 para parceiros)',
        params: idParams,
        response: { 200: diagnosticStateSchema, ...readErrors },
      },
    },
    async (request) => {
      await openMunicipality(db, request, request.params.id);
      return stateOf(request, request.params.id);
    },
  );

  app.put(
    '/seloDiagnosticoResposta/atualizar-diagnostico-resposta',
    {
      schema: {
        tags,
        summary: 'Responder uma pergunta do diagnóstico (112-114; parceiros 113-114); depois de enviado, 409',
        body: updateDiagnosticAnswerSchema,
        response: { 200: diagnosticStateSchema, ...recordErrors },
      },
    },
    async (request) => {
      const { municipioId, perguntaId, resposta } = request.body;
      await openMunicipality(db, request, municipioId);
      if (!diagnosticQuestionIds(request.session.usuario).includes(perguntaId)) throw forbidden(PARTNER_ONLY);
      await diagnostic.setDiagnosticAnswer(db, request.tenant.id, municipioId, perguntaId, resposta);
      return stateOf(request, municipioId);
    },
  );

  app.put(
    '/seloDiagnosticoResposta/setar-enviada/:id',
    {
      schema: {
        tags,
        summary: 'Marcar o diagnóstico do município (id do município) como enviado; as respostas não mudam mais',
        params: idParams,
        response: { 200: diagnosticStateSchema, ...recordErrors },
      },
    },
    async (request) => {
      const municipioId = request.params.id;
      await openMunicipality(db, request, municipioId);
      await diagnostic.markSent(db, request.tenant.id, municipioId, request.session.usuario.usuarioId);
      return stateOf(request, municipioId);
    },
  );

  app.get(
    '/seloDiagnosticoResposta/selo-diagnostico-pdf-by-municipioId/:id',
    {
      config: { idempotency: false },
      schema: {
        tags,
        summary: 'PDF do diagnóstico do município (paisagem, unidades pt)',
        params: idParams,
        response: { 200: fileResponse('O PDF do diagnóstico', 'application/pdf'), ...readErrors },
      },
    },
    async (request, reply) => {
      const municipioId = request.params.id;
      const municipality = await openMunicipality(db, request, municipioId);
      const pdf = await diagnosticPdf({
        municipio: municipality.nome,
        uf: municipality.uf,
        geradoEm: new Date(),
        state: await stateOf(request, municipioId),
      });
      const name = `diagnostico-${municipioId}.pdf`;
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${name}"`)
        .header('cache-control', 'no-store')
        .send(pdf);
    },
  );

  app.get(
    '/seloDiagnosticoResposta/:perguntaId',
    {
      schema: {
        tags,
        summary: `Resposta do município a uma pergunta do diagnóstico (${DIAGNOSTIC_QUESTION_IDS.join(', ')}), como data[0].resposta`,
        params: answerParams,
        querystring: answerQuery,
        response: { 200: diagnosticAnswerReadSchema, ...readErrors },
      },
    },
    async (request) => {
      const { perguntaId } = request.params;
      const { municipioId, parceiro } = request.query;
      await openMunicipality(db, request, municipioId);
      if (!diagnosticQuestionIds(request.session.usuario, parceiro === 'true').includes(perguntaId)) throw forbidden(PARTNER_ONLY);
      const [answer] = await diagnostic.diagnosticAnswers(db, request.tenant.id, municipioId, [perguntaId]);
      return { data: answer ? [{ perguntaId, resposta: answer.resposta }] : [] };
    },
  );
};
