// No imports: the API client, the data port and the outbox engine (which the service worker's
// bundle may carry) all read this one rule.

/**
 * The one rule of whether an answer ends the session (issue 27): a 401 to a request that carried a
 * token. The sign-in call, which carries none, answers 401 for wrong credentials: a refusal like any
 * other. The API client signs out on it (for the token in use), the data port reports it to screens
 * (`sessionEnded`, `reason: 'session'`) and the outbox pauses until the next sign-in.
 */
export function endsSessionAnswer(status: number, carriedToken: boolean): boolean {
  return status === 401 && carriedToken;
}
