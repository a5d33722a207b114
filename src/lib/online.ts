import { useSyncExternalStore } from 'react';

function browserOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function subscribeOnline(listener: () => void): () => void {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
}

/** Whether the browser says it is online, re-rendering on every change. */
export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, browserOnline);
}
