import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { commitIdempotentAnswer, holdsIdempotencyKey } from './idempotency.ts';

/** A transaction, as commands and repositories receive it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** A connection a read runs on: the database or an open transaction. */
export type Conn = Db | Tx;

/** The success status and schema of the endpoint the request was routed to (server/lib/endpoint.ts). */
function successOf(request: FastifyRequest): { status: number; schema: z.core.$ZodType | undefined } {
  const responses = request.routeOptions.config?.endpoint?.response ?? {};
  const status = Number(Object.keys(responses).find((code) => /^2\d\d$/.test(code)) ?? 200);
  return { status, schema: responses[status] };
}

/**
 * Runs a command (a multi-step write) in one transaction and, for a request holding an
 * Idempotency-Key, commits the answer that replays it in that same transaction: the records and
 * the answer commit together, so a retry after a crash replays it instead of writing twice. The
 * answer is the command's result as the endpoint's success schema sends it (z.encode, as the reply
 * serialiser does); the reply stored afterwards by the idempotency plugin replaces it with the same.
 */
export async function withCommand<T>(request: FastifyRequest, run: (tx: Tx) => Promise<T>): Promise<T> {
  return request.server.db.transaction(async (tx) => {
    const result = await run(tx);
    if (holdsIdempotencyKey(request)) {
      const { status, schema } = successOf(request);
      await commitIdempotentAnswer(tx, request, () => ({
        statusCode: status,
        contentType: 'application/json; charset=utf-8',
        body: JSON.stringify(schema ? z.encode(schema, result) : result),
      }));
    }
    return result;
  });
}
