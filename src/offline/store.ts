import type { OfflineDb } from './db.ts';
import { demandOffline } from './demand.ts';
import type { SettledOutcome, SyncEngine, SyncState } from './engine.ts';

/**
 * The device's store and its engine as the screens see them, without loading them (issue 32).
 * Dexie, the store's tables and the sync engine weigh some 40 KB: they load with the runtime
 * (runtime.ts), which publishes here what it opened. Screens, data objects and commands read the
 * store through this module, so importing them does not bring Dexie onto a page; a screen that has
 * the server's answer is usable before the store arrives (src/data/query.ts).
 *
 * Invariant: `opened` is non-null only between a sign-in's open and the next sign-out or user
 * change; `refused` is true only when this browser would not open IndexedDB (some private windows).
 */

type Opened = { db: OfflineDb; engine: SyncEngine };

let opened: Opened | null = null;
let refused = false;
const listeners = new Set<() => void>();

/** runtime.ts only: what it has open now (null: signed out, changing user, or refused). */
export function publishStore(next: Opened | null, wasRefused = false): void {
  opened = next;
  refused = wasRefused;
  for (const listener of listeners) listener();
}

/** The signed-in user's store, or null (signed out, not yet open, or IndexedDB unavailable). */
export function getOfflineDb(): OfflineDb | null {
  return opened?.db ?? null;
}

/** True when this browser refused to open the store: the app works online only. */
export function offlineUnavailable(): boolean {
  return refused;
}

/** Called when the store or engine changes (opened, sign-out, another user). */
export function subscribeOfflineStore(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The store, opening it now if it was not asked for yet: null when this browser refuses it. For a
 * write that needs the device (a queued answer, a file): the screen may be usable before the store.
 */
export function openStore(): Promise<OfflineDb | null> {
  demandOffline();
  if (opened || refused) return Promise.resolve(opened?.db ?? null);
  return new Promise((resolve) => {
    const stop = subscribeOfflineStore(() => {
      if (!opened && !refused) return;
      stop();
      resolve(opened?.db ?? null);
    });
  });
}

export function getSyncEngine(): SyncEngine | null {
  return opened?.engine ?? null;
}

/** The running engine's whenSettled; without one (signed out) nothing will send it now: 'waiting'. */
export function whenEntrySettled(entryId: string, timeoutMs: number): Promise<SettledOutcome> {
  return opened ? opened.engine.whenSettled(entryId, { timeoutMs }) : Promise.resolve('waiting');
}

export function getSyncState(): SyncState | null {
  return opened?.engine.getState() ?? null;
}

/** The engine's state, following the engine across sign-ins; for useSyncExternalStore. */
export function subscribeSyncState(listener: () => void): () => void {
  let engine = opened?.engine ?? null;
  let unsubscribeEngine = engine?.subscribe(listener) ?? (() => {});
  const unsubscribeStore = subscribeOfflineStore(() => {
    if (opened?.engine === engine) return;
    unsubscribeEngine();
    engine = opened?.engine ?? null;
    unsubscribeEngine = engine?.subscribe(listener) ?? (() => {});
    listener();
  });
  return () => {
    unsubscribeEngine();
    unsubscribeStore();
  };
}
