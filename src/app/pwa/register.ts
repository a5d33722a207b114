import { Workbox } from 'workbox-window';
import { hasUnsavedChanges } from '../../ui/unsaved-changes.ts';
import { keepOfflineScreens } from './offline-screens.ts';
import { showUpdateNotice, type UpdateOutcome } from './update-notice.tsx';

const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * Registers sw.js and offers each new version with "Nova versão disponível". The new service worker
 * waits (it only skips waiting when asked), so the page is reloaded only when the user presses
 * Atualizar and no form holds unsaved input.
 */
export function registerServiceWorker(): void {
  const wb = new Workbox('/sw.js');
  let registration: ServiceWorkerRegistration | undefined;
  let reloadWhenControlled = false;

  function update(): UpdateOutcome {
    if (hasUnsavedChanges()) return 'blocked';
    if (registration?.waiting) {
      reloadWhenControlled = true;
      wb.messageSkipWaiting();
    } else {
      // Another tab already activated the new version, which now controls this page too.
      window.location.reload();
    }
    return 'reloading';
  }

  // Also fired at start when a version found in an earlier visit is still waiting.
  wb.addEventListener('waiting', () => showUpdateNotice(update));
  wb.addEventListener('controlling', () => {
    if (reloadWhenControlled) window.location.reload();
  });
  wb.register()
    .then((reg) => {
      registration = reg;
      keepOfflineScreens();
    })
    .catch((error: unknown) => console.error('Não foi possível registrar o service worker.', error));

  // Offline or with the server down the check fails; the next one tries again.
  const checkForUpdate = () => void wb.update().catch(() => undefined);
  setInterval(checkForUpdate, UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate();
  });
}
