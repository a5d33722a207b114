import type { z } from 'zod';
import type { UploadPurpose } from '../domain/uploads.ts';
import type { OfflineDb, OutboxEntry, OutboxRequest } from './db.ts';

export type MutationContext = {
  /** The negative id allocated for the record this entry creates (kinds with `creates`), else null. */
  tempId: number | null;
  entryId: string;
};

export type ReconcileContext = {
  /** The server's id for the entry's tempId (already recorded in idMap), or null. */
  serverId: number | null;
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
  /** Runs in the transaction that retires the entry after success: replace the local row by the server's. */
  reconcile?(db: OfflineDb, entry: OutboxEntry & { payload: P }, response: unknown, ctx: ReconcileContext): Promise<void> | void;
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
