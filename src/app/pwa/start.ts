/**
 * Registers the service worker once the page has loaded, so neither workbox-window nor the
 * precache downloads compete with the first render. Production builds only: the dev server has no sw.js.
 */
export function startServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener(
    'load',
    () => {
      import('./register.ts')
        .then(({ registerServiceWorker }) => registerServiceWorker())
        .catch((error: unknown) => console.error('Não foi possível registrar o service worker.', error));
    },
    { once: true },
  );
}
