import { redirect } from 'react-router-dom';
import { getSession } from '../session/store.ts';

/** Spec §2: authentication screens are only for signed-out users; a signed-in user goes to /cidade. */
export function requireSignedOut() {
  if (getSession().token) throw redirect('/cidade');
  return null;
}

/** Every other screen requires login. */
export async function requireSignedIn() {
  if (!getSession().token) throw redirect('/auth/login');
  // zod's first use on the signed-in side: its pt-BR messages are installed with it.
  const [{ verifyStoredSession }, { installPtBrErrors }] = await Promise.all([
    import('../session/verify.ts'),
    import('../domain/zod-pt-br.ts'),
  ]);
  installPtBrErrors();
  verifyStoredSession();
  if (!getSession().token) throw redirect('/auth/login');
  return null;
}
