/**
 * Where the screens' live reads (live.ts) find Dexie's liveQuery without importing Dexie (issue 32).
 * Imports nothing: db.ts and the service worker's store import it.
 */

/** Dexie's liveQuery, as much of it as the screens use (hasValue and getValue: Dexie 4's observable). */
export type LiveObservable<T> = {
  subscribe: (onNext: (value: T) => void, onError: (error: unknown) => void) => { unsubscribe: () => void };
  hasValue?: () => boolean;
  getValue?: () => T;
};
export type LiveQuery = <T>(querier: () => T | Promise<T>) => LiveObservable<T>;

let liveQueryOf: LiveQuery | null = null;

/** db.ts registers Dexie's liveQuery when it loads: no store exists before, so no read needs it before. */
export function registerLiveQuery(liveQuery: LiveQuery): void {
  liveQueryOf = liveQuery;
}

export function getLiveQuery(): LiveQuery | null {
  return liveQueryOf;
}
