import { currentTenant } from '../api/tenant.ts';
import { getSession, subscribeSession, type SessionState } from '../session/store.ts';
import { clearCurrentIdentity, setCurrentIdentity } from './current.ts';
import { deleteOfflineDb, getMeta, openOfflineDb, setMeta, type OfflineDb } from './db.ts';
import { createSyncEngine, type SettledOutcome, type SyncEngine, type SyncState } from './engine.ts';
import { countUnsent } from './outbox.ts';
import { isStoragePersisted, requestPersistentStorage } from './storage.ts';
import { kyTransport } from './transport.ts';

/**
 * Binds the offline store and the sync engine to the session: signing in opens that user's store
 * (never another user's) and starts replaying its queue; signing out, or the session expiring,
 * stops the engine and closes the store without touching it, so nothing queued is lost unless the
 * user chose to discard it (discardLocalData, asked for by the Sair menu item).
 */

type Active = { tenant: string; userId: number; token: string; db: OfflineDb; engine: SyncEngine; stop: () => void };

/** Meta key of the answer to navigator.storage.persist(), asked once per user and device. */
export const PERSISTENCE_META_KEY = 'storage:persistence';
export type PersistenceAnswer = { granted: boolean | null; at: number };

let active: Active | null = null;
let failed = false;
let started = false;
// Session changes are applied one after the other: a sign-out during a slow open must not leave a
// store open for nobody, and two quick sign-ins must not start two engines.
let transitions: Promise<void> = Promise.resolve();
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
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
  await setCurrentIdentity(identity);
  let db: OfflineDb;
  try {
    db = await openOfflineDb(tenant, userId);
  } catch (error) {
    // Private windows of some browsers refuse IndexedDB: the app still works online.
    failed = true;
    notify();
    throw error;
  }
  failed = false;
  const engine = createSyncEngine({ openDb: async () => db, transport: kyTransport });
  active = { ...identity, db, engine, stop: engine.start() };
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

/** The signed-in user's store, or null (signed out, still opening, or IndexedDB unavailable). */
export function getOfflineDb(): OfflineDb | null {
  return active?.db ?? null;
}

export function getSyncEngine(): SyncEngine | null {
  return active?.engine ?? null;
}

/** The running engine's whenSettled; without one (signed out) nothing will send it now: 'waiting'. */
export function whenSettled(entryId: string, timeoutMs: number): Promise<SettledOutcome> {
  return active ? active.engine.whenSettled(entryId, { timeoutMs }) : Promise.resolve('waiting');
}

/** True when the store could not be opened on this browser. */
export function offlineUnavailable(): boolean {
  return failed;
}

/** Called when the store or engine changes (sign-in, sign-out, another user). */
export function subscribeOfflineRuntime(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The engine's state, following the engine across sign-ins; for useSyncExternalStore. */
export function subscribeSyncState(listener: () => void): () => void {
  let unsubscribeEngine = active?.engine.subscribe(listener) ?? (() => {});
  const unsubscribeRuntime = subscribeOfflineRuntime(() => {
    unsubscribeEngine();
    unsubscribeEngine = active?.engine.subscribe(listener) ?? (() => {});
    listener();
  });
  return () => {
    unsubscribeEngine();
    unsubscribeRuntime();
  };
}

export function getSyncState(): SyncState | null {
  return active?.engine.getState() ?? null;
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
    if (target) await deleteOfflineDb(target.tenant, target.userId);
  });
}

/** The answer stored at first login, and whether the browser persists the data now. */
export async function persistenceStatus(db: OfflineDb): Promise<{ requested: PersistenceAnswer | null; persisted: boolean | null }> {
  const [requested, persisted] = await Promise.all([getMeta<PersistenceAnswer>(db, PERSISTENCE_META_KEY), isStoragePersisted()]);
  return { requested: requested ?? null, persisted };
}
