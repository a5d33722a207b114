import { whenSettled } from '../../lib/settled.ts';

/**
 * Registers the service worker once the page has loaded and then settled (no request finished for
 * two seconds). Installing it downloads the whole precache, one file after the other (about 190 on a
 * first visit or a new version), and on a small device that work takes the CPU from whatever screen
 * is still loading its data (see whenSettled): registered at the login page's load event, it overlapped the first
 * screen after signing in and the /cidade list with 5,000 rows took 211 ms instead of 132 ms to
 * show its first row (docs/benchmarks.md). Production builds only: the dev server has no sw.js.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    import('./register.ts')
      .then(({ registerServiceWorker }) => registerServiceWorker())
      .catch((error: unknown) => console.error('Não foi possível registrar o service worker.', error));
  };
  window.addEventListener('load', () => whenSettled(register), { once: true });
}
