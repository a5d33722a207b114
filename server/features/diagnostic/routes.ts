import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { diagnostic } from '../../../src/contract/diagnostic.ts';
import { diagnosticQuestionIds } from '../../../src/domain/followups.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { forbidden } from '../../lib/errors.ts';
import * as commands from './commands.ts';
import { diagnosticPdf } from './pdf.ts';
import * as repo from './repository.ts';

const PARTNER_ONLY = 'Usuários parceiros respondem somente às perguntas 113 e 114 do diagnóstico.';

/**
 * Diagnostic and seal answers (spec §7 api/seloDiagnosticoResposta), declared in
 * src/contract/diagnostic.ts with their access (the municipality's Acompanhamento tab). Which
 * questions a user answers (113-114 for partners) depends on the user, not on a flag: checked here.
 */
export const diagnosticRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  route(app, diagnostic.get, async ({ tenantId, session, municipality }) =>
    commands.diagnosticState(db, tenantId, session, municipality.municipioId),
  );

  route(app, diagnostic.answer, async ({ request, tenantId, session, body }) => {
    if (!diagnosticQuestionIds(session.usuario).includes(body.perguntaId)) throw forbidden(PARTNER_ONLY);
    return withCommand(request, (tx) => commands.answer(tx, tenantId, session, body));
  });

  route(app, diagnostic.send, async ({ request, tenantId, session, municipality }) =>
    withCommand(request, (tx) => commands.send(tx, tenantId, session, municipality.municipioId)),
  );

  route(app, diagnostic.pdf, async ({ reply, tenantId, session, municipality }) => {
    const { municipioId } = municipality;
    const pdf = await diagnosticPdf({
      municipio: municipality.nome,
      uf: municipality.uf,
      geradoEm: new Date(),
      state: await commands.diagnosticState(db, tenantId, session, municipioId),
    });
    const name = `diagnostico-${municipioId}.pdf`;
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'no-store')
      .send(pdf);
  });

  route(app, diagnostic.question, async ({ tenantId, session, params, query }) => {
    const { perguntaId } = params;
    const { municipioId, parceiro } = query;
    if (!diagnosticQuestionIds(session.usuario, parceiro === 'true').includes(perguntaId)) throw forbidden(PARTNER_ONLY);
    const [answer] = await repo.diagnosticAnswers(db, tenantId, municipioId, [perguntaId]);
    return { data: answer ? [{ perguntaId, resposta: answer.resposta }] : [] };
  });
};
