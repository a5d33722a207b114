import { Readable } from 'node:stream';
import { errorCodes } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAX_CHUNK_BYTES, MAX_UPLOAD_BYTES, UPLOAD_MESSAGES, uploadStartSchema, uploadStatusSchema } from '../../../src/domain/uploads.ts';
import { AppError } from '../../lib/errors.ts';
import * as repo from './repository.ts';
import { concludeUpload, receiveChunk } from './service.ts';
import { errorResponses } from '../../lib/route-schemas.ts';

const params = z.object({ uploadId: z.string().min(1).max(100) });
const offsetConflictSchema = z.object({ message: z.string(), recebido: z.number().int() });
const errors = errorResponses(400, 401, 404, 409);
const tags = ['upload'];
const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Resumable uploads (issue 4): POST opens one, PUT appends a chunk at the offset the server
 * confirmed, POST .../concluir verifies size, hash and type. Each step is idempotent by itself (the
 * chave, the offset, the concluded state), so the generic Idempotency-Key plugin stays out.
 * Record endpoints take the concluded uploads with repository.claimUploads.
 */
export const uploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app;
  const config = { idempotency: false };

  // Chunks are streamed to disk, never buffered; the caps are enforced while streaming (service.ts).
  app.addContentTypeParser('application/octet-stream', (_request, payload, done) => done(null, payload));

  app.post(
    '/upload',
    {
      config,
      schema: {
        tags,
        summary: 'Iniciar (ou retomar, com a mesma chave) o envio de um arquivo',
        body: uploadStartSchema,
        response: { 200: uploadStatusSchema, 201: uploadStatusSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { row, created } = await repo.startUpload(db, request.tenant.id, request.session.usuario.usuarioId, request.body);
      return reply.status(created ? 201 : 200).send(repo.toStatus(row));
    },
  );

  app.get(
    '/upload/:uploadId',
    {
      schema: {
        tags,
        summary: 'Situação do envio: quantos bytes o servidor já tem',
        params,
        response: { 200: uploadStatusSchema, ...errors },
      },
    },
    async (request) =>
      repo.toStatus(await repo.findOwnUpload(db, request.tenant.id, request.session.usuario.usuarioId, request.params.uploadId)),
  );

  app.put(
    '/upload/:uploadId',
    {
      config: { ...config, openapi: { bodies: { 'application/octet-stream': { type: 'string', format: 'binary' } } } },
      schema: {
        tags,
        summary: `Enviar uma parte (corpo application/octet-stream de até ${MAX_CHUNK_BYTES} bytes) a partir de offset = recebido`,
        params,
        querystring: z.object({ offset: z.coerce.number().int().min(0).max(MAX_UPLOAD_BYTES) }),
        response: { 200: uploadStatusSchema, ...errors, ...errorResponses(413, 415, 503), 409: offsetConflictSchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (!(body instanceof Readable) || !request.headers['content-type']?.toLowerCase().startsWith('application/octet-stream')) {
        throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE();
      }
      const row = await repo.findOwnUpload(db, request.tenant.id, request.session.usuario.usuarioId, request.params.uploadId);
      const declared = Number(request.headers['content-length']);
      try {
        const outcome = await receiveChunk(
          db,
          storage,
          row,
          request.query.offset,
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
    },
  );

  app.post(
    '/upload/:uploadId/concluir',
    {
      config,
      schema: {
        tags,
        summary: 'Concluir o envio: confere tamanho, SHA-256 e tipo do arquivo (pelo conteúdo)',
        params,
        response: { 200: uploadStatusSchema, ...errors },
      },
    },
    async (request) => {
      const row = await repo.findOwnUpload(db, request.tenant.id, request.session.usuario.usuarioId, request.params.uploadId);
      return repo.toStatus(await concludeUpload(db, storage, row));
    },
  );

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
