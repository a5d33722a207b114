import type { z } from 'zod';
import type { UploadPurpose } from '../domain/uploads.ts';
import type { OfflineDb, OutboxEntry, OutboxRequest } from './db.ts';

export type MutationContext = {
  /** The negative id allocated for the record this entry creates (kinds with `creates`), else null. */
  tempId: number | null;
  entryId: string;
};

/** What a kind's onRejected may use besides the store. */
export type RejectionContext = {
  /** GETs a path of the API (relative to /api) through the engine's transport; throws unless a 2xx answer arrives. */
  get(path: string): Promise<unknown>;
};

/** The server's refusal, as onRejected sees it. */
export type Rejection = { status: number | null; message: string };

export type ReconcileContext = {
  /** The server's id for the entry's tempId (already recorded in idMap), or null. */
  serverId: number | null;
};

/**
 * How a kind's queued entries coalesce into one request (issue 32): consecutive pending entries of
 * one entity with the same `key`, up to `max`, go as `toRequest(payloads)` under one Idempotency-Key
 * of their own, kept with the batch until it is answered, so a retry resends the same body under
 * the same key. The endpoint must apply the batch all or nothing: a refused batch is split in
 * halves (then down to single entries, which the kind's onRejected or parking settles), so the
 * other entries are sent again and none is lost.
 */
export type MutationBatch<P> = {
  /** Entries whose keys differ never share a request (e.g. `acompanhamento:12`). */
  key(payload: P): string;
  /** The most entries one request may carry (the endpoint's limit). */
  max: number;
  /** The one request carrying these payloads, in queue order. */
  toRequest(payloads: readonly P[]): OutboxRequest;
};

/**
 * One named offline write (`member-create`, `report-create`, ...), declared once by its feature.
 * The outbox is the only thing that sends it; the engine only needs `entry.request`, so a service
 * worker can send entries of kinds it never imported.
 *
 * The schema must accept its own output (edit and resend validate the stored payload again), and
 * a payload that refers to a record created offline holds that record's temp id as a number (see
 * temp-ids.ts): schemas of such kinds must allow negative ids.
 */
export type MutationKind<P = unknown> = {
  name: string;
  /** What a person reads for this kind in the sync centre, in pt-BR, e.g. "Novo relatório" (never the id). */
  title: string;
  schema: z.ZodType<P>;
  /** pt-BR text for the sync centre, e.g. "Membro Maria Souza". */
  label(payload: P): string;
  /** Entries with the same key reach the server in enqueue order. */
  entityKey(payload: P, tempId: number | null): string;
  toRequest(payload: P): OutboxRequest;
  /** Field of the server's answer holding the id that replaces the temp id. */
  serverIdField?: string;
  /** Allocate a temp id for the record this kind creates. */
  creates?: boolean;
  /** Files are accepted (and uploaded before the request) for this purpose. */
  files?: UploadPurpose;
  /** Runs inside the enqueue transaction: the change is visible at once, rows marked pending: 1. */
  applyLocal?(db: OfflineDb, payload: P, ctx: MutationContext): Promise<void> | void;
  /** Queued entries of this kind may go several in one request (never entries with files or temp ids). */
  batch?: MutationBatch<P>;
  /**
   * Runs in the transaction that retires the entry after success: replace the local row by the
   * server's. For a batch it runs once, for its last entry, with the batch's answer: the batch's
   * other entries are already gone from the queue then.
   */
  reconcile?(db: OfflineDb, entry: OutboxEntry & { payload: P }, response: unknown, ctx: ReconcileContext): Promise<void> | void;
  /**
   * The server refused the entry for good (a 4xx that would park it as "requer atenção"). Return
   * true when the kind settled the refusal itself (e.g. took the server's state and told the
   * user): the entry and its files are then removed instead of parked, so a conflict that needs
   * no decision never sits in the queue. Runs outside any transaction, so it may read the API
   * through ctx.get; false or a throw parks the entry as usual. Only pages run it (the service
   * worker knows no kinds and parks).
   */
  onRejected?(db: OfflineDb, entry: OutboxEntry & { payload: P }, rejection: Rejection, ctx: RejectionContext): Promise<boolean> | boolean;
  /** Runs in the discard transaction: undo applyLocal. */
  revertLocal?(db: OfflineDb, entry: OutboxEntry & { payload: P }): Promise<void> | void;
};

export function defineMutationKind<P>(kind: MutationKind<P>): MutationKind<P> {
  return kind;
}

const registry = new Map<string, MutationKind<unknown>>();

/** Registering the same name again replaces the kind (module reload during development). */
export function registerMutationKind<P>(kind: MutationKind<P>): MutationKind<P> {
  registry.set(kind.name, kind as unknown as MutationKind<unknown>);
  return kind;
}

export function findMutationKind(name: string): MutationKind<unknown> | undefined {
  return registry.get(name);
}

export function getMutationKind(name: string): MutationKind<unknown> {
  const kind = registry.get(name);
  if (!kind) throw new Error(`Tipo de alteração offline desconhecido: ${name}.`);
  return kind;
}
