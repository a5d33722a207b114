import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { waitForOfflineStore } from './offline-data.ts';
import { launchChromium, ms, signIn, startServer } from './server-process.ts';

const PORT = 18096;
const ENTRIES = Number(process.env.BENCH_REPLAY_ENTRIES ?? 500);
const FILES_PER_ENTRY = 2;
const FILE_BYTES = 1024 * 1024;

/**
 * Issue 4: the outbox replaying 500 queued administrative reports with 2 × 1 MB attachments each
 * (the real admin-report-create entries, written to the app's own store as enqueue writes them),
 * against the same bytes uploaded directly with the same upload protocol, in the same run.
 */
export async function replayBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-replay-'));
  const server = await startServer({ dataDir, port: PORT });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await page.addInitScript(() => localStorage.setItem('ce:cookies-aceitos-em', String(Date.now())));
    await signIn(page, server.url);
    const name = await waitForOfflineStore(page);

    // Direct: the same number of files and bytes, each opened, sent in one chunk and concluded.
    const direct = await page.evaluate(
      async ({ count, bytes }) => {
        const session = JSON.parse(localStorage.getItem('ce:session') ?? 'null') as { token: string; tenant: { id: string } };
        const headers = { authorization: `Bearer ${session.token}`, database: session.tenant.id };
        const started = performance.now();
        for (let i = 0; i < count; i++) {
          const data = new Uint8Array(bytes);
          data.set(new TextEncoder().encode(`%PDF-1.4 direto ${i}\n`));
          for (let j = 64; j < bytes; j += 997) data[j] = (i + j) & 0xff;
          const hash = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', data)), (b) => b.toString(16).padStart(2, '0')).join(
            '',
          );
          const opened = await fetch('/api/upload', {
            method: 'POST',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({
              chave: crypto.randomUUID(),
              nome: `direto-${i}.pdf`,
              tamanho: bytes,
              sha256: hash,
              finalidade: 'anexo',
            }),
          });
          const { uploadId } = (await opened.json()) as { uploadId: string };
          await fetch(`/api/upload/${uploadId}?offset=0`, {
            method: 'PUT',
            headers: { ...headers, 'content-type': 'application/octet-stream' },
            body: data,
          });
          const done = await fetch(`/api/upload/${uploadId}/concluir`, { method: 'POST', headers });
          if (!done.ok) throw new Error(`direct upload ${i}: ${done.status}`);
        }
        return performance.now() - started;
      },
      { count: ENTRIES * FILES_PER_ENTRY, bytes: FILE_BYTES },
    );

    const cities = await page.evaluate(async () => {
      const session = JSON.parse(localStorage.getItem('ce:session') ?? 'null') as { token: string; tenant: { id: string } };
      const response = await fetch('/api/municipio', {
        headers: { authorization: `Bearer ${session.token}`, database: session.tenant.id },
      });
      return (await response.json()) as Array<{ municipioId: number }>;
    });
    const municipioId = cities[0]!.municipioId;

    // The queue, as enqueue writes it: entries and their files (Blobs) in the user's store.
    await page.evaluate(
      async ({ name, entries, filesPerEntry, bytes, municipioId }) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        for (let start = 0; start < entries; start += 25) {
          const rows: { entry: Record<string, unknown>; files: Record<string, unknown>[] }[] = [];
          for (let i = start; i < Math.min(entries, start + 25); i++) {
            const id = crypto.randomUUID();
            const tempId = -3_000_000_000 - i;
            const files: Record<string, unknown>[] = [];
            for (let f = 0; f < filesPerEntry; f++) {
              const data = new Uint8Array(bytes);
              data.set(new TextEncoder().encode(`%PDF-1.4 fila ${i}-${f}\n`));
              for (let j = 64; j < bytes; j += 997) data[j] = (i * 7 + f + j) & 0xff;
              const sha256 = Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', data)), (b) =>
                b.toString(16).padStart(2, '0'),
              ).join('');
              const blob = new Blob([data], { type: 'application/pdf' });
              files.push({
                id: crypto.randomUUID(),
                outboxId: id,
                name: `anexo-${i}-${f}.pdf`,
                type: 'application/pdf',
                size: bytes,
                sha256,
                blob,
                purpose: 'anexo',
                uploadId: null,
                uploaded: 0,
                done: false,
              });
            }
            const payload = {
              municipioId,
              titulo: `Relatório da fila ${i}`,
              horas: 1,
              descricao: `<p>Relatório ${i} enviado pela fila.</p>`,
              arquivosUploadIds: [],
            };
            rows.push({
              files,
              entry: {
                id,
                seq: 1_000_000 + i,
                kind: 'admin-report-create',
                entityKey: `relatorio-administrativo:${tempId}`,
                dependsOn: [],
                municipioId,
                label: `Relatório administrativo ${payload.titulo}`,
                payload,
                request: {
                  method: 'POST',
                  path: 'relatorioadministrativo/relatorioadministrativo',
                  json: payload,
                  filesField: 'arquivosUploadIds',
                },
                tempId,
                serverIdField: 'relatorioAdministrativoId',
                fileIds: files.map((file) => file.id),
                bytes: filesPerEntry * bytes,
                status: 'pending',
                attempts: 0,
                nextAttemptAt: 0,
                createdAt: Date.now(),
                lastError: null,
                response: null,
              },
            });
          }
          await new Promise<void>((resolve, reject) => {
            const tx = db.transaction(['outbox', 'files'], 'readwrite');
            for (const row of rows) {
              tx.objectStore('outbox').put(row.entry);
              for (const file of row.files) tx.objectStore('files').put(file);
            }
            tx.oncomplete = () => resolve();
            tx.onerror = () => reject(tx.error);
          });
        }
        db.close();
      },
      { name, entries: ENTRIES, filesPerEntry: FILES_PER_ENTRY, bytes: FILE_BYTES, municipioId },
    );

    // A fresh page start drains the queue; timed until the store holds no entry and no file.
    const started = Date.now();
    await page.reload();
    let peakHeap = 0;
    for (;;) {
      const state = await page.evaluate(async (name) => {
        const db = await new Promise<IDBDatabase>((resolve, reject) => {
          const request = indexedDB.open(name);
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
        // No named helper functions in here: tsx would wrap them in a __name() the page lacks.
        let left = 0;
        for (const store of ['outbox', 'files']) {
          left += await new Promise<number>((resolve) => {
            const request = db.transaction(store).objectStore(store).count();
            request.onsuccess = () => resolve(request.result);
          });
        }
        db.close();
        const heap = (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ?? 0;
        return { left, heap };
      }, name);
      peakHeap = Math.max(peakHeap, state.heap);
      if (state.left === 0) break;
      if (Date.now() - started > 20 * 60_000) throw new Error(`replay did not finish: ${state.left} rows left`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const replay = Date.now() - started;
    const ratio = direct / replay;
    const mb = (ENTRIES * FILES_PER_ENTRY * FILE_BYTES) / 2 ** 20;
    return [
      '## Outbox replay (issue 4)',
      '',
      `${ENTRIES} queued administrative reports with ${FILES_PER_ENTRY} × 1 MB attachments each (${mb} MB), replayed by the outbox from a page start against the local server; the same number of files and bytes uploaded directly (same upload protocol, one file after the other) in the same run.`,
      '',
      '| measure | result | goal |',
      '|---|---|---|',
      `| direct upload of ${mb} MB | ${ms(direct)} | — |`,
      `| outbox replay (${ENTRIES} records, ${ENTRIES * FILES_PER_ENTRY} files) | ${ms(replay)} | — |`,
      `| direct / replay | ${ratio.toFixed(2)} | ≥ 0.8 ${ratio >= 0.8 ? '✅' : '❌'} |`,
      `| peak JS heap of the tab during the replay (sampled every 0.5 s) | ${(peakHeap / 2 ** 20).toFixed(0)} MB | ≤ 300 MB ${peakHeap <= 300 * 2 ** 20 ? '✅' : '❌'} |`,
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
