import { isHTTPError } from 'ky';
import { useCallback, useEffect, useState } from 'react';
import { notifyError } from '../lib/notify.ts';
import { api, isAbortError, isSessionExpiredError } from './client.ts';

/** A GET's state for a screen. `refreshing`: a reload is under way while the last answer is still shown (no flicker after a change). */
export type Remote<T> = { status: 'loading' } | { status: 'error'; error: unknown } | { status: 'ready'; data: T; refreshing: boolean };

type Settled<T> = { path: string; attempt: number; result: { status: 'error'; error: unknown } | { status: 'ready'; data: T } };

/**
 * GET `path` and parse the answer; a null `path` waits. A failure other than a 401 (already
 * reported by the client) shows `errorMessage` when given.
 */
export function useApiGet<T>(
  path: string | null,
  schema: { parse: (data: unknown) => T },
  errorMessage?: string,
): Remote<T> & { reload: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);

  useEffect(() => {
    if (path === null) return;
    const controller = new AbortController();
    api
      .get(path, { signal: controller.signal })
      .json()
      .then((body) => setSettled({ path, attempt, result: { status: 'ready', data: schema.parse(body) } }))
      .catch((error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setSettled({ path, attempt, result: { status: 'error', error } });
        if (errorMessage && !isSessionExpiredError(error)) notifyError(errorMessage);
      });
    return () => controller.abort();
  }, [path, attempt, schema, errorMessage]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  let state: Remote<T> = { status: 'loading' };
  if (settled && settled.path === path) {
    if (settled.attempt === attempt) state = settled.result.status === 'ready' ? { ...settled.result, refreshing: false } : settled.result;
    else if (settled.result.status === 'ready') state = { ...settled.result, refreshing: true };
  }
  return { ...state, reload };
}

/** The HTTP status of a failed call, or null when the server was not reached. */
export function httpStatusOf(error: unknown): number | null {
  return isHTTPError(error) ? error.response.status : null;
}
