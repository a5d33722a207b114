import { createHash, type Hash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.ts';
import { idempotencyKey } from '../db/schema/index.ts';

/**
 * The state the idempotency plugin (server/plugins/idempotency.ts) keeps per request, owned here so
 * that the command layer (server/lib/command.ts) can commit a request's answer inside its own
 * transaction without any feature importing a plugin.
 */

export type Answer = { statusCode: number; contentType: string | null; body: string };
export type Claimed = { id: number; owner: string };
/** What the request leading a key ended with: its answer, or nothing kept (5xx, 429, crash): claim again. */
export type Outcome = { kind: 'done'; fingerprint: string; answer: Answer } | { kind: 'released' };
export type Flight = { fingerprint: string; settled: Promise<Outcome>; settle: (outcome: Outcome) => void };

export type Pending = {
  key: string;
  /** SHA-256 of the raw body as it streams by; null for multipart bodies (fingerprinted from their parts, see multipartFingerprint). */
  hash: Hash | null;
  /** Set once this request holds the row. */
  claim?: Claimed;
  /** The in-process flight this request leads (repeats in this process wait on it), and how to end it. */
  flight?: Flight;
  flightEnd?: (outcome: Outcome) => void;
  finished: boolean;
};

/** Requests holding (or about to hold) a key: set by the plugin, read by commitIdempotentAnswer. */
export const pending = new WeakMap<FastifyRequest, Pending>();

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether a route honours the Idempotency-Key header: mutating, tenant-bound (a key is scoped to a
 * tenant and user; health has neither) and not opted out. The OpenAPI document declares the header
 * on exactly these routes.
 */
export function takesIdempotencyKey(method: string, config: { tenant?: boolean; idempotency?: boolean } | undefined): boolean {
  return MUTATING.has(method) && config?.tenant !== false && config?.idempotency !== false;
}

/** Whether the request holds an Idempotency-Key claim (so its answer is to be kept). */
export function holdsIdempotencyKey(request: FastifyRequest): boolean {
  return pending.get(request)?.claim !== undefined;
}

/**
 * Stores the answer of `request` inside the route's own transaction `tx`, so the record and the
 * answer that replays it commit together: a crash can no longer leave a created record whose key a
 * retry would run again. No-op for a request without a key. The answer stored in onSend afterwards
 * (the serialized reply) replaces this one. Commands reach it through withCommand (server/lib/command.ts).
 */
export async function commitIdempotentAnswer(tx: Pick<Db, 'update'>, request: FastifyRequest, answer: () => Answer): Promise<void> {
  const claim = pending.get(request)?.claim;
  if (!claim) return;
  await tx
    .update(idempotencyKey)
    .set({ state: 'done', ...answer() })
    .where(and(eq(idempotencyKey.id, claim.id), eq(idempotencyKey.owner, claim.owner)));
}

/**
 * The fingerprint of a multipart form: its fields (by name, any order) and its files (field, name
 * and SHA-256, in order). The raw bytes cannot serve: the boundary differs on every send.
 */
export function multipartFingerprint(fields: Record<string, string>, files: { field: string; name: string; sha256: string }[]): string {
  const hash = createHash('sha256');
  hash.update(JSON.stringify([Object.entries(fields).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)), files]));
  return `multipart:${hash.digest('hex')}`;
}
