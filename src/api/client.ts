import ky from 'ky';
import { getSession, signOut } from '../session/store.ts';
import { currentVariant } from '../session/variant.ts';
import { notifyError } from '../lib/notify.ts';
import { bearerOf, errorBodies } from '../lib/api-errors.ts';
import { currentTenant } from './tenant.ts';

const SESSION_EXPIRED_MESSAGE = 'Sessão expirada. Entre novamente.';

/** The one HTTP client of the app: every call to the server goes through it. */
export const api = ky.create({
  prefixUrl: '/api',
  timeout: 30_000,
  // Retrying is the caller's decision (or the outbox's); silent retries would double writes.
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const { token } = getSession();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        request.headers.set('database', currentTenant());
        request.headers.set('branch', 'hlg');
        // The product variant (mode): the server words some messages by it (Agenda in AT).
        request.headers.set('variante', currentVariant().variant.id);
      },
    ],
    afterResponse: [
      (request, _options, response) => {
        if (response.status !== 401) return;
        // Only a 401 to the token in use ends the session: the login call answers 401 for wrong
        // credentials, and concurrent calls that fail together must sign out (and notify) once.
        const sent = bearerOf(request);
        if (sent && sent === getSession().token) {
          signOut({ expired: true });
          notifyError(SESSION_EXPIRED_MESSAGE);
        }
      },
    ],
    beforeError: [
      async (error) => {
        try {
          // Loaded here, not with the client: the login page must not wait for zod to open.
          const [{ errorSchema }, body] = await Promise.all([import('../domain/session.ts'), error.response.clone().json()]);
          const parsed = errorSchema.safeParse(body);
          if (parsed.success) errorBodies.set(error, parsed.data);
        } catch {
          // Not JSON (a proxy page, an empty body): callers fall back to their own message.
        }
        return error;
      },
    ],
  },
});

export { apiErrorBody, apiErrorMessage, isAbortError, isSessionExpiredError, type ApiErrorBody } from '../lib/api-errors.ts';
