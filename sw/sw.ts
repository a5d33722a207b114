import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { registerDeviceStores } from '../src/app/device-stores.ts';
import { uploadPaths } from '../src/app/upload-paths.ts';
import { registerUploadPaths } from '../src/offline/routes.ts';
import { drainFromServiceWorker } from '../src/offline/sw-drain.ts';

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

// The app shell, every lazy route chunk and all nine variants' logos, icons and manifests
// (the list is written in at build time by vite-plugin-pwa), so any screen of any variant opens offline.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

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
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

self.addEventListener('sync', (event) => {
  const sync = event as SyncEvent;
  // The drainer holds a Web Lock, so a tab that is already replaying the queue is not doubled.
  if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(drainFromServiceWorker());
});
