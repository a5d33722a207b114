import { liveQuery } from 'dexie';
import { currentTenant } from '../api/tenant.ts';
import { getSession, subscribeSession, type SessionState } from '../session/store.ts';
import { setQueuedMarker } from './queued-marker.ts';
import { clearCurrentIdentity, setCurrentIdentity } from './current.ts';
import { deleteOfflineDb, openOfflineDb, type OfflineDb } from './db.ts';
import { createSyncEngine, type SyncEngine } from './engine.ts';
import { getMeta, setMeta } from './meta.ts';
import { countUnsent } from './outbox.ts';
import { PERSISTENCE_META_KEY, requestPersistentStorage, type PersistenceAnswer } from './storage.ts';
import { publishStore } from './store.ts';
import { kyTransport } from './transport.ts';

/**
 * Binds the offline store and the sync engine to the session: signing in opens that user's store
 * (never another user's) and starts replaying its queue; signing out, or the session expiring,
 * stops the engine and closes the store without touching it, so nothing queued is lost unless the
 * user chose to discard it (discardLocalData, asked for by the Sair menu item). What is open is
 * published to store.ts, through which the screens read it without loading this module.
 */

type Active = { tenant: string; userId: number; token: string; db: OfflineDb; engine: SyncEngine; stop: () => void };

let active: Active | null = null;
let started = false;
// Session changes are applied one after the other: a sign-out during a slow open must not leave a
// store open for nobody, and two quick sign-ins must not start two engines.
let transitions: Promise<void> = Promise.resolve();

function notify(refused = false): void {
  publishStore(active ? { db: active.db, engine: active.engine } : null, refused);
}

function enqueueTransition(step: () => Promise<void>): Promise<void> {
  transitions = transitions.then(step).catch((error: unknown) => {
    console.error('Falha ao preparar os dados offline', error);
  });
  return transitions;
}

async function deactivate(): Promise<void> {
  const previous = active;
  if (!previous) return;
  active = null;
  previous.stop();
  previous.engine.dispose();
  previous.db.close();
  notify();
}

async function askPersistenceOnce(db: OfflineDb): Promise<void> {
  if ((await getMeta<PersistenceAnswer>(db, PERSISTENCE_META_KEY)) !== undefined) return;
  const granted = await requestPersistentStorage();
  await setMeta(db, PERSISTENCE_META_KEY, { granted, at: Date.now() } satisfies PersistenceAnswer);
}

async function apply(session: SessionState): Promise<void> {
  if (!session.token) {
    await deactivate();
    await clearCurrentIdentity();
    return;
  }
  const tenant = currentTenant();
  const userId = session.user.usuarioId;
  const identity = { tenant, userId, token: session.token };
  if (active && active.tenant === tenant && active.userId === userId) {
    if (active.token === session.token) return;
    // Signed in again (here or in another tab) after a 401 paused the queue: the new token goes
    // to the service worker too, and the queue goes on.
    active.token = session.token;
    await setCurrentIdentity(identity);
    void active.engine.resume();
    return;
  }
  await deactivate();
  let db: OfflineDb;
  try {
    // The service worker's copy of who is signed in, then the store: both are IndexedDB, so a browser
    // that refuses it fails the first, and the store is then marked refused too (a write needing it
    // is told so at once instead of waiting for it: store.ts's openStore).
    await setCurrentIdentity(identity);
    db = await openOfflineDb(tenant, userId);
  } catch (error) {
    // Private windows of some browsers refuse IndexedDB: the app still works online.
    notify(true);
    throw error;
  }
  const engine = createSyncEngine({ openDb: async () => db, transport: kyTransport });
  const stopEngine = engine.start();
  // The marker screens read before the store opens (answer-first.ts) follows the queue from here on.
  const unsent = liveQuery(() => countUnsent(db)).subscribe({
    next: (count) => setQueuedMarker(tenant, userId, count > 0),
    error: (error: unknown) => console.error('Falha ao contar a fila offline', error),
  });
  const stop = () => {
    unsent.unsubscribe();
    stopEngine();
  };
  active = { ...identity, db, engine, stop };
  notify();
  await askPersistenceOnce(db);
}

/** Follows the session from now on (idempotent); main.tsx calls it once at start. */
export function startOfflineRuntime(): void {
  if (started) return;
  started = true;
  void enqueueTransition(() => apply(getSession()));
  subscribeSession(() => void enqueueTransition(() => apply(getSession())));
}

/** Entries of this user not yet accepted by the server (what signing out would discard). */
export async function unsentCount(): Promise<number> {
  await transitions;
  return active ? countUnsent(active.db) : 0;
}

/**
 * Deletes this user's store on this device (cache, queue and files): part of Sair, after the user
 * confirmed when unsent items exist. The engine stops first, so no request starts meanwhile.
 */
export async function discardLocalData(): Promise<void> {
  const session = getSession();
  await enqueueTransition(async () => {
    const target = active ?? (session.token ? { tenant: currentTenant(), userId: session.user.usuarioId } : null);
    await deactivate();
    await clearCurrentIdentity();
    if (!target) return;
    await deleteOfflineDb(target.tenant, target.userId);
    setQueuedMarker(target.tenant, target.userId, false);
  });
}
