import { lazy, Suspense, useSyncExternalStore } from 'react';
import { subscribeToasterLoad, toasterRequested } from '../lib/notify.ts';

const ToasterView = lazy(async () => ({ default: (await import('./toaster-view.tsx')).ToasterView }));

/** Renders notifications from the first one on (see notify.ts); before that it costs nothing. */
export function Toaster() {
  const requested = useSyncExternalStore(subscribeToasterLoad, toasterRequested);
  if (!requested) return null;
  return (
    <Suspense>
      <ToasterView />
    </Suspense>
  );
}
