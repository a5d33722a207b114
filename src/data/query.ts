import { keepPreviousData, useQuery as useTanstackQuery, type QueryKey } from '@tanstack/react-query';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState } from 'react';
import { apiErrorMessage, isAbortError, isSessionExpiredError } from '../lib/api-errors.ts';
import { notifyError } from '../lib/notify.ts';
import { useOnline } from '../lib/online.ts';
import type { OfflineDb } from '../offline/db.ts';
import { useOfflineDb } from '../offline/hooks.ts';
import { useLocalFirst, type LocalFirstOptions } from '../offline/use-local-first.ts';
import { queryClient } from './query-client.ts';

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

/**
 * A read's state for a screen (the successor of `Remote<T>`, which it extends):
 * - `idle`: nothing asked yet (a null read: a search the user has not run, an id not chosen);
 * - `loading`: `previous` is the last answer of an earlier read, so a table need not go blank;
 *   `absent` (device reads) once the device has been read and holds no copy;
 * - `error`: nothing to show;
 * - `ready`: `refreshing` while a newer answer is awaited with this one shown. Device reads add when
 *   the copy was last synced (`syncedAt`, null when never) and the failed refresh (`refreshError`).
 */
export type QueryState<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous: T | undefined; absent?: boolean }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T; refreshing: boolean; syncedAt?: number | null; refreshError?: unknown };

export type Query<T> = QueryState<T> & { reload: () => void };

export type Parser<T> = { parse: (data: unknown) => T };

/** One online read: a key naming it (compared by value), the call, and the schema of its answer. */
export type OnlineRead<T> = {
  key: QueryKey;
  /** The call; `api.get(...)` or a contract endpoint's `call(...)`, it only has to honour `signal`. */
  fetch: (signal: AbortSignal) => Promise<unknown>;
  schema: Parser<T>;
  /**
   * Shown (the server's pt-BR message first) when the read fails for another reason than an ended
   * session; without it the screen reports the failure itself.
   */
  errorMessage?: string;
};

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

function online<A extends unknown[], T>(define: (...args: A) => OnlineRead<T> | null): (...args: A) => Query<T> {
  return function useOnlineQuery(...args: A): Query<T> {
    return useOnlineRead(define(...args));
  };
}

function local<A extends unknown[], T, R, P = unknown>(define: (...args: A) => LocalRead<T, R, P>): (...args: A) => Query<T> {
  return function useLocalQuery(...args: A): Query<T> {
    return useLocalRead(define(...args));
  };
}

export const query = { online, local };

const IDLE_KEY = ['idle'] as const;

function useOnlineRead<T>(read: OnlineRead<T> | null): Query<T> {
  // The shared client is passed, not provided by context: the login page's bundle never carries
  // TanStack, and a screen needs no provider to read (query-client.ts).
  const result = useTanstackQuery(
    {
    queryKey: read?.key ?? IDLE_KEY,
    enabled: read !== null,
    // A new key shows the previous key's answer as `previous` while it loads.
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      // Read from the closure of the render that started the request (key, schema and message go together).
      const { fetch, schema, errorMessage } = read!;
      try {
        return schema.parse(await fetch(signal));
      } catch (error) {
        // Once per request, not once per screen showing it (the request is shared).
        if (errorMessage !== undefined && !signal.aborted && !isAbortError(error) && !isSessionExpiredError(error)) {
          notifyError(apiErrorMessage(error, errorMessage));
        }
        throw error;
      }
    },
    },
    queryClient,
  );
  const { refetch } = result;
  const reload = useMemo(() => () => void refetch(), [refetch]);
  if (read === null) return { status: 'idle', reload };
  if (result.isPlaceholderData) return { status: 'loading', previous: result.data, reload };
  if (result.status === 'pending') return { status: 'loading', previous: undefined, reload };
  if (result.status === 'error') {
    return result.isFetching ? { status: 'loading', previous: undefined, reload } : { status: 'error', error: result.error, reload };
  }
  return { status: 'ready', data: result.data, refreshing: result.isFetching, reload };
}

function useLocalRead<T, R, P>(read: LocalRead<T, R, P>): Query<T> {
  const { preview, isEmpty, errorMessage, scope } = read;
  const db = useOfflineDb();
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
  const previewLocal = useLiveQuery(async () => (db && preview ? { value: await preview.read(db) } : undefined), [db, scope]);
  const merge = preview?.merge;
  const early = useMemo(
    () => (fresh !== null && merge && fresh.scope === scope ? merge(fresh.answer, previewLocal?.value) : null),
    // `merge` is declared anew on every render but is a pure function of its arguments: rebuilding
    // thousands of rows on every render is what the memo avoids.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [fresh, previewLocal, scope],
  );

  const neverSynced = isEmpty !== undefined && local.status === 'ready' && local.syncedAt === null && isEmpty(local.data);
  const failed = neverSynced && local.pullError && !isSessionExpiredError(local.pullError) ? local.pullError : null;
  // useLocalFirst reports a failure with nothing to show; this one it sees as an (empty) copy.
  useEffect(() => {
    if (failed && errorMessage) notifyError(errorMessage);
  }, [failed, errorMessage]);

  const reload = local.reload;
  // The answer is on screen before it is stored; the device's copy takes over once it holds that answer.
  const stored = local.status === 'ready' && fresh !== null && (local.syncedAt ?? 0) >= fresh.at;
  if (early !== null && fresh !== null && !stored) {
    return { status: 'ready', data: early, syncedAt: fresh.at, refreshing: true, refreshError: null, reload };
  }
  if (failed) return { status: 'error', error: failed, reload };
  if (neverSynced && isOnline && !local.pullError) return { status: 'loading', previous: undefined, reload };
  switch (local.status) {
    case 'loading':
      return { status: 'loading', previous: undefined, absent: local.absent, reload };
    case 'error':
      return { status: 'error', error: local.error, reload };
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

/** True while an answer is awaited, a reload of the shown one included (a search button's spinner). */
export function isFetching(read: QueryState<unknown>): boolean {
  return read.status === 'loading' || (read.status === 'ready' && read.refreshing);
}
