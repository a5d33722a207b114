import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { listOfflineMunicipalities, type OfflineMunicipality } from './bundle.ts';
import type { OfflineDb, OutboxEntry } from './db.ts';
import type { SyncState } from './engine.ts';
import { useLive } from './live.ts';
import { countByStatus, listEntries } from './outbox.ts';
import { lastSyncedAt, schedulePull } from './pull.ts';
import { estimateStorage, persistenceStatus, type PersistenceAnswer, type StorageEstimate } from './storage.ts';
import { getOfflineDb, getSyncState, offlineUnavailable, subscribeOfflineStore, subscribeSyncState } from './store.ts';
import { demandOffline } from './demand.ts';
import { useOnline } from '../lib/online.ts';

export { useOnline };

/** React access to the offline store: screens read Dexie through these and re-render on change. */

/** The signed-in user's store; null while signed out or opening. A screen that reads it starts it. */
export function useOfflineDb(): OfflineDb | null {
  useEffect(demandOffline, []);
  return useOpenedDb();
}

/** The store once open, without asking for it: a read that can show the server's answer first (src/data/query.ts). */
export function useOpenedDb(): OfflineDb | null {
  return useSyncExternalStore(subscribeOfflineStore, getOfflineDb);
}

/** True when this browser refused to open the store (some private windows). */
export function useOfflineUnavailable(): boolean {
  return useSyncExternalStore(subscribeOfflineStore, offlineUnavailable);
}

export type SyncStatus = 'online' | 'offline' | 'sincronizando' | 'requer-atencao';

export type SyncView = {
  online: boolean;
  draining: boolean;
  paused: SyncState['paused'];
  /** Entries waiting to be sent (pending or sending), live from the store. */
  pending: number;
  /** Entries parked as "requer atenção", live from the store. */
  attention: number;
  current: SyncState['current'];
  status: SyncStatus;
};

/**
 * The queue's state for the badge and the sync centre: counts come from the store itself (so they
 * move the moment an item is queued, in every tab), progress and draining from the engine.
 */
export function useSyncState(): SyncView {
  // Not asked for here: the header's badge is on every page, and the store opens once the page has
  // settled (main.tsx) or when a screen reads it; until then nothing queued is counted.
  const db = useOpenedDb();
  const engine = useSyncExternalStore(subscribeSyncState, getSyncState);
  const online = useOnline();
  const counts = useLive(
    async () => {
      if (!db) return { pending: 0, attention: 0 };
      const [pending, attention] = await Promise.all([
        countByStatus(db, 'pending', 'sending'),
        db.outbox.where('status').equals('attention').count(),
      ]);
      return { pending, attention };
    },
    [db],
    { pending: 0, attention: 0 },
  );
  const draining = engine?.draining ?? false;
  let status: SyncStatus = online ? 'online' : 'offline';
  if (counts.attention > 0) status = 'requer-atencao';
  // A pass over an empty queue is not "sincronizando": the badge would flicker on every trigger.
  else if (online && draining && (engine?.current || counts.pending > 0)) status = 'sincronizando';
  return {
    online,
    draining,
    paused: engine?.paused ?? null,
    pending: counts.pending,
    attention: counts.attention,
    current: engine?.current ?? null,
    status,
  };
}

/** The queue in enqueue order (optionally one municipality's); undefined while loading. */
export function useOutboxEntries(filter: { municipioId?: number } = {}): OutboxEntry[] | undefined {
  const db = useOfflineDb();
  const { municipioId } = filter;
  return useLive(async () => (db ? listEntries(db, municipioId === undefined ? {} : { municipioId }) : []), [db, municipioId]);
}

export type StorageView = {
  estimate: StorageEstimate | null;
  /** What navigator.storage.persist() answered at this user's first login here (null: not asked or no API). */
  requested: PersistenceAnswer | null;
  /** Whether the browser persists the data now. */
  persisted: boolean | null;
  loading: boolean;
  refresh: () => void;
};

/** Usage, quota and persistence, read on mount, every 30 s and whenever the queue changes. */
export function useStorageEstimate(): StorageView {
  const db = useOfflineDb();
  const [view, setView] = useState<Omit<StorageView, 'refresh'>>({ estimate: null, requested: null, persisted: null, loading: true });
  const [tick, setTick] = useState(0);
  const queueSize = useLive(async () => (db ? db.outbox.count() : 0), [db], 0);
  const refresh = useCallback(() => setTick((n) => n + 1), []);

  useEffect(() => {
    let cancelled = false;
    void Promise.all([estimateStorage(), db ? persistenceStatus(db) : Promise.resolve({ requested: null, persisted: null })]).then(
      ([estimate, persistence]) => {
        if (!cancelled) setView({ estimate, ...persistence, loading: false });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [db, tick, queueSize]);

  useEffect(() => {
    const timer = setInterval(refresh, 30_000);
    return () => clearInterval(timer);
  }, [refresh]);

  return { ...view, refresh };
}

/** Offline-ready municipalities, by name; undefined while loading. */
export function useOfflineMunicipalities(): OfflineMunicipality[] | undefined {
  // Not asked for: the city header shows it on every tab; the list fills in once the store is open.
  const db = useOpenedDb();
  return useLive(async () => (db ? listOfflineMunicipalities(db) : []), [db]);
}

/** When `scope` was last pulled (epoch ms); null if never, undefined while loading. */
export function useLastSynced(scope: string | null): number | null | undefined {
  const db = useOpenedDb();
  return useLive(async () => (db && scope ? lastSyncedAt(db, scope) : null), [db, scope]);
}

export type PullStatus = { pulling: boolean; error: unknown; lastSyncedAt: number | null | undefined; refresh: () => void };

/**
 * Keeps `scope` fresh while the screen is open: pulls on open, on reconnect and every 5 minutes
 * while the page is visible (see schedulePull). `fetcher` asks the API, `writer` stores the answer
 * (usually with pullInto); the screen itself reads the store with useLive, so it shows the
 * cache at once and offline. A null scope waits (e.g. for a route parameter). `demand: false`: the
 * pull waits for the store without asking for it (a screen showing the server's answer first).
 */
export function usePulled<T>(
  scope: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
  writer: (db: OfflineDb, data: T) => Promise<unknown>,
  { demand = true }: { demand?: boolean } = {},
): PullStatus {
  const db = useOpenedDb();
  useEffect(() => {
    if (demand) demandOffline();
  }, [demand]);
  const [state, setState] = useState<{ pulling: boolean; error: unknown }>({ pulling: false, error: null });
  const latest = useRef({ fetcher, writer });
  const runRef = useRef<(() => Promise<void>) | null>(null);
  useEffect(() => {
    latest.current = { fetcher, writer };
  });

  useEffect(() => {
    if (!db || !scope) return;
    const controller = new AbortController();
    const run = async () => {
      setState((s) => ({ ...s, pulling: true }));
      try {
        const data = await latest.current.fetcher(controller.signal);
        if (controller.signal.aborted) return;
        await latest.current.writer(db, data);
        setState({ pulling: false, error: null });
      } catch (error) {
        if (!controller.signal.aborted) setState({ pulling: false, error });
      }
    };
    runRef.current = run;
    const stop = schedulePull(run);
    return () => {
      stop();
      controller.abort();
      runRef.current = null;
    };
  }, [db, scope]);

  const refresh = useCallback(() => void runRef.current?.(), []);
  return { ...state, lastSyncedAt: useLastSynced(scope), refresh };
}
