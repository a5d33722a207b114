import { useLive } from '../offline/live.ts';
import { useEffect, useMemo, useState } from 'react';
import { notifyError } from '../lib/notify.ts';
import { useOnline } from '../lib/online.ts';
import type { OfflineDb } from '../offline/db.ts';
import { demandOffline } from '../offline/demand.ts';
import { mayShowAnswerFirst } from '../offline/answer-first.ts';
import { useOpenedDb } from '../offline/hooks.ts';
import { useLocalFirst, type LocalFirstOptions } from '../offline/use-local-first.ts';
import { endsSession, failedRead, onlineQuery, PREFETCH_FRESH_MS, type PrefetchableQuery, type Query } from './online-query.ts';

/**
 * The client's one read primitive (issue 27). A data object (a feature's or entity's `data.ts`)
 * declares each read once with `query.online` or `query.local` and hands the resulting hook to its
 * screens; both halves give the same result shape, so a screen does not know where data comes from.
 *
 * - `query.online`: data only the server has (searches, directories, one record opened by id),
 *   through TanStack Query: equal reads share one request and one cached answer, and a command
 *   invalidates the reads it names after a successful write.
 * - `query.local`: data a field user may need offline. It names what the device stores (a Dexie
 *   live query over the device's tables, so a queued write shows at once) and the pull that refreshes
 *   that copy from the API while the screen is open.
 */

export type { OnlineRead, Parser, PrefetchableQuery, Query, QueryState } from './online-query.ts';
export { endsSession, isFetching, partThenWhole } from './online-query.ts';

/** One device read: what useLocalFirst takes (src/offline/use-local-first.ts), plus two list options. */
export type LocalRead<T, R, P = unknown> = LocalFirstOptions<T, R> & {
  /**
   * Shows the server's answer as soon as it arrives, before it is stored (thousands of rows take a
   * while to write): `read` reads what the device holds that the answer lacks (rows waiting in the
   * outbox), live from the start so it never waits behind the pull's write; `merge` joins the two.
   */
  preview?: { read: (db: OfflineDb) => Promise<P>; merge: (answer: R, local: P | undefined) => T };
  /**
   * For lists: true when the copy is empty. A never-synced empty copy is not a known empty list:
   * it stays loading while the first answer is on its way, and is an error when that answer failed.
   */
  isEmpty?: (data: T) => boolean;
};

/** Pulls a route's loader started (by scope), each taken once by the screen that mounts within PREFETCH_FRESH_MS. */
const started = new Map<string, { at: number; answer: Promise<unknown> }>();

function takeStarted(scope: string): Promise<unknown> | undefined {
  const pull = started.get(scope);
  started.delete(scope);
  return pull && Date.now() - pull.at < PREFETCH_FRESH_MS ? pull.answer : undefined;
}

function local<A extends unknown[], T, R, P = unknown>(define: (...args: A) => LocalRead<T, R, P>): PrefetchableQuery<A, T> {
  function useLocalQuery(...args: A): Query<T> {
    const read = define(...args);
    const { scope } = read;
    // The first pull of the screen takes the answer its loader's request brings instead of asking again.
    const fetch = (signal: AbortSignal) => ((scope !== null && (takeStarted(scope) as Promise<R> | undefined)) || read.fetch(signal));
    return useLocalRead({ ...read, fetch });
  }
  return Object.assign(useLocalQuery, {
    /**
     * Starts the pull's request from a route's loader, with the navigation, and the opening of the
     * device's store. Offline it asks nothing: the screen reads the device's copy as always, and a
     * loader never fails the route.
     */
    prefetch(...args: A) {
      // A screen that reads the device's store (offline, or something queued here) starts opening
      // it with the navigation rather than at its first render (a busy page ran that effect seconds
      // late); one that shows the server's answer first leaves it for when the page has settled.
      if (!mayShowAnswerFirst()) demandOffline();
      if (typeof navigator !== 'undefined' && !navigator.onLine) return;
      const read = define(...args);
      if (read.scope === null) return;
      const answer = read.fetch(new AbortController().signal);
      // The screen's pull reports a failure; until one takes it, a rejection is nobody's to report.
      answer.catch(() => undefined);
      started.set(read.scope, { at: Date.now(), answer });
    },
  });
}

export const query = { online: onlineQuery, local };

function useLocalRead<T, R, P>(read: LocalRead<T, R, P>): Query<T> {
  const { preview, isEmpty, errorMessage, scope } = read;
  const db = useOpenedDb();
  const isOnline = useOnline();
  const [fresh, setFresh] = useState<{ scope: string; answer: R; at: number } | null>(null);
  const local = useLocalFirst<T, R>({
    ...read,
    fetch: preview
      ? async (signal) => {
          const answer = await read.fetch(signal);
          if (scope !== null) setFresh({ scope, answer, at: Date.now() });
          return answer;
        }
      : read.fetch,
  });
  const previewLocal = useLive(async () => (db && preview ? { value: await preview.read(db) } : undefined), [db, scope]);
  const merge = preview?.merge;
  const early = useMemo(
    () => (fresh !== null && merge && fresh.scope === scope ? merge(fresh.answer, previewLocal?.value) : null),
    // `merge` is declared anew on every render but is a pure function of its arguments: rebuilding
    // thousands of rows on every render is what the memo avoids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fresh, previewLocal, scope],
  );

  const neverSynced = isEmpty !== undefined && local.status === 'ready' && local.syncedAt === null && isEmpty(local.data);
  // A never-synced empty copy whose first pull failed is nothing to show too, like the engine's error.
  const failed = neverSynced && local.pullError && !endsSession(local.pullError) ? local.pullError : null;
  const nothingShown = local.status === 'error' && !read.isGone?.(local.error) && !endsSession(local.error) ? local.error : failed;
  useEffect(() => {
    if (nothingShown && errorMessage) notifyError(errorMessage);
  }, [nothingShown, errorMessage]);

  const reload = local.reload;
  // The answer is on screen before it is stored; the device's copy takes over once it holds that answer.
  const stored = local.status === 'ready' && fresh !== null && (local.syncedAt ?? 0) >= fresh.at;
  if (early !== null && fresh !== null && !stored) {
    return { status: 'ready', data: early, syncedAt: fresh.at, refreshing: true, refreshError: null, reload };
  }
  if (failed) return { ...failedRead(failed), reload };
  if (neverSynced && isOnline && !local.pullError) return { status: 'loading', previous: undefined, reload };
  switch (local.status) {
    case 'loading':
      return { status: 'loading', previous: undefined, absent: local.absent, reload };
    case 'error':
      return { ...failedRead(local.error), reload };
    case 'ready':
      return {
        status: 'ready',
        data: local.data,
        syncedAt: local.syncedAt,
        refreshing: local.pulling,
        refreshError: local.pullError,
        reload,
      };
  }
}

