import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Page } from 'playwright-core';
import { launchChromium, ms, percentile, signIn, startServer } from './server-process.ts';

type Api = { token: string; tenant: { id: string } };

/** The session the app stored: token and tenant for the bench's API calls. */
export function apiOf(page: Page) {
  return page.evaluate(() => JSON.parse(localStorage.getItem('ce:session') ?? 'null') as Api);
}

/** Writes rows into one store of the user's offline database, as the app's own code would. */
export async function putRows(page: Page, name: string, store: string, rows: unknown[]) {
  await page.evaluate(
    async ({ name, store, rows }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => reject(request.error);
      });
      await new Promise<void>((resolve, reject) => {
        const tx = db.transaction(store, 'readwrite');
        for (const row of rows) tx.objectStore(store).put(row);
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(tx.error);
      });
      db.close();
    },
    { name, store, rows },
  );
}

/** The name of the signed-in user's offline store, once the app has created its schema. */
/**
 * Waits until the service worker controls the page and has cached the screens this signed-in user
 * can open offline (issue 32: the precache is the shell only; each role's screens are cached after
 * sign-in). A bench that goes offline before then finds no chunk for the screen it opens.
 */
export async function waitForOfflineScreens(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
  for (let attempt = 0; attempt < 300; attempt++) {
    const groups = await page.evaluate(async () => {
      const record = await (await caches.open('ce-offline-groups')).match('/offline-groups.json');
      return record ? ((await record.json()) as string[]).length : 0;
    });
    if (groups > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the offline screens were never cached');
}

export async function waitForOfflineStore(page: Page): Promise<string> {
  // Polled from here: waitForFunction would take the async probe's Promise itself as "truthy".
  for (let attempt = 0; attempt < 300; attempt++) {
    const found = await page.evaluate(async () => {
      const dbs = await indexedDB.databases();
      const name = dbs.find((d) => d.name?.startsWith('ce-offline:sc:'))?.name;
      if (!name) return null;
      const db = await new Promise<IDBDatabase | null>((resolve) => {
        const request = indexedDB.open(name);
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve(null);
        request.onblocked = () => resolve(null);
      });
      const ready = (db?.objectStoreNames.contains('perguntas') && db.objectStoreNames.contains('outbox')) ?? false;
      db?.close();
      return ready ? name : null;
    });
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the offline store was never created');
}

const PORT = 18094;
const QUESTIONS = 20_000;
const THEMES = 20;

/**
 * Issue 4: a municipality's 20,000 cached questions filtered by theme, in Chromium, on the store
 * and compound index the app's Dexie schema declares ([municipioId+temaId]). The query is the
 * IndexedDB call Dexie's where('[municipioId+temaId]').equals(...).toArray() makes: getAll on the
 * index with a key range.
 */
export async function offlineDataBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-offline-data-'));
  const server = await startServer({ dataDir, port: PORT });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.addInitScript(() => localStorage.setItem('ce:cookies-aceitos-em', String(Date.now())));
    await signIn(page, server.url);
    // The app opens the signed-in user's store; wait until it exists.
    const name = await waitForOfflineStore(page);
    const result = await page.evaluate(
      async ({ name, questions, themes }) => {
        // No named helper functions in here: tsx would wrap them in a __name() the page lacks.
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        await new Promise<void>((resolve, reject) => {
          const tx = db.transaction('perguntas', 'readwrite');
          const store = tx.objectStore('perguntas');
          for (let i = 0; i < questions; i++) {
            store.put({
              perguntaMunicipioId: 9_000_000 + i,
              perguntaId: i + 1,
              municipioId: 999_999,
              eixoId: 1 + (i % 5),
              temaId: 1 + (i % themes),
              nome: `Tema ${1 + (i % themes)}`,
              numero: i + 1,
              texto: `Pergunta de teste número ${i + 1} sobre o ambiente de negócios do município`,
              pontos: 10,
              resposta: null,
              evidenciada: false,
              rejeitada: false,
              quantidadeArquivo: 0,
              prazoReenvio: null,
              syncedAt: Date.now(),
              pending: 0,
            });
          }
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
        const times: number[] = [];
        let rows = 0;
        for (let run = 0; run < 40; run++) {
          const temaId = 1 + (run % themes);
          const started = performance.now();
          rows = await new Promise<number>((resolve, reject) => {
            const request = db
              .transaction('perguntas')
              .objectStore('perguntas')
              .index('[municipioId+temaId]')
              .getAll(IDBKeyRange.only([999_999, temaId]));
            request.onsuccess = () => resolve(request.result.length);
            request.onerror = () => reject(request.error);
          });
          times.push(performance.now() - started);
        }
        db.close();
        return { times, rows };
      },
      { name, questions: QUESTIONS, themes: THEMES },
    );
    const sorted = [...result.times].sort((a, b) => a - b);
    const p50 = percentile(sorted, 50);
    const p95 = percentile(sorted, 95);
    return [
      '## Offline data (issue 4)',
      '',
      '| measure | result | goal |',
      '|---|---|---|',
      `| ${QUESTIONS.toLocaleString('en')} cached questions of one municipality filtered by theme ([municipioId+temaId] index, ${result.rows} rows each), p50 / p95 of 40 queries | ${ms(p50)} / ${ms(p95)} | ≤ 50 ms ${p95 <= 50 ? '✅' : '❌'} |`,
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
