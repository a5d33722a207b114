import { useCallback, useEffect, useState } from 'react';
import type { z } from 'zod';
import { notifyError } from '../lib/notify.ts';
import { api, isAbortError, isSessionExpiredError } from './client.ts';

/** A search's state for a screen: `idle` until the user has asked for one. */
export type ApiSearch<T> = { status: 'idle' } | { status: 'loading' } | { status: 'error' } | { status: 'ready'; items: T[] };

type Settled<T> = { key: string; attempt: number; result: { status: 'error' } | { status: 'ready'; items: T[] } };

/**
 * POST `body` to a search path (get-by-filtro and friends) and parse the rows; a null body waits.
 * An equal body is the same search; `reload` repeats it. A failure other than a 401 (already
 * reported by the client) shows `errorMessage`.
 */
export function useApiSearch<T>(
  path: string,
  body: unknown,
  schema: z.ZodType<T[]>,
  errorMessage: string,
): ApiSearch<T> & { reload: () => void } {
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const [attempt, setAttempt] = useState(0);
  const key = body === null ? null : JSON.stringify(body);
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    api
      .post(path, { json: JSON.parse(key) as unknown, signal: controller.signal, timeout: 60_000 })
      .json()
      .then((answer) => setSettled({ key, attempt, result: { status: 'ready', items: schema.parse(answer) } }))
      .catch((error: unknown) => {
        if (isAbortError(error) || controller.signal.aborted) return;
        setSettled({ key, attempt, result: { status: 'error' } });
        if (!isSessionExpiredError(error)) notifyError(errorMessage);
      });
    return () => controller.abort();
  }, [path, key, attempt, schema, errorMessage]);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  if (key === null) return { status: 'idle', reload };
  if (!settled || settled.key !== key || settled.attempt !== attempt) return { status: 'loading', reload };
  return { ...settled.result, reload };
}
