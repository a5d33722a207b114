import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyVariantToDocument } from './app/document-variant.ts';
import { startServiceWorker } from './app/pwa/start.ts';
import { getSession, subscribeSession } from './session/store.ts';

applyVariantToDocument();
// Only with a stored session: refreshing it loads zod, which the login page does without.
if (getSession().token) void import('./session/refresh.ts').then(({ refreshSession }) => refreshSession());
// Loaded at the first signed-in moment, apart from the entry: the login page does not pay for
// Dexie and the sync engine, and nothing offline exists before someone signs in.
function startOfflineWhenSignedIn(): void {
  if (!getSession().token) return;
  unsubscribe();
  // When the main thread is idle: the first screen after login renders before the store opens.
  const start = () => void import('./app/offline.ts').then(({ startOffline }) => startOffline());
  if ('requestIdleCallback' in window) requestIdleCallback(start, { timeout: 2000 });
  else setTimeout(start, 0);
}
const unsubscribe = subscribeSession(startOfflineWhenSignedIn);
startOfflineWhenSignedIn();

const container = document.getElementById('root');
if (!container) throw new Error('index.html não tem o elemento #root.');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
startServiceWorker();
