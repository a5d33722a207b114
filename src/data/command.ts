import type { QueryKey } from '@tanstack/react-query';
import { apiErrorBody, isAbortError } from '../lib/api-errors.ts';
import type { CommandFailure, CommandResult } from '../lib/command-result.ts';
import { notifyError } from '../lib/notify.ts';
import type { OutboxEntry } from '../offline/db.ts';
import type { MutationKind } from '../offline/kinds.ts';
import { discard, enqueue, OutboxValidationError, queuedEntry, type EnqueueOptions } from '../offline/outbox.ts';
import { getOfflineDb, openStore, whenEntrySettled } from '../offline/store.ts';
import { endsSession, type Parser } from './online-query.ts';
import { queryClient } from './query-client.ts';

/**
 * The client's one write primitive (issue 27). A data object declares each write once with
 * `command.online` (a call to the server now) or `command.offline` (a named mutation kind queued in
 * the outbox, sent now or when the device is back online), and its screens call the result.
 *
 * The error triage is done here, once, for every write:
 * - 401 on an authenticated call: the API client has already ended the session and said so;
 *   nothing more is shown (`reason: 'session'`);
 * - a validation error (a 400 with `issues`, or the outbox refusing the payload): shown, and its
 *   issues handed back (`reason: 'invalid'`) so the form stays open with what the user typed;
 * - anything else (another 4xx, a 5xx, no connection): its pt-BR message is shown (`reason: 'refused'`).
 * A caller therefore never reports a failure itself: it only decides what to do next. A form that
 * shows failures inline (src/ui/form.ts's useFormSubmit) calls with `{ inline: true }`: nothing is
 * notified and the form shows the returned message and issues.
 *
 * Commands are plain async functions, not hooks: they are called from event handlers and dialogs,
 * and a screen's own `busy` state is all the progress they need (TanStack's useMutation would add
 * a hook and a re-render per call for no behaviour the screens use). After a successful online
 * write they invalidate the online reads they name, through the shared client (query-client.ts).
 */

export type { CommandFailure, CommandIssue, CommandResult } from '../lib/command-result.ts';

/**
 * How a failure is worded: `message`, the server's pt-BR message or this one when it has none;
 * `title`, this title with the server's message (or the validation's) as the description.
 */
export type FailureWording = { message: string } | { title: string };

export type OnlineCommand<I, T> = {
  /** The call, e.g. `(body) => call(fieldReports.analyse, { body })`: a contract endpoint's call. */
  send: (input: I) => Promise<unknown>;
  /** Parses the answer; without it the command returns undefined. */
  schema?: Parser<T>;
  failure: FailureWording;
  /** Online reads to refresh after the write succeeded (TanStack keys, matched by prefix). */
  invalidates?: (input: I, data: T) => QueryKey[];
  /** Runs after success, before invalidation: e.g. keeping the device's copy of a list in step. */
  after?: (data: T, input: I) => Promise<unknown>;
};

/** Per call: another wording than the command's, or no notification (the form shows the failure). */
export type CallOptions = { failure?: FailureWording; inline?: boolean };

function show(failure: FailureWording, serverMessage: string | undefined, inline: boolean): string {
  if ('title' in failure) {
    if (!inline) notifyError(failure.title, serverMessage || undefined);
    return serverMessage || failure.title;
  }
  const message = serverMessage || failure.message;
  if (!inline) notifyError(message);
  return message;
}

/** Sorts a failed write into the three outcomes above, showing what must be shown. */
export function triage(error: unknown, failure: FailureWording, inline = false): CommandFailure {
  if (endsSession(error)) return { ok: false, reason: 'session' };
  if (error instanceof OutboxValidationError) {
    const issues = error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
    return { ok: false, reason: 'invalid', message: show(failure, error.message, inline), issues };
  }
  const body = apiErrorBody(error);
  if (body?.issues && body.issues.length > 0) {
    return { ok: false, reason: 'invalid', message: show(failure, body.message, inline), issues: body.issues };
  }
  return { ok: false, reason: 'refused', message: show(failure, body?.message, inline), error };
}

function online<I, T = undefined>(spec: OnlineCommand<I, T>): (input: I, options?: CallOptions) => Promise<CommandResult<T>> {
  return async (input, options = {}) => {
    let data: T;
    try {
      const answer = await spec.send(input);
      data = spec.schema ? spec.schema.parse(answer) : (undefined as T);
      await spec.after?.(data, input);
    } catch (error) {
      return triage(error, options.failure ?? spec.failure, options.inline);
    }
    // Not awaited: the caller has the write's answer to show now; the reads refresh behind it
    // (a screen showing one of them sees `refreshing` meanwhile).
    for (const queryKey of spec.invalidates?.(input, data) ?? []) void queryClient.invalidateQueries({ queryKey });
    return { ok: true, data };
  };
}

/** What an offline command needs besides its kind. */
export type OfflineCommand = { failure: FailureWording };

/** Per call: where the entry belongs (EnqueueOptions), and `inline` as for an online command. */
export type QueueOptions = EnqueueOptions & { inline?: boolean };

/**
 * What a queued write came to, for a caller that waits for it while online (`settle`): `sent` (the
 * server took it), `queued` (offline: nothing was tried, the outbox sends it once back online) or
 * `waiting` (online, but slower than the wait: the outbox goes on sending it).
 */
export type Settled = 'sent' | 'queued' | 'waiting';

export type SettleOptions = {
  waitMs: number;
  /** Entries queued with this one (a member's photo): discarded with it when it is refused. */
  alongWith?: ReadonlyArray<OutboxEntry>;
  inline?: boolean;
};

export type OfflineCall<I> = ((payload: I, options?: QueueOptions) => Promise<CommandResult<OutboxEntry>>) & {
  /**
   * Waits at most `waitMs` for a queued entry's outcome, so that a form open online can show a
   * refusal in place: the refused entry (and those queued along with it) is then discarded, nothing
   * stays behind, and the refusal is a failure like an online command's (shown unless `inline`).
   */
  settle: (entry: OutboxEntry, options: SettleOptions) => Promise<CommandResult<Settled>>;
};

/**
 * Queues `kind` in the outbox. The entry's local effect (the kind's `apply`) shows the change on
 * the device at once; the engine sends it exactly once. Fails only when the device refuses it (the
 * payload or its files are invalid, no room): nothing was queued and the form still holds everything.
 */
function offline<I>(
  // The kind's schema parses the payload (its input type, I, may differ from what it stores).
  kind: MutationKind<unknown>,
  spec: OfflineCommand,
): OfflineCall<I> {
  const queue = async (payload: I, { inline, ...options }: QueueOptions = {}): Promise<CommandResult<OutboxEntry>> => {
    try {
      // The screen may be usable before the store has opened: the write waits for it.
      const db = await openStore();
      if (!db) throw new Error('O armazenamento deste aparelho não está disponível.');
      return { ok: true, data: await enqueue(db, kind, payload, options) };
    } catch (error) {
      return triage(error, spec.failure, inline);
    }
  };
  const settle: OfflineCall<I>['settle'] = async (entry, { waitMs, alongWith = [], inline = false }) => {
    const db = getOfflineDb();
    if (!db || !navigator.onLine) return { ok: true, data: 'queued' };
    const settled = await whenEntrySettled(entry.id, waitMs);
    if (settled === 'waiting') return { ok: true, data: navigator.onLine ? 'waiting' : 'queued' };
    if (settled !== 'attention') return { ok: true, data: 'sent' };
    const parked = await queuedEntry(db, entry.id);
    for (const other of alongWith) await discard(db, other.id);
    await discard(db, entry.id);
    return { ok: false, reason: 'refused', message: show(spec.failure, parked?.lastError?.message, inline), error: parked?.lastError };
  };
  return Object.assign(queue, { settle });
}

/** A write to this device only (the outbox's own items, its export, the offline copies of municipalities). */
export type DeviceCommand<I, T> = {
  run: (input: I) => Promise<T>;
  failure: FailureWording;
};

/**
 * A device write: no server, so no session to end and no server message. The outbox refusing a
 * payload is `invalid` with its issues, as for an offline command; any other failure is `refused`,
 * worded by the device's own message when it has one (the store's "Sem espaço…", the file picker's),
 * else by `failure`. An aborted run (the user cancelled a download) is `refused` without a message
 * shown: the caller knows it aborted.
 */
function device<I, T>(spec: DeviceCommand<I, T>): (input: I, options?: CallOptions) => Promise<CommandResult<T>> {
  return async (input, options = {}) => {
    try {
      return { ok: true, data: await spec.run(input) };
    } catch (error) {
      const failure = options.failure ?? spec.failure;
      if (error instanceof OutboxValidationError) return triage(error, failure, options.inline);
      if (isAbortError(error)) return { ok: false, reason: 'refused', message: '', error };
      const own = error instanceof Error && error.message ? error.message : undefined;
      return { ok: false, reason: 'refused', message: show(failure, own, options.inline ?? false), error };
    }
  };
}

export const command = { online, offline, device };
