import { lazy, Suspense } from 'react';
import { useOnline } from '../../../lib/online.ts';
import { useStoreStarted } from '../badge-data.ts';
import { SyncBadgeView } from './sync-badge-view.tsx';

// The queue's counts come from the store: the badge reads them once the store has started
// (offline/demand.ts), and until then says what the browser knows, online or offline.
const LiveSyncBadge = lazy(async () => ({ default: (await import('./live-sync-badge.tsx')).LiveSyncBadge }));

/** The header's view of the queue, live once the offline store has started. */
export function SyncBadge() {
  const started = useStoreStarted();
  const online = useOnline();
  const before = <SyncBadgeView status={online ? 'online' : 'offline'} unsent={0} />;
  if (!started) return before;
  return (
    <Suspense fallback={before}>
      <LiveSyncBadge />
    </Suspense>
  );
}
