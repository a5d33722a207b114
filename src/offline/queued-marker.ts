/**
 * Whether this user has something queued on this device, kept where a page can read it before the
 * store opens (answer-first.ts says why). Imports nothing: the outbox sets it, in the page and in
 * the service worker alike (where localStorage does not exist and the marker is left as it was).
 *
 * Invariant: the marker is set before an entry is written (enqueue) and cleared only when the
 * open store counts no unsent entry (runtime.ts), so it may say "queued" when nothing is (the
 * service worker sent the queue meanwhile: the screen then waits for the store, as it did before),
 * never the reverse.
 */

function markerKey(tenant: string, userId: number): string {
  return `ce-offline-queued:${tenant}:${userId}`;
}

/** Sets or clears this user's marker (outbox.ts before a write; runtime.ts from the store's count). */
export function setQueuedMarker(tenant: string, userId: number, queued: boolean): void {
  try {
    if (queued) localStorage.setItem(markerKey(tenant, userId), '1');
    else localStorage.removeItem(markerKey(tenant, userId));
  } catch {
    // No localStorage (the service worker, a locked-down browser): the marker stays as it was; the
    // page's screens then read the store first, which is always right.
  }
}

/** Whether this user may have something queued on this device (true when it cannot tell). */
export function queuedMarker(tenant: string, userId: number): boolean {
  try {
    return localStorage.getItem(markerKey(tenant, userId)) !== null;
  } catch {
    return true;
  }
}
