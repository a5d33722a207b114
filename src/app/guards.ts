import { redirect } from 'react-router-dom';
import { rememberPath } from '../session/last-path.ts';
import { getSession } from '../session/store.ts';

/** Spec §2: authentication screens are only for signed-out users; a signed-in user goes to /cidade. */
export function requireSignedOut() {
  if (getSession().token) throw redirect('/cidade');
  return null;
}

/** Every other screen requires login. */
export async function requireSignedIn({ request }: { request: Request }) {
  if (!getSession().token) throw redirect('/auth/login');
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
    const url = new URL(request.url);
    rememberPath(url.pathname + url.search);
    throw redirect('/auth/login');
  }
  return null;
}
