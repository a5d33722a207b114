/**
 * The outbox's in-memory local effect. `enqueue` writes an entry and its local effect in one
 * IndexedDB transaction, a round trip that a live reader would wait for (its read queues behind
 * that read-write transaction). So the moment a change is queued it is also announced here, in
 * memory, and a live reader (useLocalFirst with `queued`) shows it on the value it last read,
 * before IndexedDB commits. This is not a second layer: it is the same queued entry, and it is let
 * go once the reader has read the device's copy again after the commit (that copy holds it).
 *
 * Invariant: a reader applies a change while the change is in flight, or stored after the reader's
 * last read started (`readTick`); a read started after the store holds it. Applying a change to a
 * value that already holds it must change nothing (a kind's effect sets, it does not add).
 */

/** One queued change as a reader sees it: the kind's name and its validated payload. */
export type QueuedChange = { id: string; kind: string; entityKey: string; payload: unknown };

export type InFlightEvent =
  | { type: 'queued'; change: QueuedChange }
  /** The transaction holding the change committed; `at` is on the clock readTick reads. */
  | { type: 'stored'; id: string; at: number }
  /** Nothing was stored (the device refused it): readers forget it at once. */
  | { type: 'dropped'; id: string };

let clock = 0;
const inFlight = new Map<string, QueuedChange>();
const listeners = new Set<(event: InFlightEvent) => void>();

/** A tick of the clock the store's commits are stamped with; a reader takes one as its read starts. */
export function readTick(): number {
  return ++clock;
}

function emit(event: InFlightEvent): void {
  for (const listener of listeners) listener(event);
}

/** Announced synchronously, from the caller's event (a tap), so the screen renders it in the same frame. */
export function announceQueued(change: QueuedChange): void {
  inFlight.set(change.id, change);
  emit({ type: 'queued', change });
}

export function announceStored(id: string): void {
  if (!inFlight.delete(id)) return;
  emit({ type: 'stored', id, at: readTick() });
}

export function announceDropped(id: string): void {
  if (!inFlight.delete(id)) return;
  emit({ type: 'dropped', id });
}

/** Returns the unsubscribe. */
export function onInFlight(listener: (event: InFlightEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
