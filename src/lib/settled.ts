/** How long no request may finish before the page counts as settled. */
const QUIET_MS = 2_000;
/** A page that never settles (something polls) still gets the work after this long. */
const LATEST_MS = 15_000;

/**
 * Runs `run` once no resource (script, style, image, API call) has finished for QUIET_MS, or after
 * LATEST_MS: background work that must not take the network and the CPU from the screen that is
 * still loading (the service worker's precache, the offline store and its queue).
 */
export function whenSettled(run: () => void): void {
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
