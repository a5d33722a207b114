import { syncData } from '../data.ts';
import { SyncBadgeView } from './sync-badge-view.tsx';

/** The badge with the queue's live counts and the engine's progress. */
export function LiveSyncBadge() {
  const sync = syncData.useSyncState();
  return <SyncBadgeView status={sync.status} unsent={sync.pending + sync.attention} />;
}
