import { useCallback, useEffect, useRef, useState } from 'react';
import { apiErrorMessage, isAbortError, isSessionExpiredError } from '../lib/api-errors.ts';
import { notifyError } from '../lib/notify.ts';
import { api } from './client.ts';

/**
 * The one online read of the client: data that only the server has (searches across
 * municipalities, directories, one record opened by id). Anything a field user may need offline is
 * read from the device instead (see docs/architecture.md, "Reading data").
 */

/** A GET of `path`, or a POST of `body` to it (the get-by-filtro searches). */
export type ServerRead = string | { path: string; body: unknown; timeout?: number };

/**
 * A read's state for a screen:
 * - `idle`: nothing asked yet (a null request: a search the user has not run, an id not chosen);
 * - `loading`: `previous` is the last answer of an earlier request, so a table need not go blank;
 * - `ready`: `refreshing` while a `reload` is under way with this answer still shown.
 */
export type Remote<T> =
  | { status: 'idle' }
  | { status: 'loading'; previous: T | undefined }
  | { status: 'error'; error: unknown }
  | { status: 'ready'; data: T; refreshing: boolean };

type Settled<T> = { key: string; attempt: number; result: { status: 'error'; error: unknown } | { status: 'ready'; data: T } };

// Searches may aggregate a whole programme's records.
const SEARCH_TIMEOUT_MS = 60_000;

function keyOf(read: ServerRead | null): string | null {
  if (read === null) return null;
  return JSON.stringify(typeof read === 'string' ? { path: read } : read);
}

function send(key: string, signal: AbortSignal): Promise<unknown> {
  const read = JSON.parse(key) as { path: string; body?: unknown; timeout?: number };
  if (!('body' in read)) return api.get(read.path, { signal }).json();
  return api.post(read.path, { json: read.body, signal, timeout: read.timeout ?? SEARCH_TIMEOUT_MS }).json();
}

/**
 * Sends `read` whenever it changes (compared by value, so an equal object literal is the same read)
 * and parses the answer with `schema`. A failure other than a 401 (which the client has already
 * reported) shows the server's pt-BR message, or `errorMessage`, when `errorMessage` is given;
 * without it the screen reports the failure itself.
 */
export function useServerData<T>(
  read: ServerRead | null,
  schema: { parse: (data: unknown) => T },
  errorMessage?: string,
): Remote<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const key = keyOf(read);
  // The latest schema and message, outside the effect's dependencies: a caller writing
  // z.array(...) inline hands a new schema to every render, and each one re-sent the read, whose
  // answer rendered again: an endless loop of requests (issue 16, /tarefas/andamento).
  const latest = useRef({ schema, errorMessage });
  useEffect(() => {
    latest.current = { schema, errorMessage };
  });

  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    send(key, controller.signal)
      .then((body) => setSettled({ key, attempt, result: { status: 'ready', data: latest.current.schema.parse(body) } }))
      .catch((error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setSettled({ key, attempt, result: { status: 'error', error } });
        const message = latest.current.errorMessage;
        if (message !== undefined && !isSessionExpiredError(error)) notifyError(apiErrorMessage(error, message));
      });
    return () => controller.abort();
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  if (key === null) return { status: 'idle', reload };
  const previous = settled?.result.status === 'ready' ? settled.result.data : undefined;
  if (!settled || settled.key !== key) return { status: 'loading', previous, reload };
  if (settled.attempt === attempt)
    return settled.result.status === 'ready' ? { ...settled.result, refreshing: false, reload } : { ...settled.result, reload };
  if (settled.result.status === 'ready') return { ...settled.result, refreshing: true, reload };
  return { status: 'loading', previous: undefined, reload };
}

/** True while an answer is awaited, a reload of the shown one included (a search button's spinner). */
export function isFetching(read: Remote<unknown>): boolean {
  return read.status === 'loading' || (read.status === 'ready' && read.refreshing);
}
