import { useLive } from './live.ts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { mayShowAnswerFirst } from './answer-first.ts';
import type { OfflineDb } from './db.ts';
import { demandOffline } from './demand.ts';
import { useOfflineUnavailable, useOpenedDb, usePulled } from './hooks.ts';
import { onInFlight, readTick, type QueuedChange } from './in-flight.ts';

/**
 * What a screen shows of one piece of reference data: the device's copy first (so it opens
 * offline), refreshed from the API while the screen is open.
 * - loading: nothing cached yet and the first pull has not answered; `absent` once the device has
 *   been read and holds no copy (offline, no pull runs: the screen can say so at once);
 * - error: nothing to show (the pull failed and nothing is cached), or the server said the record
 *   does not exist (a 404 wins over a cached copy: the record was deleted or access was removed);
 * - ready: the data, with when it was last synced and whether a refresh is under way or failed.
 */
export type LocalFirst<T> =
  | { status: 'loading'; absent?: boolean }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T; syncedAt: number | null | undefined; pulling: boolean; pullError: unknown };

export type LocalFirstOptions<T, R> = {
  /** Names what is pulled (meta syncedAt key); null waits, e.g. for a route parameter. */
  scope: string | null;
  /** Reads the device's copy; undefined when it has none. */
  read: (db: OfflineDb) => Promise<T | undefined>;
  /** Values `read` depends on besides the store. */
  deps: readonly unknown[];
  fetch: (signal: AbortSignal) => Promise<R>;
  /** Stores the answer (usually pullInto). */
  write: (db: OfflineDb, data: R) => Promise<unknown>;
  /** Turns the answer into what the screen shows when this browser has no IndexedDB at all. */
  direct: (data: R) => T;
  /** True for errors after which the cached copy must not be shown (a 404). */
  isGone?: (error: unknown) => boolean;
  /**
   * When this scope was never pulled here, how old the cached copy is by its rows (e.g. rows
   * stored by "Disponível offline"): the oldest row's syncedAt.
   */
  syncedAtOf?: (data: T) => number | null;
  /** Notified by `query.local` (spec §8 wording) when there is nothing to show because loading failed. */
  errorMessage?: string;
  /**
   * How a change queued for one record shows on this read's value before the device has stored it
   * (the outbox's in-memory local effect, in-flight.ts): the record's entity key (its kinds'
   * `entityKey`) and the effect of one change. `apply` must change nothing when the value already
   * holds the change (the value may have been read after it was stored).
   */
  queued?: { entityKey: string; apply: (value: T, change: QueuedChange) => T } | null;
};

/** The oldest syncedAt of rows that came from the server (pending rows have none), or null. */
export function oldestSync(rows: ReadonlyArray<{ syncedAt: number; pending: 0 | 1 }>): number | null {
  const times = rows.filter((row) => row.pending === 0 && row.syncedAt > 0).map((row) => row.syncedAt);
  return times.length > 0 ? Math.min(...times) : null;
}

/**
 * The device half of `query.local` (src/data/query.ts), which also notifies `errorMessage`: the
 * engine shows nothing itself, and whether a failure ended the session is decided in the data port.
 */
export function useLocalFirst<T, R>(options: LocalFirstOptions<T, R>): LocalFirst<T> & { reload: () => void } {
  return useLocalFirstState(options);
}

function useLocalFirstState<T, R>(options: LocalFirstOptions<T, R>): LocalFirst<T> & { reload: () => void } {
  const { scope, read, deps, fetch, write, direct, isGone, syncedAtOf, queued } = options;
  const db = useOpenedDb();
  const unavailable = useOfflineUnavailable();
  // Decided once, when the screen opens (answer-first.ts): online with nothing queued here, the
  // server's answer is shown as it arrives and the store loads once the page has settled.
  const [answerFirst] = useState(mayShowAnswerFirst);
  const first = useDirect(unavailable || answerFirst ? scope : null, fetch, direct);
  // A 404 is the read's answer (the record is gone); any other failure falls back to the device's copy.
  const firstFailed = answerFirst && first.state.status === 'error' && !isGone?.(first.state.error);
  useEffect(() => {
    // Otherwise the store is read at once; and when the first answer failed, the device's copy may help.
    if (!answerFirst || firstFailed) demandOffline();
  }, [answerFirst, firstFailed]);
  // Once the store is open, its pull asks again rather than storing the answer on screen: a write
  // made meanwhile (an analyst's decision, kept on the device by its command) must not be
  // overwritten by that older answer.
  const takeFirst = first.take;
  const pull = usePulled(unavailable ? null : scope, fetch, write, { demand: false });
  // Offline by the time the store opened, no pull runs: the answer on screen is stored instead (the
  // device's copy, with what is queued meanwhile, then takes over). Nothing was written online since.
  const latestWrite = useRef(write);
  useEffect(() => {
    latestWrite.current = write;
  });
  useEffect(() => {
    if (!answerFirst || db === null || scope === null || navigator.onLine) return;
    const taken = takeFirst();
    if (taken)
      void latestWrite.current(db, taken.answer).catch((error: unknown) => console.error('Falha ao guardar os dados no aparelho', error));
  }, [answerFirst, db, scope, takeFirst, first.state.status]);
  // Wrapped so that "nothing cached" (undefined) is told apart from "still reading" (no object);
  // `at` is when the read started, on the clock the queue's commits are stamped with.
  const stored = useLive(async () => (db && scope ? { at: readTick(), value: await read(db) } : undefined), [db, scope, ...deps]);
  // The first answer stays on screen until the device's copy holds it (its pull's syncedAt).
  const early =
    answerFirst && first.state.status === 'ready' && !((pull.lastSyncedAt ?? 0) >= first.state.at)
      ? { at: first.state.tick, value: first.state.data }
      : undefined;
  const cached = useQueuedChanges(queued ?? null, early ?? stored);

  if (unavailable) return { ...first.view, reload: first.reload };
  if (early && cached?.value !== undefined && first.state.status === 'ready') {
    return { status: 'ready', data: cached.value, syncedAt: first.state.at, pulling: false, pullError: null, reload: first.reload };
  }
  if (answerFirst && first.state.status === 'error' && !firstFailed)
    return { status: 'error', error: first.state.error, reload: first.reload };
  if (answerFirst && db === null && !firstFailed) return { status: 'loading', reload: first.reload };
  if (pull.error && isGone?.(pull.error)) return { status: 'error', error: pull.error, reload: pull.refresh };
  if (cached?.value !== undefined && pull.lastSyncedAt !== undefined) {
    return {
      status: 'ready',
      data: cached.value,
      syncedAt: pull.lastSyncedAt ?? syncedAtOf?.(cached.value) ?? null,
      pulling: pull.pulling,
      pullError: pull.error,
      reload: pull.refresh,
    };
  }
  if (pull.error && cached !== undefined) return { status: 'error', error: pull.error, reload: pull.refresh };
  return { status: 'loading', absent: cached !== undefined && cached.value === undefined, reload: pull.refresh };
}

type FirstAnswer<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T; at: number; tick: number };

/**
 * The server's answer straight from the API: the whole read when this browser has no IndexedDB
 * (some private windows), and the first answer of a screen that shows it before the store opens.
 * `take` hands the raw answer, once, to be stored when the store opens offline.
 */
function useDirect<T, R>(scope: string | null, fetch: (signal: AbortSignal) => Promise<R>, direct: (data: R) => T) {
  // Each answer names its scope: when the screen moves to another record, the previous one's answer
  // is not shown as this one's (it reads as loading until its own arrives).
  const [answered, setState] = useState<FirstAnswer<T> & { scope: string | null }>({ status: 'loading', scope });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef({ fetch, direct });
  const answer = useRef<{ answer: R } | null>(null);
  useEffect(() => {
    latest.current = { fetch, direct };
  });
  useEffect(() => {
    // Another record's answer is never stored as this one's.
    answer.current = null;
    if (scope === null) return;
    const controller = new AbortController();
    latest.current
      .fetch(controller.signal)
      .then((data) => {
        if (controller.signal.aborted) return;
        answer.current = { answer: data };
        setState({ status: 'ready', data: latest.current.direct(data), at: Date.now(), tick: readTick(), scope });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', error, scope });
      });
    return () => controller.abort();
  }, [scope, attempt]);
  const state: FirstAnswer<T> = answered.scope === scope ? answered : { status: 'loading' };
  const view: LocalFirst<T> =
    state.status === 'ready'
      ? { status: 'ready', data: state.data, syncedAt: state.at, pulling: false, pullError: null }
      : state.status === 'error'
        ? { status: 'error', error: state.error }
        : { status: 'loading' };
  const take = useCallback(() => {
    const taken = answer.current;
    answer.current = null;
    return taken;
  }, []);
  return { state, view, take, reload: () => setAttempt((n) => n + 1) };
}

type Held = QueuedChange & { storedAt: number | null };

/**
 * The read's value with the changes queued for its record that the read may not hold yet (see
 * in-flight.ts): each is held from its announcement until a read that started after it was
 * stored. A change the device refused is let go at once.
 */
function useQueuedChanges<T>(
  queued: LocalFirstOptions<T, unknown>['queued'],
  stored: { at: number; value: T | undefined } | undefined,
): { value: T | undefined } | undefined {
  const entityKey = queued?.entityKey ?? null;
  // Changes announced before this screen subscribed are not held: the live read shows them once stored.
  const [held, setHeld] = useState<{ entityKey: string | null; changes: Held[] }>({ entityKey, changes: [] });
  const readStartedAt = stored?.at ?? 0;
  const lastRead = useRef(0);
  useEffect(() => {
    lastRead.current = readStartedAt;
  }, [readStartedAt]);
  useEffect(() => {
    if (entityKey === null) return;
    const covered = (change: Held) => change.storedAt !== null && change.storedAt < lastRead.current;
    return onInFlight((event) => {
      if (event.type === 'queued') {
        if (event.change.entityKey !== entityKey) return;
        setHeld((current) => {
          const kept = current.entityKey === entityKey ? current.changes.filter((c) => !covered(c)) : [];
          return { entityKey, changes: [...kept, { ...event.change, storedAt: null }] };
        });
      } else if (event.type === 'stored') {
        setHeld((current) =>
          current.changes.some((c) => c.id === event.id)
            ? { entityKey, changes: current.changes.map((c) => (c.id === event.id ? { ...c, storedAt: event.at } : c)) }
            : current,
        );
      } else {
        setHeld((current) =>
          current.changes.some((c) => c.id === event.id)
            ? { entityKey, changes: current.changes.filter((c) => c.id !== event.id) }
            : current,
        );
      }
    });
  }, [entityKey]);

  const apply = queued?.apply;
  return useMemo(
    () => {
      const pending = held.entityKey === entityKey ? held.changes.filter((c) => c.storedAt === null || c.storedAt > readStartedAt) : [];
      if (stored === undefined || stored.value === undefined || pending.length === 0 || !apply) return stored;
      return { value: pending.reduce<T>((value, change) => apply(value, change), stored.value) };
    },
    // `apply` is declared anew on every render but is a pure function of its arguments.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [stored, held, entityKey, readStartedAt],
  );
}
