import { getCurrentIdentity } from './current.ts';
import { openOfflineDb } from './db.ts';
import { createSyncEngine } from './engine.ts';
import { createFetchTransport } from './fetch-transport.ts';
import type { Transport } from './transport-types.ts';

/**
 * Background Sync ('ce-outbox' tag) in the service worker: drains the signed-in user's queue with
 * fetch. It knows no mutation kinds, so successful entries stay 'done' with the server's answer
 * and the page reconciles them on its next drain. The Web Lock keeps it from racing a tab.
 * Resolves when the pass ends; a 401 or a network failure simply ends it (the page retries).
 */
export async function drainFromServiceWorker(
  transportFor: (identity: { tenant: string; userId: number; token: string }) => Transport = createFetchTransport,
): Promise<void> {
  const identity = await getCurrentIdentity();
  if (!identity) return;
  const db = await openOfflineDb(identity.tenant, identity.userId);
  const engine = createSyncEngine({
    openDb: async () => db,
    transport: transportFor(identity),
    reconcile: false,
    isOnline: () => true,
  });
  try {
    await engine.drain();
  } finally {
    engine.dispose();
    db.close();
  }
}
