import * as z from 'zod/mini';
import { auth } from '../contract/auth.ts';
import { call } from './call.ts';
import { getSession, updateSession } from '../session/store.ts';

/**
 * Reloads the user, flags and tenant after a page load, since an administrator may have changed
 * them since the stored copy was made. A 401 is handled by the API client (session expired); any
 * other failure, being offline above all, leaves the stored session in use.
 */
export async function refreshSession(): Promise<void> {
  const { token } = getSession();
  if (!token) return;
  try {
    const session = await call(auth.session);
    // A sign-out or another sign-in while the request was in flight wins over this answer.
    if (getSession().token === token) updateSession(session);
  } catch (error) {
    if (error instanceof z.core.$ZodError) console.error('Resposta inesperada de usuario/sessao.', error);
  }
}
