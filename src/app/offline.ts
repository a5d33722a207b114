import { ensureDeclarations, setDeclarationsLoader } from '../offline/declarations.ts';
import { registerDeviceStores } from './device-stores.ts';
import { registerEngineRoutes } from './engine-routes.ts';
import { startOfflineRuntime } from '../offline/runtime.ts';
import { installPtBrErrors } from '../domain/zod-pt-br.ts';
import { whenSettled } from '../lib/settled.ts';

/**
 * Opens the store and binds it and the outbox to the session. The features' offline declarations
 * (offline-declarations.ts: their tables' row schemas and their queued-write kinds) load apart
 * (issue 32): the store opens with the tables' stores alone, as the service worker's does; the
 * engine and the offline bundle ask for the rest before they need it (ensureDeclarations), and
 * the page fetches it anyway once it has settled, so it is at hand, and stored for offline use,
 * before anything is queued.
 */
export function startOffline(): void {
  // Queued entries are validated again when sent; their messages read in pt-BR as on screen.
  installPtBrErrors();
  // Tables first: the store's Dexie versions are built from their stores when it opens.
  registerDeviceStores();
  // The paths the engine calls itself (uploads, the offline bundle): it names no route.
  registerEngineRoutes();
  // Before the runtime: its engine's first pass may find entries queued in an earlier visit.
  setDeclarationsLoader(async () => (await import('./offline-declarations.ts')).registerOfflineDeclarations());
  startOfflineRuntime();
  whenSettled(() => void ensureDeclarations().catch((error: unknown) => console.error('Falha ao carregar as declarações offline', error)));
}
