import { lazy, Suspense, useSyncExternalStore } from 'react';
import { setNotificationSink, type Notification } from '../lib/notify.ts';
import type * as ToasterQueue from './toaster-queue.ts';

// The toast machinery (zag's toast machine and Chakra's toast parts) loads with the first
// notification: most page loads never show one, the login page's included.
let queue: Promise<typeof ToasterQueue> | null = null;
const listeners = new Set<() => void>();

function loadToasterQueue(): Promise<typeof ToasterQueue> {
  if (!queue) {
    queue = import('./toaster-queue.ts');
    for (const listener of listeners) listener();
  }
  return queue;
}

function subscribeToasterLoad(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const toasterRequested = () => queue !== null;

// Registered when the app loads this module (app.tsx renders <Toaster />), before any screen runs.
setNotificationSink((notification: Notification) => {
  void loadToasterQueue().then(({ toaster }) => toaster.create({ ...notification, closable: true }));
});

const ToasterView = lazy(async () => ({ default: (await import('./toaster-view.tsx')).ToasterView }));

/** Renders notifications from the first one on (see src/lib/notify.ts); before that it costs nothing. */
export function Toaster() {
  const requested = useSyncExternalStore(subscribeToasterLoad, toasterRequested);
  if (!requested) return null;
  return (
    <Suspense>
      <ToasterView />
    </Suspense>
  );
}
