import { z } from 'zod';
import { errorSchema } from '../domain/session.ts';
import { SNIFFED_MIME, type SniffedType } from '../domain/file-types.ts';
import { FILE_CONTENT_TYPES } from './endpoint.ts';
import { idParamsSchema, idSchema, idTextSchema, INVALID_ID_MESSAGE, MAX_INT } from '../domain/ids.ts';

/**
 * Schema pieces every endpoint declaration shares, so a declaration states only what is its own.
 * Ids are refused above PostgreSQL's `integer` range at validation (a 400), never in the database.
 * The id schemas are the domain's (src/domain/ids.ts), so client forms and routes agree.
 */

/** An id in a JSON body. */
export { idSchema };
/** An id in a path or query string (text, coerced). */
export const idParam = idTextSchema;
/** An id in a path where 0 means "all" (e.g. every municipality). */
export const idOrZeroParam = z.coerce
  .number<string>()
  .pipe(z.number().int(INVALID_ID_MESSAGE).min(0, INVALID_ID_MESSAGE).max(MAX_INT, INVALID_ID_MESSAGE));
/** Params of the `/:id` routes. */
export const idParams = idParamsSchema;

type ErrorResponses<C extends number> = { [K in C]: typeof errorSchema };

/** The `{ message, issues? }` error responses an endpoint documents, one per status code. */
export function errorResponses<C extends number>(...codes: C[]): ErrorResponses<C> {
  return Object.fromEntries(codes.map((code) => [code, errorSchema])) as ErrorResponses<C>;
}

/**
 * A 200 that is a file, not JSON: sent as bytes or a stream, never serialised. The document shows it
 * under its real content types (the first is the one sent; an evidence file is sent as its own type)
 * with a binary schema. The client reads it as bytes (src/api/call.ts callRaw), never parses it.
 */
export function fileResponse(description: string, ...contentTypes: [string, ...string[]]) {
  return z.unknown().meta({ description, [FILE_CONTENT_TYPES]: contentTypes });
}

/** A stored upload, sent as its own (sniffed) type: one of those its purpose accepts. */
export function storedFileResponse(types: readonly [SniffedType, ...SniffedType[]]) {
  const [first, ...rest] = [...new Set(types.map((type) => SNIFFED_MIME[type]))];
  return fileResponse('O arquivo, no tipo em que foi enviado', first!, ...rest);
}

/** What an authenticated route that reads or writes one record may answer besides success. */
export const recordErrors = errorResponses(400, 401, 403, 404, 409);
/** What an authenticated read may answer besides success. */
export const readErrors = errorResponses(400, 401, 403, 404);
