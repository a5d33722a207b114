import { z } from 'zod';
import { MAX_CHUNK_BYTES, MAX_UPLOAD_BYTES, uploadStartSchema, uploadStatusSchema } from '../domain/uploads.ts';
import { endpoint } from './endpoint.ts';
import { uploadRoutes } from './upload-routes.ts';
import { errorResponses } from './schemas.ts';

const tags = ['upload'];
const params = z.object({ uploadId: z.string().min(1).max(100) });
const errors = errorResponses(400, 401, 404, 409);
/** A chunk sent at another offset than the one the server holds: the client resumes from `recebido`. */
export const offsetConflictSchema = z.object({ message: z.string(), recebido: z.number().int() });

/**
 * Resumable uploads (issue 4): POST opens one, PUT appends a chunk at the offset the server
 * confirmed, POST .../concluir verifies size, hash and type. Each step is idempotent by itself (the
 * chave, the offset, the concluded state), so the generic Idempotency-Key mechanism stays out
 * (`idempotency: false`). Only the user who opened an upload sees it (the server's 404 otherwise).
 */
export const uploads = {
  start: endpoint({
    ...uploadRoutes.start,
    summary: 'Iniciar (ou retomar, com a mesma chave) o envio de um arquivo',
    tags,
    access: 'session',
    idempotency: false,
    body: uploadStartSchema,
    response: { 200: uploadStatusSchema, 201: uploadStatusSchema, ...errors },
  }),
  status: endpoint({
    ...uploadRoutes.status,
    summary: 'Situação do envio: quantos bytes o servidor já tem',
    tags,
    access: 'session',
    params,
    response: { 200: uploadStatusSchema, ...errors },
  }),
  /** The body is the chunk's bytes (application/octet-stream), streamed by the server, never parsed. */
  chunk: endpoint({
    ...uploadRoutes.chunk,
    summary: `Enviar uma parte (corpo application/octet-stream de até ${MAX_CHUNK_BYTES} bytes) a partir de offset = recebido`,
    tags,
    access: 'session',
    idempotency: false,
    docs: { bodies: { 'application/octet-stream': { type: 'string', format: 'binary' } } },
    params,
    query: z.object({ offset: z.coerce.number().int().min(0).max(MAX_UPLOAD_BYTES) }),
    response: { 200: uploadStatusSchema, ...errors, ...errorResponses(413, 415, 503), 409: offsetConflictSchema },
  }),
  conclude: endpoint({
    ...uploadRoutes.conclude,
    summary: 'Concluir o envio: confere tamanho, SHA-256 e tipo do arquivo (pelo conteúdo)',
    tags,
    access: 'session',
    idempotency: false,
    params,
    response: { 200: uploadStatusSchema, ...errors },
  }),
};
