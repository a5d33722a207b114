/**
 * The app's offline files (issue 32, item 6): the service worker precaches the shell at install and,
 * after sign-in, caches the screens this user can open offline in a cache of its own. The page names
 * the groups (src/app/pwa/offline-screens.ts), the worker stores their files (sw/sw.ts).
 */

/** The Cache Storage cache holding the signed-in user's route chunks. */
export const ROUTE_CHUNKS_CACHE = 'ce-route-chunks';

/**
 * Where the worker writes the groups it holds once their files are stored (and before, none): what
 * this device keeps offline for its user, which the tests and the bench read.
 */
export const OFFLINE_GROUPS_CACHE = 'ce-offline-groups';
export const OFFLINE_GROUPS_KEY = '/offline-groups.json';

/** The page's message to the worker: these groups of dist/route-chunks.json, and only these, are to be cached. */
export const OFFLINE_GROUPS_MESSAGE = 'ce:offline-groups';

export type OfflineGroupsMessage = { type: typeof OFFLINE_GROUPS_MESSAGE; groups: string[] };

export type AppFilesSize = { files: number; bytes: number };

/** Whether a Cache Storage cache is one of the app's files (workbox's precache or the route chunks). */
function isAppFilesCache(name: string): boolean {
  return name === ROUTE_CHUNKS_CACHE || name.startsWith('workbox-precache');
}

/** Count and size of the app's files in Cache Storage (as stored, uncompressed); null without Cache Storage. */
export async function appFilesSize(): Promise<AppFilesSize | null> {
  if (typeof caches === 'undefined') return null;
  let files = 0;
  let bytes = 0;
  for (const name of (await caches.keys()).filter(isAppFilesCache)) {
    const cache = await caches.open(name);
    for (const request of await cache.keys()) {
      const response = await cache.match(request);
      if (!response) continue;
      files += 1;
      bytes += (await response.blob()).size;
    }
  }
  return { files, bytes };
}
