import type { Table } from 'dexie';
import type { OfflineDb } from './db.ts';
import { getMeta } from './meta.ts';
import type { DeviceTableName, PulledRow, RowOf, SyncFields } from './tables.ts';

/**
 * The read path's write side: answers from the API land in Dexie, and screens read Dexie only
 * (useLive, live.ts), so the same screen works online and offline. Invariant: a row with pending = 1
 * holds a local change the server has not seen; a pull never overwrites or deletes it (the outbox
 * clears the flag when the server answers, and the next pull brings the server's version).
 */

export type { PulledRow, RowOf } from './tables.ts';

/**
 * The rows a pull replaces: cached rows in this range that the answer no longer lists are removed.
 * `only` narrows the range to the rows the answer covers (an evidence tab lists only its own questions).
 */
export type PullRange<T extends DeviceTableName = DeviceTableName> = { index: string; equals: number; only?: (row: RowOf<T>) => boolean };

/**
 * How a pulled row takes what the device's copy holds and the answer does not (a follow-up list row
 * keeps the questions its row already has, so a follow-up opened once still opens offline).
 */
export type KeepFromCached<T extends DeviceTableName> = (pulled: PulledRow<T>, cached: RowOf<T> | undefined) => PulledRow<T>;

export type PullOptions<T extends DeviceTableName> = {
  range?: PullRange<T>;
  startedAt?: PullStart;
  keep?: KeepFromCached<T>;
};

/**
 * When the request left (epoch ms). A row written after it (a queued record reconciled while the
 * request was on its way) is newer than the answer, which could not hold it yet: the pull neither
 * overwrites nor removes it. Without it, a follow-up read during the replay of its answers came
 * back holding only the first ones and replaced the device's row after the last answer settled.
 */
export type PullStart = number | undefined;

/** True for a cached row that was written after the request of a pull left. */
function newerThanPull(row: SyncFields | undefined, startedAt: PullStart): boolean {
  return row !== undefined && startedAt !== undefined && row.syncedAt > startedAt;
}

export type PullResult = { written: number; keptPending: number; removed: number };

/** Meta key of a scope's last successful pull (epoch ms). */
export function syncedAtKey(scope: string): string {
  return `syncedAt:${scope}`;
}

/**
 * Writes one table's batch: the one "store a pulled list" routine (pulls, the offline bundle and
 * the entities' list reads all go through it). The caller holds a rw transaction over that table.
 */
export async function writeRows<T extends DeviceTableName>(
  db: OfflineDb,
  table: T,
  rows: ReadonlyArray<PulledRow<T>>,
  syncedAt: number,
  { range, startedAt, keep }: PullOptions<T> = {},
): Promise<PullResult> {
  const store = db.table(table) as Table<SyncFields & Record<string, unknown>, number>;
  const keyPath = store.schema.primKey.keyPath as string;
  const keys = rows.map((row) => (row as Record<string, unknown>)[keyPath] as number);
  const existing = await store.bulkGet(keys);
  const pendingKeys = new Set(keys.filter((_, i) => existing[i]?.pending === 1));
  const newerKeys = new Set(keys.filter((_, i) => existing[i]?.pending !== 1 && newerThanPull(existing[i], startedAt)));
  const fresh = rows.flatMap((row, i) =>
    pendingKeys.has(keys[i]) || newerKeys.has(keys[i])
      ? []
      : [{ ...(keep ? keep(row, existing[i] as RowOf<T> | undefined) : row), syncedAt, pending: 0 as const }],
  );
  await store.bulkPut(fresh);
  let removed = 0;
  if (range) {
    const listed = new Set(keys);
    removed = await store
      .where(range.index)
      .equals(range.equals)
      .filter(
        (row) =>
          row.pending !== 1 &&
          !listed.has(row[keyPath] as number) &&
          !newerThanPull(row, startedAt) &&
          (range.only === undefined || range.only(row as unknown as RowOf<T>)),
      )
      .delete();
  }
  return { written: fresh.length, keptPending: pendingKeys.size, removed };
}

/**
 * Writes a pulled batch into `table` in ONE transaction (a reader never sees half a batch) and
 * records when `scope` was last synced. With `range`, cached rows of that range the server no
 * longer lists are removed (a member deleted elsewhere), except rows with a local change.
 */
export async function pullInto<T extends DeviceTableName>(
  db: OfflineDb,
  table: T,
  rows: ReadonlyArray<PulledRow<T>>,
  scope: string,
  options: PullOptions<T> & { now?: number } = {},
): Promise<PullResult> {
  const syncedAt = options.now ?? Date.now();
  return db.transaction('rw', [db.table(table), db.meta], async () => {
    const result = await writeRows(db, table, rows, syncedAt, options);
    await db.meta.put({ key: syncedAtKey(scope), value: syncedAt });
    return result;
  });
}

/** When `scope` was last pulled (epoch ms), or null if never on this device. */
export async function lastSyncedAt(db: OfflineDb, scope: string): Promise<number | null> {
  const value = await getMeta<number>(db, syncedAtKey(scope));
  return typeof value === 'number' ? value : null;
}

// ---------------------------------------------------------------- scheduling

/** Screens refresh their data this often while the page is visible. */
export const PULL_INTERVAL_MS = 5 * 60 * 1000;

/** The parts of the browser the scheduler listens to, injectable for tests. */
export type PullEnvironment = {
  /** Receives 'online' (window) events. */
  network: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  /** Receives 'visibilitychange' (document) events. */
  visibility: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>;
  isVisible: () => boolean;
  isOnline: () => boolean;
  now: () => number;
};

function browserEnvironment(): PullEnvironment {
  return {
    network: window,
    visibility: document,
    isVisible: () => document.visibilityState === 'visible',
    isOnline: () => navigator.onLine,
    now: () => Date.now(),
  };
}

/**
 * Runs `pull` now, again when the device reconnects, when the page becomes visible after the
 * interval has passed, and every `intervalMs` while visible. A run never overlaps the previous
 * one, and nothing runs while offline (the screen keeps showing the cache). Returns stop.
 */
export function schedulePull(
  pull: () => Promise<unknown>,
  { intervalMs = PULL_INTERVAL_MS, env = browserEnvironment() }: { intervalMs?: number; env?: PullEnvironment } = {},
): () => void {
  let running = false;
  let stopped = false;
  let lastRun = Number.NEGATIVE_INFINITY;

  const run = () => {
    if (stopped || running || !env.isOnline()) return;
    running = true;
    lastRun = env.now();
    // Failures are the caller's to show (pull catches and reports); the schedule goes on.
    void pull()
      .catch(() => {})
      .finally(() => {
        running = false;
      });
  };
  const onVisible = () => {
    if (env.isVisible() && env.now() - lastRun >= intervalMs) run();
  };
  const timer = setInterval(() => {
    if (env.isVisible()) run();
  }, intervalMs);

  env.network.addEventListener('online', run);
  env.visibility.addEventListener('visibilitychange', onVisible);
  run();
  return () => {
    stopped = true;
    clearInterval(timer);
    env.network.removeEventListener('online', run);
    env.visibility.removeEventListener('visibilitychange', onVisible);
  };
}
