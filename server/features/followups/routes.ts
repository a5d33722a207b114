import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actionPlanSchema,
  answerFollowupSchema,
  canCreateFollowup,
  canFinalizeFollowup,
  createFollowupSchema,
  finalizationSummarySchema,
  finalizeFollowupSchema,
  finishedThemesSchema,
  FOLLOWUP_MESSAGES,
  followupListSchema,
  followupSchema,
  newFollowupResponseSchema,
  pendingPoints,
  pendingPointsSchema,
  updateFollowupSchema,
  type ActionPlan,
  type Followup,
  type FollowupListItem,
} from '../../../src/domain/followups.ts';
import { canSeeAxis, isAdmin } from '../../../src/domain/permissions.ts';
import { compareText } from '../../../src/domain/text.ts';
import { idSchema } from '../../../src/domain/users.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { errorResponses, idParam, idParams, recordErrors } from '../../lib/route-schemas.ts';
import { listSolutionsWithAxis } from '../municipality-solutions/read.ts';
import { openMunicipality, scopeOf, viewOf } from './access.ts';
import * as repo from './repository.ts';

const tags = ['acompanhamento'];
const readErrors = errorResponses(400, 401, 403, 404);
const themeParams = z.object({ municipioId: idParam, temaId: idParam });
/** At most this many follow-ups in one action plan. */
const MAX_PLAN_FOLLOWUPS = 50;
const planQuery = z.object({
  ids: z
    .string()
    .max(600)
    .regex(/^\d+(,\d+)*$/, 'Informe os acompanhamentos separados por vírgula, por exemplo 1,2.'),
});
const DIAGNOSTIC_NAME = 'Diagnóstico';

const listItem = ({ perguntas: _perguntas, ...item }: Followup): FollowupListItem => item;

/**
 * Follow-ups (spec §7 api/acompanhamento): list, open-or-create per theme or the diagnostic one,
 * answers (one per tap, queued offline as `followup-answer`), finalization and the action plan. The
 * rules are src/domain/followups.ts; access is the municipality's Acompanhamento tab, the axes the
 * user sees (the diagnostic follow-up always stays visible) and the flags of spec §6.
 */
export const followupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  /** A follow-up the user may open: 404 when missing or of a municipality they do not see, 403 without the tab or its axis. */
  async function requireFollowup(request: FastifyRequest, acompanhamentoId: number) {
    const ctx = request.session;
    const row = await repo.findFollowupRow(db, request.tenant.id, acompanhamentoId);
    if (!row) throw notFound(FOLLOWUP_MESSAGES.notFound);
    const municipality = await openMunicipality(db, request, row.municipioId).catch((error: unknown) => {
      // A follow-up of a municipality the user does not see is as unknown as the municipality.
      if (error instanceof AppError && error.statusCode === 404) throw notFound(FOLLOWUP_MESSAGES.notFound);
      throw error;
    });
    const view = viewOf(ctx, row.municipioId);
    if (!repo.followupVisible(row, view.axes)) throw forbidden();
    return { row, municipality, view };
  }

  async function openFollowup(request: FastifyRequest, acompanhamentoId: number) {
    const found = await requireFollowup(request, acompanhamentoId);
    return { ...found, followup: await repo.presentFollowup(db, request.tenant.id, found.row, found.view) };
  }

  async function reload(request: FastifyRequest, acompanhamentoId: number): Promise<Followup> {
    return (await openFollowup(request, acompanhamentoId)).followup;
  }

  /** Opens (or creates) the municipality's open follow-up of the theme. */
  async function openOrCreateForTheme(request: FastifyRequest, municipioId: number, temaId: number) {
    const ctx = request.session;
    const municipality = await openMunicipality(db, request, municipioId);
    const theme = await repo.findTheme(db, request.tenant.id, temaId);
    if (!theme) throw notFound('Tema não encontrado.');
    if (!canSeeAxis(ctx, theme.eixoId, municipioId)) throw forbidden();
    return repo.openOrCreateFollowup(db, request.tenant.id, {
      municipioId,
      nome: theme.nome,
      usuarioId: ctx.usuario.usuarioId,
      mayCreate: canCreateFollowup(ctx),
      scope: scopeOf(ctx, municipality, temaId),
    });
  }

  app.post(
    '/acompanhamento',
    {
      schema: {
        tags,
        summary:
          'Novo acompanhamento de um tema (ou o aberto desse tema); desconta os pontos não evidenciados. acompanhamentoId 0: nenhuma pergunta a responder',
        body: createFollowupSchema,
        response: { 200: newFollowupResponseSchema, ...recordErrors },
      },
    },
    async (request) => openOrCreateForTheme(request, request.body.municipioId, request.body.temaId),
  );

  app.put(
    '/acompanhamento',
    {
      schema: {
        tags,
        summary: 'Renomear um acompanhamento (administrador ou quem o criou)',
        body: updateFollowupSchema,
        response: { 200: followupSchema, ...recordErrors },
      },
    },
    async (request) => {
      const { acompanhamentoId, nome } = request.body;
      const { row } = await requireFollowup(request, acompanhamentoId);
      const ctx = request.session;
      if (!isAdmin(ctx.usuario) && row.usuarioId !== ctx.usuario.usuarioId) throw forbidden();
      await repo.renameFollowup(db, request.tenant.id, acompanhamentoId, nome);
      return reload(request, acompanhamentoId);
    },
  );

  app.get(
    '/acompanhamento/:id',
    {
      schema: {
        tags,
        summary: 'Um acompanhamento com as suas perguntas (pontos só com verPontosAcoesAcompanhamento)',
        params: idParams,
        response: { 200: followupSchema, ...readErrors },
      },
    },
    async (request) => reload(request, request.params.id),
  );

  app.get(
    '/acompanhamento/acompanhamentos/:id',
    {
      schema: {
        tags,
        summary: 'Acompanhamentos do município (id do município) que o usuário vê, do mais recente ao mais antigo',
        params: idParams,
        response: { 200: followupListSchema, ...readErrors },
      },
    },
    async (request) => {
      const municipioId = request.params.id;
      await openMunicipality(db, request, municipioId);
      return (await repo.listFollowups(db, request.tenant.id, municipioId, viewOf(request.session, municipioId))).map(listItem);
    },
  );

  app.get(
    '/acompanhamento/acompanhamentos/novo/:id',
    {
      schema: {
        tags,
        summary: 'Abre (ou cria) o acompanhamento de diagnóstico do município (id do município)',
        params: idParams,
        response: { 200: newFollowupResponseSchema, ...readErrors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const municipioId = request.params.id;
      const municipality = await openMunicipality(db, request, municipioId);
      return repo.openOrCreateFollowup(db, request.tenant.id, {
        municipioId,
        nome: DIAGNOSTIC_NAME,
        usuarioId: ctx.usuario.usuarioId,
        mayCreate: canCreateFollowup(ctx),
        scope: scopeOf(ctx, municipality, null),
      });
    },
  );

  app.get(
    '/acompanhamento/acompanhamentos/novo/tema/:municipioId/:temaId',
    {
      schema: {
        tags,
        summary: 'Abre (ou cria) o acompanhamento do tema no município, como POST api/acompanhamento',
        params: themeParams,
        response: { 200: newFollowupResponseSchema, ...readErrors },
      },
    },
    async (request) => openOrCreateForTheme(request, request.params.municipioId, request.params.temaId),
  );

  app.get(
    '/acompanhamento/acompanhamentos/pontos-nao-evidenciados/:id',
    {
      schema: {
        tags,
        summary: 'Pontos que um novo acompanhamento de todos os temas (diagnóstico) descontaria, e se há evidências rejeitadas',
        params: idParams,
        response: { 200: pendingPointsSchema, ...readErrors },
      },
    },
    async (request) => {
      const municipioId = request.params.id;
      const municipality = await openMunicipality(db, request, municipioId);
      return pendingPoints(await repo.questionStates(db, request.tenant.id, municipioId, scopeOf(request.session, municipality, null)));
    },
  );

  app.get(
    '/acompanhamento/acompanhamentos/pontos-nao-evidenciados/tema/:municipioId/:temaId',
    {
      schema: {
        tags,
        summary:
          'Pontos que um novo acompanhamento do tema descontaria (respostas Sim sem evidência enviada), e se há evidências rejeitadas',
        params: themeParams,
        response: { 200: pendingPointsSchema, ...readErrors },
      },
    },
    async (request) => {
      const { municipioId, temaId } = request.params;
      const municipality = await openMunicipality(db, request, municipioId);
      const theme = await repo.findTheme(db, request.tenant.id, temaId);
      if (!theme) throw notFound('Tema não encontrado.');
      if (!canSeeAxis(request.session, theme.eixoId, municipioId)) throw forbidden();
      return pendingPoints(await repo.questionStates(db, request.tenant.id, municipioId, scopeOf(request.session, municipality, temaId)));
    },
  );

  app.put(
    '/acompanhamento/acompanhamentos/finalizar',
    {
      schema: {
        tags,
        summary:
          'Finalizar um acompanhamento (administrador ou quem o criou, com finalizarAcompanhamento); o de diagnóstico não se finaliza',
        body: finalizeFollowupSchema,
        response: { 200: followupSchema, ...recordErrors },
      },
    },
    async (request) => {
      const ctx = request.session;
      const { acompanhamentoId } = request.body;
      await requireFollowup(request, acompanhamentoId);
      await repo.finalizeFollowup(db, request.tenant.id, acompanhamentoId, (row) => {
        if (row.diagnostico) throw badRequest(FOLLOWUP_MESSAGES.diagnosticNotFinalizable);
        if (row.finalizado) throw conflict(FOLLOWUP_MESSAGES.finalized);
        if (!canFinalizeFollowup(ctx, row)) throw forbidden(FOLLOWUP_MESSAGES.cannotFinalize);
      });
      return reload(request, acompanhamentoId);
    },
  );

  app.get(
    '/acompanhamento/acompanhamentos/finalizacao/:id',
    {
      schema: {
        tags,
        summary: 'Resumo para confirmar a finalização: Sim, Não, sem resposta e pontos',
        params: idParams,
        response: { 200: finalizationSummarySchema, ...readErrors },
      },
    },
    async (request) => {
      const { followup } = await openFollowup(request, request.params.id);
      return {
        acompanhamentoId: followup.acompanhamentoId,
        sim: followup.sim,
        nao: followup.nao,
        semResposta: followup.perguntas.filter((q) => !q.respondida).length,
        pontos: followup.pontos,
      };
    },
  );

  app.post(
    '/acompanhamento/acompanhamentos/acompanhamento-intermediario',
    {
      schema: {
        tags,
        summary:
          'Respostas dadas até agora (uma por toque, reenviáveis com Idempotency-Key). Resposta já dada não muda salvo pergunta recorrente (409); acompanhamento finalizado, 409',
        body: answerFollowupSchema,
        response: { 200: followupSchema, ...recordErrors },
      },
    },
    async (request) => {
      const { acompanhamentoId, respostas } = request.body;
      const { view } = await requireFollowup(request, acompanhamentoId);
      return repo.answerFollowup(db, request.tenant.id, acompanhamentoId, respostas, {
        usuarioId: request.session.usuario.usuarioId,
        view,
      });
    },
  );

  app.get(
    '/acompanhamento/acompanhamentos/temas-finalizados/:id',
    {
      schema: {
        tags,
        summary: 'Temas do município (id do município) com acompanhamento finalizado',
        params: idParams,
        response: { 200: finishedThemesSchema, ...readErrors },
      },
    },
    async (request) => {
      const municipioId = request.params.id;
      await openMunicipality(db, request, municipioId);
      return repo.listFinishedThemes(db, request.tenant.id, municipioId, viewOf(request.session, municipioId).axes);
    },
  );

  app.get(
    '/acompanhamento/acompanhamentos/plano-acao/:id',
    {
      schema: {
        tags,
        summary:
          'Plano de ação (id do município; ids=1,2 os acompanhamentos): perguntas respondidas Não por tema, com as soluções e tarefas do município no eixo do tema',
        params: idParams,
        querystring: planQuery,
        response: { 200: actionPlanSchema, ...readErrors },
      },
    },
    async (request): Promise<ActionPlan> => {
      const municipioId = request.params.id;
      await openMunicipality(db, request, municipioId);
      const ids = [...new Set(request.query.ids.split(',').map(Number))];
      if (ids.length > MAX_PLAN_FOLLOWUPS || ids.some((id) => !idSchema.safeParse(id).success)) {
        throw badRequest('Lista de acompanhamentos inválida.');
      }
      const followups: Followup[] = [];
      for (const id of ids) {
        const found = await openFollowup(request, id);
        if (found.row.municipioId !== municipioId) throw notFound(FOLLOWUP_MESSAGES.notFound);
        followups.push(found.followup);
      }
      const solutions = await listSolutionsWithAxis(db, request.tenant.id, municipioId);
      const themes = new Map<number, ActionPlan['temas'][number]>();
      const seen = new Set<number>();
      for (const f of followups) {
        for (const q of f.perguntas) {
          if (!q.respondida || q.resposta !== false || seen.has(q.perguntaId)) continue;
          seen.add(q.perguntaId);
          const { tema } = q.pergunta;
          let theme = themes.get(tema.temaId);
          if (!theme) {
            theme = {
              temaId: tema.temaId,
              nome: tema.nome,
              eixoId: tema.eixoId,
              eixoNome: tema.eixoNome,
              perguntas: [],
              solucoes: solutions
                .filter((s) => s.eixoIds.includes(tema.eixoId))
                .map(({ municipioSolucaoId, nome, tarefas }) => ({ municipioSolucaoId, nome, tarefas })),
            };
            themes.set(tema.temaId, theme);
          }
          theme.perguntas.push({ perguntaId: q.perguntaId, numero: q.pergunta.numero, texto: q.pergunta.texto, comentario: q.comentario });
        }
      }
      const temas = [...themes.values()].sort((a, b) => compareText(a.eixoNome, b.eixoNome) || compareText(a.nome, b.nome));
      for (const theme of temas) theme.perguntas.sort((a, b) => a.numero - b.numero);
      return {
        municipioId,
        acompanhamentos: followups.map((f) => ({ acompanhamentoId: f.acompanhamentoId, nome: f.nome, criacao: f.criacao })),
        temas,
      };
    },
  );
};
