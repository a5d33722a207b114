import { createHash, randomUUID, type Hash } from 'node:crypto';
import { Transform, pipeline } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  IDEMPOTENCY_HEADER,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_REPLAYED_HEADER,
  IDEMPOTENCY_TTL_DAYS,
  UPLOAD_MESSAGES,
} from '../../src/domain/uploads.ts';
import type { Db } from '../db/client.ts';
import { idempotencyKey } from '../db/schema/index.ts';
import { scoped } from '../db/tenant-scope.ts';
import { AppError, badRequest, conflict } from '../lib/errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for routes idempotent by design (resumable uploads): the Idempotency-Key header is ignored there. */
    idempotency?: boolean;
  }
}

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** How long a repeat waits for the first request of its key to finish before answering 503. */
const WAIT_MS = 10_000;
const POLL_MS = 75;
/**
 * An in_progress row this old belongs to a request whose process died (a live request stores its
 * answer long before). Residual risk: if the process died after the handler committed but before
 * the answer was stored, the request that takes the row over runs the handler a second time. Closing
 * that gap would need the handler's writes and the stored answer in one transaction, which a
 * generic plugin cannot impose on every route.
 */
const ABANDONED_AFTER = sql`interval '2 minutes'`;
const PURGE_EVERY_MS = 60 * 60 * 1000;

type Pending = {
  key: string;
  /** SHA-256 of the raw body as it streams by; null for multipart bodies (their boundary differs per send). */
  hash: Hash | null;
  /** Set once this request holds the row. */
  claim?: { id: number; owner: string };
  finished: boolean;
};

type Scope = { tenantId: string; usuarioId: number; key: string };
type StoredRow = typeof idempotencyKey.$inferSelect;

/** Deletes keys (and the answers they replay) older than IDEMPOTENCY_TTL_DAYS; resolves with how many. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKey)
    .where(lt(idempotencyKey.createdAt, sql`now() - make_interval(days => ${IDEMPOTENCY_TTL_DAYS})`))
    .returning({ id: idempotencyKey.id });
  return gone.length;
}

function headerKey(request: FastifyRequest): string | string[] | undefined {
  if (!MUTATING.has(request.method) || !request.url.startsWith('/api/')) return undefined;
  // Unknown routes (404) and routes without a tenant (health) are not scoped: nothing to remember.
  if (!request.routeOptions.url || request.routeOptions.config?.tenant === false) return undefined;
  if (request.routeOptions.config?.idempotency === false) return undefined;
  return request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
}

/**
 * Exactly-once writes for replayed requests (the offline outbox resends until it gets an answer).
 * A mutating /api request with an Idempotency-Key is claimed in the database before it runs; its
 * answer (2xx or 4xx) is stored and replayed to any repeat with the same key, method, URL (query
 * string included: it can change what a write means) and body. State lives only in the database,
 * so any instance can answer the repeat. A 5xx (or 429) is not stored: the retry runs the handler.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app;
    const pending = new WeakMap<FastifyRequest, Pending>();

    app.addHook('preParsing', async (request, _reply, payload) => {
      const raw = headerKey(request);
      if (raw === undefined) return payload;
      if (typeof raw !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(raw)) throw badRequest(UPLOAD_MESSAGES.chaveInvalida);
      const multipart = request.headers['content-type']?.toLowerCase().startsWith('multipart/') ?? false;
      const state: Pending = { key: raw, hash: multipart ? null : createHash('sha256'), finished: false };
      pending.set(request, state);
      const hash = state.hash;
      if (!hash) return payload;
      // Tee the raw bytes through the hash; body parsers read them fully before preValidation.
      let received = 0;
      const source = payload as typeof payload & { receivedEncodedLength?: number };
      const tee = Object.assign(
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            received += chunk.length;
            tee.receivedEncodedLength = source.receivedEncodedLength ?? received;
            callback(null, chunk);
          },
        }),
        { receivedEncodedLength: 0 },
      );
      // pipeline (not pipe) so an aborted request also fails the parser reading the tee.
      return pipeline(payload, tee, () => {});
    });

    async function claim(request: FastifyRequest, reply: FastifyReply, scope: Scope, fingerprint: string) {
      const owner = randomUUID();
      const deadline = Date.now() + WAIT_MS;
      const where = scoped(
        idempotencyKey,
        scope.tenantId,
        eq(idempotencyKey.usuarioId, scope.usuarioId),
        eq(idempotencyKey.key, scope.key),
      );
      for (;;) {
        const [inserted] = await db
          .insert(idempotencyKey)
          .values({ ...scope, fingerprint, state: 'in_progress', owner })
          .onConflictDoNothing()
          .returning({ id: idempotencyKey.id });
        if (inserted) return { claimed: { id: inserted.id, owner } } as const;
        const [row] = await db.select().from(idempotencyKey).where(where);
        // No row: the first request failed (5xx) and released it in between; try to claim it again.
        if (row) {
          if (row.fingerprint !== fingerprint) throw conflict(UPLOAD_MESSAGES.chaveReutilizada);
          if (row.state === 'done') return { replay: row } as const;
          const [taken] = await db
            .update(idempotencyKey)
            .set({ owner, claimedAt: sql`now()` })
            .where(
              and(
                eq(idempotencyKey.id, row.id),
                eq(idempotencyKey.owner, row.owner),
                eq(idempotencyKey.state, 'in_progress'),
                lt(idempotencyKey.claimedAt, sql`now() - ${ABANDONED_AFTER}`),
              ),
            )
            .returning({ id: idempotencyKey.id });
          if (taken) {
            request.log.warn({ key: scope.key }, 'took over an abandoned idempotency key');
            return { claimed: { id: taken.id, owner } } as const;
          }
        }
        if (Date.now() >= deadline) {
          reply.header('retry-after', '1');
          throw new AppError(503, UPLOAD_MESSAGES.emAndamento);
        }
        await sleep(POLL_MS);
      }
    }

    function replay(reply: FastifyReply, row: StoredRow) {
      reply.code(row.statusCode ?? 200).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
      if (row.contentType) reply.header('content-type', row.contentType);
      // A Buffer is sent as is: no serializer runs over the stored text.
      return reply.send(Buffer.from(row.body ?? '', 'utf8'));
    }

    // After parsing (the body hash is complete) and before validation, so a 400 is stored too.
    app.addHook('preValidation', async (request, reply) => {
      const state = pending.get(request);
      if (!state) return;
      const fingerprint = `${request.method} ${request.url} ${state.hash ? state.hash.digest('hex') : 'multipart'}`;
      const scope = { tenantId: request.tenant.id, usuarioId: request.session?.usuario.usuarioId ?? 0, key: state.key };
      const outcome = await claim(request, reply, scope, fingerprint);
      if (outcome.replay) {
        replay(reply, outcome.replay);
        return reply;
      }
      state.claim = outcome.claimed;
    });

    async function release(claimed: { id: number; owner: string }) {
      await db.delete(idempotencyKey).where(and(eq(idempotencyKey.id, claimed.id), eq(idempotencyKey.owner, claimed.owner)));
    }

    // Runs for every answer of a claimed request, the error handler's included. A client that
    // disconnects while the handler runs does not release the key: the handler may still commit,
    // and its answer is stored here for the retry.
    app.addHook('onSend', async (request, reply, payload) => {
      const state = pending.get(request);
      if (!state?.claim || state.finished) return payload;
      state.finished = true;
      const status = reply.statusCode;
      const body =
        payload === null || payload === undefined
          ? ''
          : typeof payload === 'string'
            ? payload
            : Buffer.isBuffer(payload)
              ? payload.toString('utf8')
              : null;
      try {
        if (status >= 500 || status === 429 || body === null) {
          // 429 asks to come back later; a streamed answer cannot be kept (such routes should opt out).
          if (body === null) request.log.warn({ url: request.url }, 'streamed answer not kept for Idempotency-Key');
          await release(state.claim);
        } else {
          const contentType = reply.getHeader('content-type');
          await db
            .update(idempotencyKey)
            .set({ state: 'done', statusCode: status, contentType: contentType === undefined ? null : String(contentType), body })
            .where(and(eq(idempotencyKey.id, state.claim.id), eq(idempotencyKey.owner, state.claim.owner)));
        }
      } catch (err) {
        // The answer still goes out; the row stays in_progress and is taken over once abandoned.
        request.log.error({ err, key: state.key }, 'could not store the idempotent answer');
      }
      return payload;
    });

    // Fallback for an answer that skipped onSend (hijacked reply): never leave the key blocked.
    app.addHook('onResponse', async (request) => {
      const state = pending.get(request);
      if (!state?.claim || state.finished) return;
      state.finished = true;
      await release(state.claim);
    });

    const purge = () => purgeExpiredIdempotencyKeys(db).catch((err: unknown) => app.log.error({ err }, 'idempotency purge failed'));
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      await purge();
      timer = setInterval(() => void purge(), PURGE_EVERY_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  },
  { name: 'idempotency', dependencies: ['tenant', 'auth'] },
);
