import ky from 'ky';
import { getSession, signOut } from '../session/store.ts';
import { currentVariant } from '../session/variant.ts';
import { notifyError } from '../lib/notify.ts';
import { bearerOf, errorBodies } from '../lib/api-errors.ts';
import { endsSessionAnswer } from '../lib/session-end.ts';
import { currentTenant } from './tenant.ts';

const SESSION_EXPIRED_MESSAGE = 'Sessão expirada. Entre novamente.';

/** Spec §4 and §9: in São Paulo a request never leaves with a token valid for less than this. */
export const SSO_MIN_VALIDITY_MS = 5_000;

/**
 * São Paulo's session ends with the provider's token (server/features/amei): one about to expire is
 * renewed first (api/sso.ts, loaded only then). A failed renewal has already ended the session; the
 * request then gets a 401 without going out. Offline nothing can be renewed, and nothing would be sent.
 */
async function keepSsoSessionFresh(request: Request): Promise<Response | undefined> {
  if (!currentVariant().variant.singleSignOn || new URL(request.url).pathname.startsWith('/api/amei/')) return undefined;
  const { token, expiresAt } = getSession();
  if (!token || !navigator.onLine || Date.parse(expiresAt) - Date.now() > SSO_MIN_VALIDITY_MS) return undefined;
  const { refreshSsoSession } = await import('./sso.ts');
  if (await refreshSsoSession()) return undefined;
  return new Response(JSON.stringify({ message: SESSION_EXPIRED_MESSAGE }), {
    status: 401,
    headers: { 'content-type': 'application/json' },
  });
}

/** The one HTTP client of the app: every call to the server goes through it. */
export const api = ky.create({
  prefixUrl: '/api',
  timeout: 30_000,
  // Retrying is the caller's decision (or the outbox's); silent retries would double writes.
  retry: 0,
  hooks: {
    beforeRequest: [
      keepSsoSessionFresh,
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
        const sent = bearerOf(request);
        if (!endsSessionAnswer(response.status, sent !== null)) return;
        // Only the token in use is signed out: concurrent calls that fail together must sign out (and notify) once.
        if (sent === getSession().token) {
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

export { apiErrorBody, apiErrorMessage, isAbortError, type ApiErrorBody } from '../lib/api-errors.ts';
