/**
 * When the offline store and the sync engine start, without loading them. Dexie, the engine and
 * every feature's queued-write kinds weigh some 40 KB (gzip): the first screen after login does not
 * wait for them. They start when the first screen has settled, or at once when a screen reads the
 * store (useOfflineDb), whichever comes first. This module imports nothing, so the signed-in frame
 * can follow it.
 */

let starter: (() => void) | null = null;
let demanded = false;
const listeners = new Set<() => void>();

/** main.tsx names how to start (it loads app/offline.ts, which registers the kinds first). */
export function setOfflineStarter(start: () => void): void {
  starter = start;
  if (demanded) start();
}

/** Starts the store and the engine now, if not already (idempotent). */
export function demandOffline(): void {
  if (demanded) return;
  demanded = true;
  starter?.();
  for (const listener of listeners) listener();
}

export function offlineDemanded(): boolean {
  return demanded;
}

/** For useSyncExternalStore: told once, when the start is asked for. */
export function subscribeOfflineDemand(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
