import { hashKey, keepPreviousData, useQuery as useTanstackQuery, type Query as TanstackQuery, type QueryKey } from '@tanstack/react-query';
import { useMemo } from 'react';
import { isHTTPError } from 'ky';
import { apiErrorMessage, bearerOf, isAbortError } from '../lib/api-errors.ts';
import { endsSessionAnswer } from '../lib/session-end.ts';
import { notifyError } from '../lib/notify.ts';
import { queryClient } from './query-client.ts';

/**
 * The online half of the read primitive (query.ts re-exports it as `query.online`), apart from the
 * device half: it imports neither Dexie nor the offline engine, so the first screen after login (the
 * city list) and the header's municipality switcher read through it without loading the store.
 */

/**
 * A read's state for a screen (the successor of `Remote<T>`, which it extends):
 * - `idle`: nothing asked yet (a null read: a search the user has not run, an id not chosen);
 * - `loading`: `previous` is the last answer of an earlier read, so a table need not go blank;
 *   `absent` (device reads) once the device has been read and holds no copy;
 * - `error`: nothing to show; `sessionEnded` when it was a 401 on a signed-in call: the client has
 *   already signed out and said so, so the screen offers no retry and shows nothing more;
 * - `ready`: `refreshing` while a newer answer is awaited with this one shown. Device reads add when
 *   the copy was last synced (`syncedAt`, null when never) and the failed refresh (`refreshError`);
 *   `partThenWhole` adds `partial` while what is shown is only the list's first rows.
 */
export type QueryState<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous: T | undefined; absent?: boolean }
  | { status: 'error'; error: unknown; sessionEnded: boolean }
  | { status: 'ready'; data: T; refreshing: boolean; syncedAt?: number | null; refreshError?: unknown; partial?: boolean };

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

/**
 * A read's hook plus `prefetch`, which starts the same request outside React: a route's loader calls
 * it so the request leaves with the navigation, in parallel with the screen's code (issue 32).
 */
export type PrefetchableQuery<A extends unknown[], T> = ((...args: A) => Query<T>) & { prefetch: (...args: A) => void };

/**
 * How long an answer a loader fetched counts as this visit's: the screen that mounts within it
 * shows that answer instead of asking again (the loader's request was the visit's request).
 */
export const PREFETCH_FRESH_MS = 5_000;

/** When a loader last started each query (by TanStack's key hash). */
const prefetchedAt = new Map<string, number>();

export function onlineQuery<A extends unknown[], T>(define: (...args: A) => OnlineRead<T> | null): PrefetchableQuery<A, T> {
  function useOnlineQuery(...args: A): Query<T> {
    return useOnlineRead(define(...args));
  }
  return Object.assign(useOnlineQuery, {
    prefetch(...args: A) {
      const read = define(...args);
      if (read === null) return;
      prefetchedAt.set(hashKey(read.key), Date.now());
      // prefetchQuery never rejects: a failure is stored in the query, and the screen asks again on mount.
      void queryClient.prefetchQuery({ queryKey: read.key, queryFn: ({ signal }) => runRead(read, signal) });
    },
  });
}

async function runRead<T>(read: OnlineRead<T>, signal: AbortSignal): Promise<T> {
  const { fetch, schema, errorMessage } = read;
  try {
    return schema.parse(await fetch(signal));
  } catch (error) {
    // Once per request, not once per screen showing it (the request is shared).
    if (errorMessage !== undefined && !signal.aborted && !isAbortError(error) && !endsSession(error)) {
      notifyError(apiErrorMessage(error, errorMessage));
    }
    throw error;
  }
}

/** False for an answer a loader fetched moments ago (successful): the mounting screen shows it without asking again. */
function refetchOnMount(query: Pick<TanstackQuery, 'queryHash'> & { state: Pick<TanstackQuery['state'], 'status' | 'dataUpdatedAt'> }): boolean {
  const at = prefetchedAt.get(query.queryHash);
  if (at === undefined || query.state.status !== 'success') return true;
  return !(query.state.dataUpdatedAt >= at && Date.now() - at < PREFETCH_FRESH_MS);
}

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
    refetchOnMount,
    // Read from the closure of the render that started the request (key, schema and message go together).
    queryFn: ({ signal }) => runRead(read!, signal),
    },
    queryClient,
  );
  const { refetch } = result;
  const reload = useMemo(() => () => void refetch(), [refetch]);
  if (read === null) return { status: 'idle', reload };
  if (result.isPlaceholderData) return { status: 'loading', previous: result.data, reload };
  if (result.status === 'pending') return { status: 'loading', previous: undefined, reload };
  if (result.status === 'error') {
    return result.isFetching ? { status: 'loading', previous: undefined, reload } : { ...failedRead(result.error), reload };
  }
  return { status: 'ready', data: result.data, refreshing: result.isFetching, reload };
}

/** True while an answer is awaited, a reload of the shown one included (a search button's spinner). */
export function isFetching(read: QueryState<unknown>): boolean {
  return read.status === 'loading' || (read.status === 'ready' && read.refreshing);
}

/**
 * The one place the client asks whether a failure ended the session (issue 27): a 401 on a signed-in
 * call, after which the API client has already signed out and told the user. Reads answer it as
 * `sessionEnded`, commands as `reason: 'session'`; neither is notified again.
 */
export function endsSession(error: unknown): boolean {
  return isHTTPError(error) && endsSessionAnswer(error.response.status, bearerOf(error.request) !== null);
}

/** A read's error state, with whether the failure ended the session. */
export function failedRead(error: unknown): { status: 'error'; error: unknown; sessionEnded: boolean } {
  return { status: 'error', error, sessionEnded: endsSession(error) };
}

/**
 * A long list shown in two steps (issue 28, item 9): `part`, its first rows, drawn as soon as they
 * come (a few hundred rows parse and render in milliseconds, thousands do not), then `whole`, the
 * entire list, which replaces them. Until `whole` has answered the part is shown as `refreshing` and
 * `partial`, so a screen can say more rows are coming (`partial` only: a later reload of the whole
 * list is `refreshing` too, with every row already shown). `whole` is null when the part is already the entire list
 * (it held fewer rows than were asked for); a failure of either is the read's failure. Both are
 * reloaded together.
 */
export function partThenWhole<T>(part: Query<T>, whole: Query<T> | null): Query<T> {
  const reload = () => {
    part.reload();
    whole?.reload();
  };
  if (whole === null || part.status !== 'ready') return { ...part, reload } as Query<T>;
  if (whole.status === 'ready' || whole.status === 'error') return { ...whole, reload } as Query<T>;
  return { ...part, refreshing: true, partial: true, reload };
}
