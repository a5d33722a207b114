/**
 * The features' offline declarations, loaded after the store opens (issue 32): their queued-write
 * kinds (kinds.ts) and their device tables' row schemas (tables.ts). Both import every feature's
 * contract and schemas, some 30 KB the first screen must not wait for. The page opens its store with
 * the tables' stores alone, as the service worker does, and names here how to load the rest
 * (src/app/offline.ts); whatever needs a kind or a row schema first calls ensureDeclarations.
 */

let loadDeclarations: (() => Promise<void>) | null = null;
let loading: Promise<void> | null = null;

/** Names how to register the declarations; null where they are registered directly (tests). */
export function setDeclarationsLoader(load: (() => Promise<void>) | null): void {
  loadDeclarations = load;
  loading = null;
}

/**
 * Resolves once the declarations are registered, loading them now if not yet (one download for
 * every caller; a failed one is tried again by the next caller). Resolves at once where no loader
 * was named: they were registered directly (tests), or none are needed (the service worker).
 */
export function ensureDeclarations(): Promise<void> {
  if (!loadDeclarations) return Promise.resolve();
  const load = loadDeclarations;
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}
