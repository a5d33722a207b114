/**
 * A route's loader that starts its screen's data with the navigation (issue 32): `start` imports the
 * data object (a small chunk, fetched in parallel with the screen's code) and calls its read's
 * `prefetch`. The loader resolves at once: navigation never waits for the data, and a failure
 * (offline, a chunk that did not load) never fails the route; the screen reads as always.
 */
export function startsData(start: () => Promise<unknown>): () => null {
  return () => {
    void start().catch(() => undefined);
    return null;
  };
}
