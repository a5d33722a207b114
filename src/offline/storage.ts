import { UPLOAD_MESSAGES } from '../domain/uploads.ts';
import type { OfflineDb } from './db.ts';
import { getMeta } from './meta.ts';

/**
 * How much of the device's storage this origin uses, and the guard that refuses a file before it
 * is queued when it would not fit: a Blob that fails to write half-way through a Dexie transaction
 * aborts the whole enqueue, and the browser may evict the origin's data when it runs short.
 */

/** The part of StorageManager we use, so tests can pass their own. */
export type StorageLike = Pick<StorageManager, 'estimate'> & Partial<Pick<StorageManager, 'persist' | 'persisted'>>;

/** At this share of the quota the sync centre warns. */
export const STORAGE_WARNING_RATIO = 0.8;
/**
 * Room left free after a file is accepted: Dexie indexes, the queue entry and the row the file
 * belongs to take a little more than the file itself, and browsers' estimates are coarse.
 */
export const STORAGE_MARGIN_BYTES = 5 * 1024 * 1024;

export type StorageEstimate = {
  usage: number;
  quota: number;
  /** usage / quota, 0 to 1 (0 when the quota is unknown). */
  ratio: number;
  warning: boolean;
};

export class StorageFullError extends Error {
  constructor() {
    super(UPLOAD_MESSAGES.semEspaco);
    this.name = 'StorageFullError';
  }
}

function defaultStorage(): StorageLike | null {
  // Absent outside secure contexts and in some WebViews, whatever the DOM typings say.
  const storage = typeof navigator === 'undefined' ? undefined : (navigator.storage as StorageManager | undefined);
  return storage && typeof storage.estimate === 'function' ? storage : null;
}

/** Usage and quota of this origin, or null where the browser does not tell (old WebViews). */
export async function estimateStorage(storage: StorageLike | null = defaultStorage()): Promise<StorageEstimate | null> {
  if (!storage) return null;
  const { usage = 0, quota = 0 } = await storage.estimate();
  const ratio = quota > 0 ? Math.min(1, usage / quota) : 0;
  return { usage, quota, ratio, warning: ratio >= STORAGE_WARNING_RATIO };
}

/**
 * Throws StorageFullError (message UPLOAD_MESSAGES.semEspaco) when `bytes` more would not fit with
 * the margin. Where the browser gives no estimate the file is accepted: refusing every file on
 * such a device would be worse than the rare failed write, which the enqueue transaction reports.
 */
export async function ensureRoomFor(bytes: number, storage: StorageLike | null = defaultStorage()): Promise<void> {
  const estimate = await estimateStorage(storage);
  if (!estimate || estimate.quota <= 0) return;
  if (estimate.usage + bytes + STORAGE_MARGIN_BYTES > estimate.quota) throw new StorageFullError();
}

/**
 * Asks the browser not to evict this origin's data under pressure. Chromium answers without a
 * prompt (from engagement or an installed app), Firefox may ask the user. null: no such API.
 */
export async function requestPersistentStorage(storage: StorageLike | null = defaultStorage()): Promise<boolean | null> {
  if (!storage?.persist) return null;
  try {
    return await storage.persist();
  } catch {
    return false;
  }
}

/** Whether the data is already persistent (the answer can change later, e.g. after installing the app). */
export async function isStoragePersisted(storage: StorageLike | null = defaultStorage()): Promise<boolean | null> {
  if (!storage?.persisted) return null;
  try {
    return await storage.persisted();
  } catch {
    return null;
  }
}

/** Meta key of the answer to navigator.storage.persist(), asked once per user and device. */
export const PERSISTENCE_META_KEY = 'storage:persistence';
export type PersistenceAnswer = { granted: boolean | null; at: number };

/** The answer stored at first login, and whether the browser persists the data now. */
export async function persistenceStatus(db: OfflineDb): Promise<{ requested: PersistenceAnswer | null; persisted: boolean | null }> {
  const [requested, persisted] = await Promise.all([getMeta<PersistenceAnswer>(db, PERSISTENCE_META_KEY), isStoragePersisted()]);
  return { requested: requested ?? null, persisted };
}
