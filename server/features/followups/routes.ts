import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { followups } from '../../../src/contract/followups.ts';
import { FOLLOWUP_MESSAGES, pendingPoints, type ActionPlan, type FollowupListItem, type Followup } from '../../../src/domain/followups.ts';
import type { MunicipalityDetail } from '../../../src/domain/municipality.ts';
import { canSeeAxis, isAdmin } from '../../../src/domain/permissions.ts';
import { compareText } from '../../../src/domain/text.ts';
import { idSchema } from '../../../src/domain/users.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { listSolutionsWithAxis } from '../municipality-solutions/read.ts';
import { registerFollowupRecord, scopeOf, viewOf, viewOfFollowup } from './access.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

/** At most this many follow-ups in one action plan. */
const MAX_PLAN_FOLLOWUPS = 50;
const DIAGNOSTIC_NAME = 'Diagnóstico';

const listItem = ({ perguntas: _perguntas, ...item }: Followup): FollowupListItem => item;

/**
 * Follow-ups (spec §7 api/acompanhamento), declared in src/contract/followups.ts with their access
 * (the municipality's Acompanhamento tab, a follow-up through its municipality); the axis a theme
 * follow-up belongs to is checked here (403). The rules are src/domain/followups.ts; the multi-step
 * writes are commands (commands.ts) run by withCommand.
 */
export const followupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  registerFollowupRecord();

  /** A theme of the tenant on an axis the user sees in the municipality: 404 when missing, 403 off their axes. */
  async function themeOf(request: FastifyRequest, municipioId: number, temaId: number) {
    const theme = await repo.findTheme(db, request.tenant.id, temaId);
    if (!theme) throw notFound('Tema não encontrado.');
    if (!canSeeAxis(request.session, theme.eixoId, municipioId)) throw forbidden();
    return theme;
  }

  async function openTheme(request: FastifyRequest, municipality: MunicipalityDetail, temaId: number) {
    const { municipioId } = municipality;
    const theme = await themeOf(request, municipioId, temaId);
    return commands.openOrCreate(request, { municipioId, nome: theme.nome, scope: scopeOf(request.session, municipality, temaId) });
  }

  const present = (request: FastifyRequest, row: repo.FollowupRow) =>
    repo.presentFollowup(db, request.tenant.id, row, viewOfFollowup(request.session, row));

  route(app, followups.create, async ({ request, body, municipality }) => openTheme(request, municipality, body.temaId));
  route(app, followups.openTheme, async ({ request, params, municipality }) => openTheme(request, municipality, params.temaId));
  route(app, followups.openDiagnostic, async ({ request, session, municipality }) =>
    commands.openOrCreate(request, {
      municipioId: municipality.municipioId,
      nome: DIAGNOSTIC_NAME,
      scope: scopeOf(session, municipality, null),
    }),
  );

  route(app, followups.rename, async ({ request, session, tenantId, body, record: row }) => {
    viewOfFollowup(session, row);
    if (!isAdmin(session.usuario) && row.usuarioId !== session.usuario.usuarioId) throw forbidden();
    await repo.renameFollowup(db, tenantId, row.acompanhamentoId, body.nome);
    return present(request, { ...row, nome: body.nome });
  });

  route(app, followups.get, async ({ request, record: row }) => present(request, row));

  route(app, followups.list, async ({ tenantId, session, municipality: { municipioId } }) =>
    (await repo.listFollowups(db, tenantId, municipioId, viewOf(session, municipioId))).map(listItem),
  );

  route(app, followups.pendingPoints, async ({ tenantId, session, municipality }) =>
    pendingPoints(await repo.questionStates(db, tenantId, municipality.municipioId, scopeOf(session, municipality, null))),
  );

  route(app, followups.pendingPointsOfTheme, async ({ request, tenantId, session, params, municipality }) => {
    await themeOf(request, municipality.municipioId, params.temaId);
    return pendingPoints(await repo.questionStates(db, tenantId, municipality.municipioId, scopeOf(session, municipality, params.temaId)));
  });

  route(app, followups.finalize, async ({ request, session, tenantId, record: row }) => {
    const view = viewOfFollowup(session, row);
    return withCommand(request, (tx) => commands.finalize(tx, tenantId, { ctx: session, acompanhamentoId: row.acompanhamentoId, view }));
  });

  route(app, followups.finalization, async ({ request, record: row }) => {
    const followup = await present(request, row);
    return {
      acompanhamentoId: followup.acompanhamentoId,
      sim: followup.sim,
      nao: followup.nao,
      semResposta: followup.perguntas.filter((q) => !q.respondida).length,
      pontos: followup.pontos,
    };
  });

  route(app, followups.answer, async ({ request, session, tenantId, body, record: row }) => {
    const view = viewOfFollowup(session, row);
    return withCommand(request, (tx) =>
      commands.answer(tx, tenantId, {
        acompanhamentoId: row.acompanhamentoId,
        respostas: body.respostas,
        usuarioId: session.usuario.usuarioId,
        view,
      }),
    );
  });

  route(app, followups.finishedThemes, async ({ tenantId, session, municipality: { municipioId } }) =>
    repo.listFinishedThemes(db, tenantId, municipioId, viewOf(session, municipioId).axes),
  );

  route(app, followups.actionPlan, async ({ request, tenantId, query, municipality: { municipioId } }): Promise<ActionPlan> => {
    const ids = [...new Set(query.ids.split(',').map(Number))];
    if (ids.length > MAX_PLAN_FOLLOWUPS || ids.some((id) => !idSchema.safeParse(id).success)) {
      throw badRequest('Lista de acompanhamentos inválida.');
    }
    const chosen: Followup[] = [];
    for (const id of ids) {
      const row = await repo.findFollowupRow(db, tenantId, id);
      // The plan's municipality was opened by access: a follow-up of another one is as unknown as a missing one.
      if (!row || row.municipioId !== municipioId) throw notFound(FOLLOWUP_MESSAGES.notFound);
      chosen.push(await present(request, row));
    }
    const solutions = await listSolutionsWithAxis(db, tenantId, municipioId);
    const themes = new Map<number, ActionPlan['temas'][number]>();
    const seen = new Set<number>();
    for (const f of chosen) {
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
      acompanhamentos: chosen.map((f) => ({ acompanhamentoId: f.acompanhamentoId, nome: f.nome, criacao: f.criacao })),
      temas,
    };
  });
};
