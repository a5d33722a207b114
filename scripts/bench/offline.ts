import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type BrowserContext, type Page } from 'playwright-core';
import { launchChromium, ms, percentile, signIn, startServer } from './server-process.ts';

const PORT = 18093;
const RUNS = 15;

/** Time from navigation start to the signed-in shell (logo and main menu) being in the DOM. */
async function repeatLoad(page: Page): Promise<number> {
  await page.reload({ waitUntil: 'commit' });
  const handle = await page.waitForFunction(() => (window as unknown as { __shellReady?: number }).__shellReady);
  return (await handle.jsonValue()) as number;
}

async function signedInWithServiceWorker(context: BrowserContext, baseUrl: string): Promise<Page> {
  const page = await context.newPage();
  await signIn(page, baseUrl);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
  return page;
}

/**
 * Issue 4: a repeat visit to /cidade with the service worker in control, offline against online.
 * Online and offline loads alternate so drift (JIT, disk cache) affects both alike.
 */
export async function offlineBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-offline-'));
  const server = await startServer({ dataDir, port: PORT });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    await context.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('header img') && document.querySelector('nav[aria-label="Menu principal"]')) {
          (window as unknown as { __shellReady: number }).__shellReady = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    const page = await signedInWithServiceWorker(context, server.url);
    await repeatLoad(page); // warm-up: the first controlled load compiles and caches what the rest reuse

    const online: number[] = [];
    const offline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      await context.setOffline(false);
      online.push(await repeatLoad(page));
      await context.setOffline(true);
      offline.push(await repeatLoad(page));
    }
    await context.setOffline(false);

    const onlineMedian = percentile(
      online.sort((a, b) => a - b),
      50,
    );
    const offlineMedian = percentile(
      offline.sort((a, b) => a - b),
      50,
    );
    const ratio = offlineMedian / onlineMedian;
    return [
      '## Offline shell (issue 4)',
      '',
      `Signed-in consultant, repeat load of /cidade with the service worker in control, navigation start → logo and main menu in the DOM; median of ${RUNS} alternating runs.`,
      '',
      '| measure | result | goal |',
      '|---|---|---|',
      `| online repeat load to interactive | ${ms(onlineMedian)} (p90 ${ms(percentile(online, 90))}) | — |`,
      `| offline repeat load to interactive | ${ms(offlineMedian)} (p90 ${ms(percentile(offline, 90))}) | — |`,
      `| offline / online | ${ratio.toFixed(2)} | ≤ 1.1 ${ratio <= 1.1 ? '✅' : '❌'} |`,
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
