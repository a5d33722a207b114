import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerDeviceStores } from '../src/app/device-stores.ts';
import { uploadPaths } from '../src/app/upload-paths.ts';
import { registerUploadPaths } from '../src/offline/routes.ts';
import { drainFromServiceWorker } from '../src/offline/sw-drain.ts';
import {
  OFFLINE_GROUPS_CACHE,
  OFFLINE_GROUPS_KEY,
  OFFLINE_GROUPS_MESSAGE,
  ROUTE_CHUNKS_CACHE,
  type OfflineGroupsMessage,
} from '../src/lib/app-files.ts';

// The same tables as the page, so both open the same Dexie versions (an upgrade the worker ran
// first must not skip the tables it did not know). Only their stores: the row schemas, which only
// the page's offline bundle uses, would bring zod into the worker. Declarations are data: no feature code runs.
registerDeviceStores();
// Its drain uploads queued files: the steps' paths, from their declarations (src/offline names no route).
registerUploadPaths(uploadPaths);

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

/** Background Sync is Chromium-only and absent from TypeScript's WebWorker library. */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

/** Registered by the outbox engine when a replay fails for lack of network. */
const OUTBOX_SYNC_TAG = 'ce-outbox';

// The shell: the document, the entry and the sign-in screens, all nine variants' logos, icons and
// manifests, and the build's route-chunks.json (the list is written in at build time by vite-plugin-pwa,
// filtered by scripts/build/route-chunks.ts). The signed-in screens come after sign-in, below.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/**
 * Caches exactly the files of the groups this user can open offline (issue 32, item 6), the page's
 * list (src/app/pwa/offline-screens.ts) read against this version's route-chunks.json, and deletes the
 * rest: another user's screens, or an older version's files. One file after the other, like the
 * precache, so the download never takes the whole link from the screen in use.
 */
const href = (file: string) => new URL(file, self.location.origin).href;

async function storeGroups(groups: readonly string[]): Promise<void> {
  const listing = await matchPrecache('route-chunks.json');
  if (!listing) return;
  const { groups: files } = (await listing.json()) as { groups: Record<string, string[]> };
  const wanted = new Set(groups.flatMap((group) => files[group] ?? []).map(href));
  const record = await caches.open(OFFLINE_GROUPS_CACHE);
  await record.delete(OFFLINE_GROUPS_KEY);
  const cache = await caches.open(ROUTE_CHUNKS_CACHE);
  const stored = new Set<string>();
  for (const request of await cache.keys()) {
    if (wanted.has(request.url)) stored.add(request.url);
    else await cache.delete(request);
  }
  const missing = new Set<string>();
  for (const url of wanted) {
    if (stored.has(url)) continue;
    // A file that fails now (offline, a new version deployed meanwhile) is asked for again on the next message.
    const response = await fetch(url, { credentials: 'same-origin' }).catch(() => null);
    if (response?.ok) await cache.put(url, response);
    else missing.add(url);
  }
  const held = groups.filter((group) => (files[group] ?? []).every((file) => !missing.has(href(file))));
  await record.put(OFFLINE_GROUPS_KEY, new Response(JSON.stringify(held), { headers: { 'content-type': 'application/json' } }));
}

let caching: Promise<void> = Promise.resolve();

/**
 * One list at a time, in the order asked (a sign-out right after a sign-in must end empty). The page
 * sends its list on every start, so a new version's files replace the old ones on its first load.
 */
function cacheGroups(groups: readonly string[]): Promise<void> {
  caching = caching.then(() => storeGroups(groups)).catch((error: unknown) => console.error(error));
  return caching;
}

// The route chunks: from the user's cache when there, else from the network (not stored: a screen
// this user cannot open offline has no place on the device).
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/assets/') && request.method === 'GET',
  async ({ request }) => (await caches.match(request, { cacheName: ROUTE_CHUNKS_CACHE })) ?? fetch(request),
);

// Client-side routes all answer with the precached shell. No route is registered for /api:
// API answers (and the bearer tokens they carry) never enter Cache Storage; data lives in IndexedDB.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    // /api (including the Swagger UI at /api/docs), the embedded sign-on provider's pages at /idp
    // (São Paulo: its login and authorization must reach the server) and real files (a path ending in
    // a name with an extension, such as /variants/sala/manual.html) are not app routes.
    denylist: [/^\/api(\/|\?|$)/, /^\/idp(\/|\?|$)/, /^[^?]*\/[^/?]+\.[^/?]+(\?.*)?$/],
  }),
);

// A new version waits until the user presses Atualizar, so a form being filled is never reloaded away.
self.addEventListener('message', (event) => {
  const data = event.data as { type?: unknown } | null;
  if (data?.type === 'SKIP_WAITING') void self.skipWaiting();
  if (data?.type === OFFLINE_GROUPS_MESSAGE) {
    // The answer tells the page (and the tests) when the files are stored.
    event.waitUntil(cacheGroups((data as OfflineGroupsMessage).groups).finally(() => event.ports[0]?.postMessage('cached')));
  }
});
clientsClaim();

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  // The drainer holds a Web Lock, so a tab that is already replaying the queue is not doubled.
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(drainFromServiceWorker());
});
