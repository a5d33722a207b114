import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mysteryShopper } from '../../../src/contract/mystery-shopper.ts';
import { MYSTERY_SHOPPER_MESSAGES, SEAL_TOKEN_PATTERN } from '../../../src/domain/mystery-shopper.ts';
import { contentDisposition, sendAttachment, withFileRemoval } from '../../lib/attachments.ts';
import { withCommand } from '../../lib/command.ts';
import { route } from '../../lib/endpoint.ts';
import { notFound } from '../../lib/errors.ts';
import { registerMysteryShopperRecords } from './access.ts';
import * as commands from './commands.ts';
import { certificatePdf } from './pdf.ts';
import * as repo from './repository.ts';

/**
 * Cliente oculto (issue 31 item 3), declared in src/contract/mystery-shopper.ts: access there (the
 * tab and its seal rule, naoVerClienteOculto, the administrators), the round's lifecycle in
 * commands.ts, the score and the seal in src/domain/mystery-shopper.ts.
 */
export const mysteryShopperRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  registerMysteryShopperRecords();
  const actor = (request: FastifyRequest): commands.Actor => ({
    tenantId: request.tenant.id,
    usuarioId: request.session.usuario.usuarioId,
    storage,
  });

  route(app, mysteryShopper.info, async ({ session, tenantId, municipality }) => commands.info(db, session, tenantId, municipality));
  route(app, mysteryShopper.list, async ({ tenantId, municipality }) =>
    (await repo.listRounds(db, tenantId, municipality.municipioId)).map(repo.rowOf),
  );
  route(app, mysteryShopper.get, async ({ tenantId, record }) => commands.present(db, tenantId, record.rodadaId));

  route(app, mysteryShopper.create, async ({ request, reply, body }) =>
    reply.status(201).send(await withCommand(request, (tx) => commands.create(tx, actor(request), body))),
  );
  route(app, mysteryShopper.update, async ({ request, body }) =>
    withFileRemoval(request, storage, (tx, removed) => commands.update(tx, actor(request), body, removed)),
  );
  route(app, mysteryShopper.finalize, async ({ request, record }) =>
    withCommand(request, (tx) => commands.finalize(tx, actor(request), record.rodadaId)),
  );
  route(app, mysteryShopper.remove, async ({ request, reply, record }) => {
    await withFileRemoval(request, storage, (tx, removed) => commands.remove(tx, actor(request), record.rodadaId, removed));
    return reply.status(204).send(null);
  });
  route(app, mysteryShopper.downloadFile, async ({ reply, record }) => sendAttachment(reply, storage, record));

  // Public: only the shape a certificate id can have reaches the database; anything else is as unknown as a wrong id.
  route(app, mysteryShopper.certificate, async ({ reply, tenantId, params }) => {
    const round = SEAL_TOKEN_PATTERN.test(params.token) ? await repo.findByToken(db, tenantId, params.token) : null;
    if (!round || !round.selo || round.pontuacao === null || !round.finalizadaEm)
      throw notFound(MYSTERY_SHOPPER_MESSAGES.certificadoNaoEncontrado);
    const pdf = await certificatePdf({ ...round, selo: round.selo, pontuacao: round.pontuacao, finalizadaEm: round.finalizadaEm });
    return reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', contentDisposition(`Selo Cliente Oculto ${round.municipioNome}.pdf`))
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
};
