// First: it must run before any zod schema is built (see zod-jitless.ts).
import './app/zod-jitless.ts';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { applyVariantToDocument } from './app/document-variant.ts';
import { startServiceWorker } from './app/pwa/start.ts';
import { whenSettled } from './lib/settled.ts';
import { demandOffline, setOfflineStarter } from './offline/demand.ts';
import { getSession, subscribeSession } from './session/store.ts';

applyVariantToDocument();
// Only with a stored session: refreshing it loads zod, which the login page does without. Once the
// first screen has settled: the stored copy serves until then, and the refresh's code and request
// must not compete with the screen's own (issue 32). A token the server no longer takes still ends
// the session at the screen's first call, or at this one on a screen that makes none.
if (getSession().token) whenSettled(() => void import('./api/session-refresh.ts').then(({ refreshSession }) => refreshSession()));
// Dexie, the sync engine and the kinds of queued writes load apart from the entry: the login page
// does not pay for them, and nothing offline exists before someone signs in.
setOfflineStarter(() => void import('./app/offline.ts').then(({ startOffline }) => startOffline()));
function startOfflineWhenSignedIn(): void {
  if (!getSession().token) return;
  unsubscribe();
  // The first screen after login gets the network and the CPU first; a screen that reads the store
  // starts it at once (useOfflineDb).
  whenSettled(demandOffline);
}
const unsubscribe = subscribeSession(startOfflineWhenSignedIn);
startOfflineWhenSignedIn();

const container = document.getElementById('root');
if (!container) throw new Error('index.html não tem o elemento #root.');

const root = createRoot(container);
// As a transition, the first render is time-sliced: React yields to the browser every few
// milliseconds instead of holding the main thread for the whole first screen (a long task that
// blocks input and counts in total blocking time). The router's own updates are transitions too.
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
startServiceWorker();
