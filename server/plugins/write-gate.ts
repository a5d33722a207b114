import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { IDEMPOTENCY_HEADER } from '../../src/domain/uploads.ts';
import { AppError } from '../lib/errors.ts';
import { takesIdempotencyKey } from '../lib/idempotency.ts';

export const WRITE_GATE_MESSAGE = 'O servidor está recebendo muitos envios ao mesmo tempo. O envio será tentado novamente em instantes.';
/** Seconds a refused write is told to wait; the outbox waits at least this long (src/offline/failures.ts). */
const RETRY_AFTER_SECONDS = 2;

export type WriteGateLimits = {
  /** Outbox writes (distinct keys) whose work runs at once in this process. */
  concurrency: number;
  /** Outbox writes waiting for a turn in this process; one more is refused with 503. */
  queueMax: number;
  /** How long a write waits for its turn before it is refused with 503. */
  waitMs: number;
  /** Outbox writes (distinct keys) one user may have running or waiting; one more is refused with 503. */
  perUser: number;
};

/** One key's turn, shared by every copy of it in this process (the copies wait on the first, for free). */
type Turn = { refs: number; user: string; granted: Promise<boolean>; holdsSlot: boolean };
type Waiter = { grant: () => void; refuse: () => void };

type GateState = { key: string; turn: Turn; done: boolean };

/**
 * Fairness under a flush of outboxes (issue 25, item 4): the writes the outbox replays (mutating
 * /api requests with an Idempotency-Key) take a turn before they claim their key, so at most
 * `concurrency` of them work at once and an interactive read never queues behind hundreds of them
 * in the database. Copies of one key share one turn. A user with `perUser` writes already running or
 * waiting, a full queue, or a wait past `waitMs` get 503 with Retry-After, which the outbox honours;
 * a request taken in is never dropped (server/app.ts keeps its socket while it waits).
 */
export const writeGatePlugin = fp<{ limits: WriteGateLimits }>(
  async (app: FastifyInstance, { limits }) => {
    let running = 0;
    const queue: Waiter[] = [];
    const turns = new Map<string, Turn>();
    const perUser = new Map<string, number>();
    const states = new WeakMap<FastifyRequest, GateState>();

    function next() {
      while (running < limits.concurrency && queue.length > 0) {
        running++;
        queue.shift()!.grant();
      }
    }

    function busy(reply: FastifyReply): never {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      throw new AppError(503, WRITE_GATE_MESSAGE);
    }

    function leave(turn: Turn, key: string) {
      turn.refs--;
      if (turn.refs > 0) return;
      turns.delete(key);
      const count = (perUser.get(turn.user) ?? 1) - 1;
      if (count > 0) perUser.set(turn.user, count);
      else perUser.delete(turn.user);
      if (turn.holdsSlot) {
        turn.holdsSlot = false;
        running--;
        next();
      }
    }

    function open(user: string): Turn {
      const turn: Turn = { refs: 1, user, granted: Promise.resolve(true), holdsSlot: false };
      if (running < limits.concurrency && queue.length === 0) {
        running++;
        turn.holdsSlot = true;
        return turn;
      }
      turn.granted = new Promise<boolean>((resolve) => {
        if (queue.length >= limits.queueMax) return resolve(false);
        let timer: NodeJS.Timeout | undefined = undefined;
        const waiter: Waiter = {
          grant: () => {
            clearTimeout(timer);
            turn.holdsSlot = true;
            resolve(true);
          },
          refuse: () => resolve(false),
        };
        timer = setTimeout(() => {
          const at = queue.indexOf(waiter);
          if (at >= 0) queue.splice(at, 1);
          waiter.refuse();
        }, limits.waitMs);
        queue.push(waiter);
      });
      return turn;
    }

    async function enter(request: FastifyRequest, reply: FastifyReply) {
      if (states.has(request) || !request.url.startsWith('/api/') || !request.routeOptions.url) return;
      if (!takesIdempotencyKey(request.method, request.routeOptions.config)) return;
      const header = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
      if (typeof header !== 'string') return;
      const user = `${request.tenant.id}\u0000${request.session?.usuario.usuarioId ?? 0}`;
      const key = `${user}\u0000${header}`;
      let turn = turns.get(key);
      if (turn) {
        turn.refs++;
      } else {
        const count = perUser.get(user) ?? 0;
        if (count >= limits.perUser) busy(reply);
        perUser.set(user, count + 1);
        turn = open(user);
        turns.set(key, turn);
      }
      const state: GateState = { key, turn, done: false };
      states.set(request, state);
      if (!(await turn.granted)) {
        done(request);
        busy(reply);
      }
    }

    function done(request: FastifyRequest) {
      const state = states.get(request);
      if (!state || state.done) return;
      state.done = true;
      leave(state.turn, state.key);
    }

    // Before the idempotency plugin's hooks (registered after this one): the key is claimed in turn.
    // A JSON body has fully arrived here; a multipart form is read by its route's own preValidation,
    // so it takes its turn after that (preHandler), not while its files upload.
    app.addHook('preValidation', async (request, reply) => {
      if (request.headers['content-type']?.toLowerCase().startsWith('multipart/')) return;
      await enter(request, reply);
    });
    app.addHook('preHandler', async (request, reply) => {
      await enter(request, reply);
    });
    // The work is over once the answer is on its way (the error handler's included).
    app.addHook('onSend', async (request, _reply, payload) => {
      done(request);
      return payload;
    });
    app.addHook('onResponse', async (request) => done(request));
  },
  { name: 'write-gate', dependencies: ['tenant', 'auth'] },
);
