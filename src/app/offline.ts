import { ensureKinds, setKindsLoader } from '../offline/kinds.ts';
import { registerDeviceTables } from './device-tables.ts';
import { registerEngineRoutes } from './engine-routes.ts';
import { startOfflineRuntime } from '../offline/runtime.ts';
import { installPtBrErrors } from '../domain/zod-pt-br.ts';
import { whenSettled } from './settled.ts';

/**
 * Registers every device table, then binds the store and the outbox to the session. The features'
 * offline writes (offline-kinds.ts) load apart (issue 32): the engine asks for them before it
 * touches a queued entry (ensureKinds), and they are fetched anyway once the page has settled, so
 * they are at hand, and stored for offline use, before anything is queued.
 */
export function startOffline(): void {
  // Queued entries are validated again when sent; their messages read in pt-BR as on screen.
  installPtBrErrors();
  // Tables first: the store's Dexie versions are built from them when it opens.
  registerDeviceTables();
  // The paths the engine calls itself (uploads, the offline bundle): it names no route.
  registerEngineRoutes();
  // Before the runtime: its engine's first pass may find entries queued in an earlier visit.
  setKindsLoader(async () => (await import('./offline-kinds.ts')).registerOfflineKinds());
  startOfflineRuntime();
  whenSettled(() => void ensureKinds().catch((error: unknown) => console.error('Falha ao carregar os tipos da fila offline', error)));
}
