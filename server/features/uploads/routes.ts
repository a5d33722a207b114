import { Readable } from 'node:stream';
import { errorCodes } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { uploads } from '../../../src/contract/uploads.ts';
import { UPLOAD_MESSAGES } from '../../../src/domain/uploads.ts';
import { route } from '../../lib/endpoint.ts';
import { AppError } from '../../lib/errors.ts';
import * as commands from './commands.ts';
import * as repo from './repository.ts';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Resumable uploads (issue 4), declared in src/contract/uploads.ts: each step is idempotent by
 * itself, so the routes carry `idempotency: false`. Record endpoints take the concluded uploads
 * with claims.ts claimUploads.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;

  // Chunks are streamed to disk, never buffered; the caps are enforced while streaming (commands.ts).
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  route(app, uploads.start, async ({ reply, tenantId, session, body }) => {
    const { row, created } = await commands.start(db, tenantId, session.usuario.usuarioId, body);
    return reply.status(created ? 201 : 200).send(repo.toStatus(row));
  });

  route(app, uploads.status, async ({ tenantId, session, params }) =>
    repo.toStatus(await commands.ownUpload(db, tenantId, session.usuario.usuarioId, params.uploadId)),
  );

  route(app, uploads.chunk, async ({ request, reply, tenantId, session, params, query }) => {
    const body = request.body;
    if (!(body instanceof Readable) || !request.headers['content-type']?.toLowerCase().startsWith('application/octet-stream')) {
      throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
    }
    const row = await commands.ownUpload(db, tenantId, session.usuario.usuarioId, params.uploadId);
    const declared = Number(request.headers['content-length']);
    try {
      const outcome = await commands.receiveChunk(
        db,
        storage,
        row,
        query.offset,
        body,
        Number.isNaN(declared) ? undefined : declared,
        app.config.instanceId,
      );
      if ('offsetConflict' in outcome) {
        body.resume();
        return reply.status(409).send({ message: UPLOAD_MESSAGES.deslocamentoInvalido, recebido: outcome.offsetConflict });
      }
      return repo.toStatus(outcome.row);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 503) reply.header('retry-after', '1');
      throw error;
    }
  });

  route(app, uploads.conclude, async ({ tenantId, session, params }) => {
    const row = await commands.ownUpload(db, tenantId, session.usuario.usuarioId, params.uploadId);
    return repo.toStatus(await commands.concludeUpload(db, storage, row));
  });

  const purge = () => repo.purgeStaleUploads(db, storage).catch((err: unknown) => app.log.error({ err }, 'upload purge failed'));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    const removed = await repo.removeOwnIncoming(storage, app.config.instanceId);
    if (removed > 0) app.log.info({ removed }, 'removed partial chunks left by a previous run');
    await purge();
    timer = setInterval(() => void purge(), PURGE_EVERY_MS).unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
};
