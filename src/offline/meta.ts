import type { OfflineDb } from './db.ts';

/**
 * Typed access to the store's key/value table (per-scope syncedAt, offline-ready municipalities,
 * ...). Apart from db.ts, which imports Dexie: the outbox and the pulls read meta without bringing
 * Dexie onto the page (src/offline/store.ts says why).
 */
export async function getMeta<T>(db: OfflineDb, key: string): Promise<T | undefined> {
  return (await db.meta.get(key))?.value as T | undefined;
}

export async function setMeta(db: OfflineDb, key: string, value: unknown): Promise<void> {
  await db.meta.put({ key, value });
}
