import { redirect } from 'react-router-dom';
import { rememberPath } from '../session/last-path.ts';
import { getSession } from '../session/store.ts';
import { currentVariant, signInPath } from '../session/variant.ts';

/** Spec §2: authentication screens are only for signed-out users; a signed-in user goes to /cidade. */
export function requireSignedOut({ request }: { request: Request }) {
  if (getSession().token) throw redirect('/cidade');
  // São Paulo has no password screens, and the others no single sign-on (spec §2).
  const { pathname } = new URL(request.url);
  const sso = currentVariant().variant.singleSignOn;
  if (sso && pathname.startsWith('/auth/')) throw redirect(signInPath());
  if (!sso && pathname === '/sp/welcome') throw redirect(signInPath());
  return null;
}

/** Every other screen requires login. */
export async function requireSignedIn({ request }: { request: Request }) {
  if (!getSession().token) {
    // Signed out and asking for a page (a link from an e-mail, a bookmark): signing in brings the
    // user to it, not to /cidade. A deliberate sign-out never passes here (the frame sends the user
    // to the login itself), so it still forgets the last page.
    rememberRequested(request);
    throw redirect(signInPath());
  }
  // zod's first use on the signed-in side: its pt-BR messages are installed with it.
  const [{ verifyStoredSession }, { installPtBrErrors }] = await Promise.all([
    import('../session/verify.ts'),
    import('../domain/zod-pt-br.ts'),
  ]);
  installPtBrErrors();
  verifyStoredSession();
  if (!getSession().token) {
    // A stale stored session ends while the router is still on the way here (the address bar shows
    // the page before): the page asked for is the one to come back to.
    rememberRequested(request);
    throw redirect(signInPath());
  }
  return null;
}

/**
 * The page asked for, without the variant choosers (`?variante=`, `?uf=`): they were applied and
 * remembered when the app started, and the page to come back to is the same without them.
 */
function rememberRequested(request: Request): void {
  const url = new URL(request.url);
  url.searchParams.delete('variante');
  url.searchParams.delete('uf');
  rememberPath(url.pathname + url.search);
}
