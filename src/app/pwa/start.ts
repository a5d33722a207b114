/** How long no request may finish before the page counts as settled. */
const QUIET_MS = 2_000;
/** A page that never settles (something polls) still gets its service worker after this long. */
const LATEST_MS = 15_000;

/**
 * Registers the service worker once the page has loaded and then settled (no request finished for
 * QUIET_MS). Installing it downloads the whole precache, one file after the other (about 190 on a
 * first visit or a new version), and on a small device that work takes the CPU from whatever screen
 * is still loading its data: registered at the login page's load event, it overlapped the first
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

/** Runs `run` once no resource (script, style, image, API call) has finished for QUIET_MS, or after LATEST_MS. */
function whenSettled(run: () => void): void {
  let done = false;
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const observer = typeof PerformanceObserver === 'undefined' ? null : new PerformanceObserver(() => wait());
  const latest = setTimeout(fire, LATEST_MS);

  function wait() {
    clearTimeout(quiet);
    quiet = setTimeout(fire, QUIET_MS);
  }
  function fire() {
    if (done) return;
    done = true;
    observer?.disconnect();
    clearTimeout(quiet);
    clearTimeout(latest);
    run();
  }

  observer?.observe({ type: 'resource' });
  wait();
}
