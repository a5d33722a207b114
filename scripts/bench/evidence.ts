import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { evidenceFileFixture, evidenceQuestionFixture } from '../../src/offline/testing/evidence-fixture.ts';
import { apiOf, putRows, waitForOfflineScreens, waitForOfflineStore } from './offline-data.ts';
import { launchChromium, ms, percentile, signIn, startServer } from './server-process.ts';

const PORT = 18113; // 18098 is the uploads suite's
const CITY = 'Florianópolis';
const EVIDENCES = 2_000;
const RENDER_RUNS = 5;
/** A question no server has: the device's copy is the only one, opened offline. */
const LOCAL_ID = 900_000;

/** The question's link clicked on the evidenciada tab → the first rows of its review table in the DOM (offline, from IndexedDB). */
async function renderRun(page: Page, baseUrl: string, municipioId: number, questionId = LOCAL_ID, rows = 10): Promise<number> {
  await page.goto(`${baseUrl}/cidade/${municipioId}/evidencia/evidenciada`);
  const link = page.locator(`a[href="/cidade/${municipioId}/evidenciar/${questionId}"]`);
  await link.waitFor();
  await page.evaluate((rows) => {
    const w = window as unknown as { __clickAt?: number; __renderedAt?: number };
    delete w.__clickAt;
    delete w.__renderedAt;
    window.addEventListener('click', () => (w.__clickAt = performance.now()), { capture: true, once: true });
    const observer = new MutationObserver(() => {
      const table = Array.from(document.querySelectorAll('table')).find((t) => {
        const heading = t.getAttribute('aria-labelledby');
        return heading && document.getElementById(heading)?.textContent === 'Avaliação das evidências';
      });
      if (table && table.querySelectorAll('tbody th[scope="row"]').length >= rows) {
        w.__renderedAt = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document.body, { childList: true, subtree: true });
  }, rows);
  await link.click();
  await page.waitForFunction(() => (window as unknown as { __renderedAt?: number }).__renderedAt !== undefined, null, { timeout: 60_000 });
  return page.evaluate(() => {
    const w = window as unknown as { __clickAt: number; __renderedAt: number };
    return w.__renderedAt - w.__clickAt;
  });
}

/** Issue 15: the review table of a question with 2,000 evidences (no paging). */
export async function evidenceBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-evidence-'));
  const server = await startServer({ dataDir, port: PORT });
  const browser = await launchChromium();
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => localStorage.setItem('ce:cookies-aceitos-em', String(Date.now())));
    const page = await context.newPage();
    // The full administrator may analyse every tab.
    await signIn(page, server.url, 'admin@demo.local');
    const name = await waitForOfflineStore(page);
    await waitForOfflineScreens(page);
    const api = await apiOf(page);
    const cities = (await (
      await fetch(`${server.url}/api/municipio`, { headers: { authorization: `Bearer ${api.token}`, database: api.tenant.id } })
    ).json()) as Array<{ municipioId: number; nome: string }>;
    const municipioId = cities.find((c) => c.nome === CITY)!.municipioId;
    await page.goto(`${server.url}/cidade/${municipioId}/geral`);
    await page.getByRole('button', { name: 'Disponível offline' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Baixar' }).click();
    await page.getByText(`${CITY} disponível offline`).waitFor();

    // A question sent for analysis with 2,000 files, a third of them already decided, on the device only.
    const question = evidenceQuestionFixture(LOCAL_ID, municipioId, {
      evidenciada: true,
      texto: 'Pergunta de bancada com 2.000 evidências',
    });
    question.evidencias = Array.from({ length: EVIDENCES }, (_, i) =>
      evidenceFileFixture(LOCAL_ID * 10 + i, question, {
        nomeArquivo: `evidencia-${String(i).padStart(4, '0')}.pdf`,
        aprovada: i % 3 === 1,
        rejeitada: i % 3 === 2,
        justificativa: i % 3 === 2 ? 'Arquivo ilegível.' : null,
      }),
    );
    question.quantidadeArquivo = EVIDENCES;
    question.temArquivo = true;
    // The same page with one evidence: what opening a question costs whatever its files.
    const single = evidenceQuestionFixture(LOCAL_ID + 1, municipioId, {
      evidenciada: true,
      texto: 'Pergunta de bancada com uma evidência',
    });
    single.evidencias = [evidenceFileFixture(LOCAL_ID * 10 - 1, single)];
    await putRows(page, name, 'perguntasEvidencia', [
      { ...question, syncedAt: Date.now(), pending: 0 },
      { ...single, syncedAt: Date.now(), pending: 0 },
    ]);
    await context.setOffline(true);

    await renderRun(page, server.url, municipioId); // warm-up: the screen's chunk, JIT
    const renders: number[] = [];
    for (let i = 0; i < RENDER_RUNS; i++) renders.push(await renderRun(page, server.url, municipioId));
    renders.sort((a, b) => a - b);
    process.stdout.write(`evidence: review render ${renders.map((r) => r.toFixed(0)).join(', ')} ms\n`);
    const median = percentile(renders, 50);
    const baseline: number[] = [];
    for (let i = 0; i < RENDER_RUNS; i++) baseline.push(await renderRun(page, server.url, municipioId, LOCAL_ID + 1, 1));
    baseline.sort((a, b) => a - b);
    process.stdout.write(`evidence: one-evidence page ${baseline.map((r) => r.toFixed(0)).join(', ')} ms\n`);
    return [
      '## Evidence (issue 15)',
      '',
      '| measure | result | goal |',
      '|---|---|---|',
      `| review table of a question with ${EVIDENCES} evidences, offline: link clicked → its first rows in the DOM (median of ${RENDER_RUNS}) | ${ms(median)} (max ${ms(renders[renders.length - 1]!)}) | ≤ 150 ms ${median <= 150 ? '✅' : '❌'} |`,
      `| the same page for a question with one evidence (median of ${RENDER_RUNS}): the cost of opening any question | ${ms(percentile(baseline, 50))} | — |`,
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
