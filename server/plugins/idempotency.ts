import { createHash, randomUUID } from 'node:crypto';
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
import { pending, takesIdempotencyKey, type Answer, type Claimed, type Flight, type Outcome, type Pending } from '../lib/idempotency.ts';

/** Kept here for the callers that named the plugin; the mechanism is server/lib/idempotency.ts. */
export { takesIdempotencyKey };

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for routes idempotent by design (resumable uploads): the Idempotency-Key header is ignored there. */
    idempotency?: boolean;
  }
}

/**
 * How long a repeat waits for a request of its key running in this process (a key held by another
 * instance is watched for config.idempotencyWaitMs). Waiting costs nothing
 * (no query, no timer per poll), and the holder is alive by definition: only a hung handler hits it.
 */
const LOCAL_WAIT_MS = 30_000;
/** Backoff of the one query that watches a key held by another instance: 50 ms doubling to 1 s. */
const POLL_FIRST_MS = 50;
const POLL_MAX_MS = 1_000;
/**
 * An in_progress row of another instance this old belongs to a request whose process died (a live
 * request stores its answer long before). Rows of this instance are never left to age: a claim of
 * this instance that no live request of this process holds is dead (a crash before the restart), and
 * is taken over at once. Residual risk: if the process died after the handler committed but before
 * the answer was stored, the request that takes the row over runs the handler a second time; routes
 * that store the answer in the transaction of their write (commitIdempotentAnswer, used by
 * POST /api/relatorio) close that gap.
 */
const ABANDONED_AFTER = sql`interval '2 minutes'`;
const PURGE_EVERY_MS = 60 * 60 * 1000;

type Scope = { tenantId: string; usuarioId: number; key: string };

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by a route that reads a multipart body itself (before its preHandler hooks): the
     * fingerprint of its fields and files (multipartFingerprint). The key is claimed only then.
     */
    bodyFingerprint: string | null;
  }
}

function flight(fingerprint: string): Flight {
  let settle!: (outcome: Outcome) => void;
  const settled = new Promise<Outcome>((resolve) => (settle = resolve));
  return { fingerprint, settled, settle };
}

function within<T>(promise: Promise<T>, deadline: number): Promise<T | 'timeout'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), Math.max(0, deadline - Date.now()))));
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Deletes keys (and the answers they replay) older than IDEMPOTENCY_TTL_DAYS; resolves with how many. */
export async function purgeExpiredIdempotencyKeys(db: Db): Promise<number> {
  const gone = await db
    .delete(idempotencyKey)
    .where(lt(idempotencyKey.createdAt, sql`now() - make_interval(days => ${IDEMPOTENCY_TTL_DAYS})`))
    .returning({ id: idempotencyKey.id });
  return gone.length;
}

function headerKey(request: FastifyRequest): string | string[] | undefined {
  // Unknown routes (404) are not scoped: nothing to remember.
  if (!request.url.startsWith('/api/') || !request.routeOptions.url) return undefined;
  if (!takesIdempotencyKey(request.method, request.routeOptions.config)) return undefined;
  return request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
}

/**
 * Exactly-once writes for replayed requests (the offline outbox resends until it gets an answer).
 * A mutating /api request with an Idempotency-Key is claimed in the database before it runs; its
 * answer (2xx or 4xx) is stored and replayed to any repeat with the same key, method, URL (query
 * string included: it can change what a write means) and body. The database is the truth, so any
 * instance can answer a repeat; repeats that reach the process running the first request wait for it
 * in memory (no query at all), and only a key held by another instance is watched in the database,
 * by one request per key and process, with backoff. A 5xx (or 429) is not stored: the retry runs the
 * handler.
 */
export const idempotencyPlugin = fp(
  async (app: FastifyInstance) => {
    const { db } = app;
    /** Owners start with the instance name and the boot: a claim of this instance not in `live` is dead. */
    const instancePrefix = `${app.config.instanceId}|`;
    const bootPrefix = `${instancePrefix}${randomUUID()}|`;
    /** Owner tokens of the claims held by live requests of this process. */
    const live = new Set<string>();
    /** key scope → the request of this process that leads it. */
    const inFlight = new Map<string, Flight>();

    app.decorateRequest('bodyFingerprint', null);

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

    type DbOutcome = { claimed: Claimed } | { replay: Answer; fingerprint: string } | { busy: true };

    /** One attempt against the database: claim the key, or read its answer, or take over a dead claim. */
    async function attempt(request: FastifyRequest, scope: Scope, fingerprint: string): Promise<DbOutcome> {
      const owner = `${bootPrefix}${randomUUID()}`;
      const [inserted] = await db
        .insert(idempotencyKey)
        .values({ ...scope, fingerprint, state: 'in_progress', owner })
        .onConflictDoNothing()
        .returning({ id: idempotencyKey.id });
      if (inserted) return { claimed: { id: inserted.id, owner } };
      const [row] = await db
        .select()
        .from(idempotencyKey)
        .where(scoped(idempotencyKey, scope.tenantId, eq(idempotencyKey.usuarioId, scope.usuarioId), eq(idempotencyKey.key, scope.key)));
      // No row: the first request failed (5xx) and released it in between; claim it on the next attempt.
      if (!row) return { busy: true };
      if (row.fingerprint !== fingerprint) throw conflict(UPLOAD_MESSAGES.chaveReutilizada);
      if (row.state === 'done') {
        return { replay: { statusCode: row.statusCode ?? 200, contentType: row.contentType, body: row.body ?? '' }, fingerprint };
      }
      const ours = row.owner.startsWith(instancePrefix);
      if (ours && live.has(row.owner)) return { busy: true };
      const [taken] = await db
        .update(idempotencyKey)
        .set({ owner, claimedAt: sql`now()` })
        .where(
          and(
            eq(idempotencyKey.id, row.id),
            eq(idempotencyKey.owner, row.owner),
            eq(idempotencyKey.state, 'in_progress'),
            // A claim of this instance held by no live request died with an earlier boot: at once.
            ours ? undefined : lt(idempotencyKey.claimedAt, sql`now() - ${ABANDONED_AFTER}`),
          ),
        )
        .returning({ id: idempotencyKey.id });
      if (!taken) return { busy: true };
      request.log.warn({ key: scope.key, ours }, 'took over a dead idempotency claim');
      return { claimed: { id: taken.id, owner } };
    }

    function busy(reply: FastifyReply): never {
      reply.header('retry-after', '1');
      throw new AppError(503, UPLOAD_MESSAGES.emAndamento);
    }

    async function claim(request: FastifyRequest, reply: FastifyReply, state: Pending, scope: Scope, fingerprint: string) {
      const id = `${scope.tenantId}\u0000${scope.usuarioId}\u0000${scope.key}`;
      const localDeadline = Date.now() + LOCAL_WAIT_MS;
      for (;;) {
        const leader = inFlight.get(id);
        if (leader) {
          const outcome = await within(leader.settled, localDeadline);
          if (outcome === 'timeout') busy(reply);
          if (outcome.kind === 'done') {
            if (outcome.fingerprint !== fingerprint) throw conflict(UPLOAD_MESSAGES.chaveReutilizada);
            return { replay: outcome.answer } as const;
          }
          // Released (a 5xx, or the key is held elsewhere and the leader gave up): try ourselves.
          continue;
        }
        // Lead the key in this process before the first query, so repeats arriving now wait on us.
        const mine = flight(fingerprint);
        inFlight.set(id, mine);
        const end = (outcome: Outcome) => {
          if (inFlight.get(id) === mine) inFlight.delete(id);
          mine.settle(outcome);
        };
        try {
          const deadline = Date.now() + app.config.idempotencyWaitMs;
          for (let delay = POLL_FIRST_MS; ; delay = Math.min(delay * 2, POLL_MAX_MS)) {
            const outcome = await attempt(request, scope, fingerprint);
            if ('claimed' in outcome) {
              live.add(outcome.claimed.owner);
              state.claim = outcome.claimed;
              state.flight = mine;
              state.flightEnd = end;
              return { claimed: outcome.claimed } as const;
            }
            if ('replay' in outcome) {
              end({ kind: 'done', fingerprint, answer: outcome.replay });
              return { replay: outcome.replay } as const;
            }
            if (Date.now() + delay >= deadline) busy(reply);
            await sleep(delay);
          }
        } catch (error) {
          if (!state.claim) end({ kind: 'released' });
          throw error;
        }
      }
    }

    function replay(reply: FastifyReply, answer: Answer) {
      reply.code(answer.statusCode).header(IDEMPOTENCY_REPLAYED_HEADER, 'true');
      if (answer.contentType) reply.header('content-type', answer.contentType);
      // A Buffer is sent as is: no serializer runs over the stored text.
      return reply.send(Buffer.from(answer.body, 'utf8'));
    }

    async function claimOrReplay(request: FastifyRequest, reply: FastifyReply, state: Pending, fingerprint: string) {
      const scope = { tenantId: request.tenant.id, usuarioId: request.session?.usuario.usuarioId ?? 0, key: state.key };
      const outcome = await claim(request, reply, state, scope, `${request.method} ${request.url} ${fingerprint}`);
      if (outcome.replay) {
        replay(reply, outcome.replay);
        return reply;
      }
      return undefined;
    }

    // After parsing (the body hash is complete) and before validation, so a 400 is stored too.
    app.addHook('preValidation', async (request, reply) => {
      const state = pending.get(request);
      // A multipart body is still unread here: its route reads it and sets bodyFingerprint (preHandler below).
      if (!state?.hash) return;
      return claimOrReplay(request, reply, state, state.hash.digest('hex'));
    });

    // Registered at the root, so it runs before every route's own preHandler and its handler.
    app.addHook('preHandler', async (request, reply) => {
      const state = pending.get(request);
      if (!state || state.hash || state.claim) return;
      if (!request.bodyFingerprint) {
        // A multipart route that does not fingerprint its body cannot be told apart from another send.
        throw badRequest(UPLOAD_MESSAGES.chaveInvalida);
      }
      return claimOrReplay(request, reply, state, request.bodyFingerprint);
    });

    async function release(claimed: Claimed) {
      // An answer committed with the route's own write (commitIdempotentAnswer) stays: the write happened.
      await db
        .delete(idempotencyKey)
        .where(and(eq(idempotencyKey.id, claimed.id), eq(idempotencyKey.owner, claimed.owner), eq(idempotencyKey.state, 'in_progress')));
    }

    function finish(state: Pending, outcome: Outcome) {
      state.finished = true;
      if (state.claim) live.delete(state.claim.owner);
      state.flightEnd?.(outcome);
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
      let outcome: Outcome = { kind: 'released' };
      try {
        if (status >= 500 || status === 429 || body === null) {
          // 429 asks to come back later; a streamed answer cannot be kept (such routes should opt out).
          if (body === null) request.log.warn({ url: request.url }, 'streamed answer not kept for Idempotency-Key');
          await release(state.claim);
        } else {
          const contentType = reply.getHeader('content-type');
          const answer = { statusCode: status, contentType: contentType === undefined ? null : String(contentType), body };
          // Waiters of this process get the answer even if storing it fails.
          outcome = { kind: 'done', fingerprint: state.flight!.fingerprint, answer };
          await db
            .update(idempotencyKey)
            .set({ state: 'done', ...answer })
            .where(and(eq(idempotencyKey.id, state.claim.id), eq(idempotencyKey.owner, state.claim.owner)));
        }
      } catch (err) {
        // The answer still goes out; the row stays in_progress and is taken over as dead.
        request.log.error({ err, key: state.key }, 'could not store the idempotent answer');
      } finally {
        finish(state, outcome);
      }
      return payload;
    });

    // Fallback for an answer that skipped onSend (hijacked reply): never leave the key blocked.
    app.addHook('onResponse', async (request) => {
      const state = pending.get(request);
      if (!state?.claim || state.finished) return;
      try {
        await release(state.claim);
      } finally {
        finish(state, { kind: 'released' });
      }
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
