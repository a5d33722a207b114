/**
 * What a write (src/data/command.ts) answers, apart from it so that src/ui's form flow can read a
 * failure without importing the data layer.
 * - `session`: a 401 on an authenticated call; the API client has already ended the session and
 *   said so, nothing more is shown;
 * - `invalid`: the server's validation (a 400 with `issues`) or the outbox refusing the payload;
 *   the issues go back to the form, which stays open with what the user typed;
 * - `refused`: anything else (another 4xx, a 5xx, no connection), with its pt-BR message.
 */
export type CommandIssue = { path: string; message: string };

export type CommandFailure =
  | { ok: false; reason: 'session' }
  | { ok: false; reason: 'invalid'; message: string; issues: CommandIssue[] }
  | { ok: false; reason: 'refused'; message: string; error: unknown };

export type CommandResult<T> = { ok: true; data: T } | CommandFailure;
