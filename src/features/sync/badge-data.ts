import { useSyncExternalStore } from 'react';
import { offlineDemanded, subscribeOfflineDemand } from '../../offline/demand.ts';

/**
 * The sync badge's data object: what the header reads before the offline store has started. Kept
 * apart from data.ts, which loads the store (Dexie), because the badge is in every page's frame
 * and the store loads apart from it (offline/demand.ts); the live counts come from data.ts once it has.
 */
export type { SyncStatus } from '../../offline/hooks.ts';

/** Whether the offline store has started on this page (the badge then reads the queue's live counts). */
export function useStoreStarted(): boolean {
  return useSyncExternalStore(subscribeOfflineDemand, offlineDemanded);
}
