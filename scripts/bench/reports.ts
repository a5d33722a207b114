import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { type Browser } from 'playwright-core';
import { openDatabase } from '../../server/db/client.ts';
import { encontro, municipio, municipioGrupo, relatorio, usuario } from '../../server/db/schema/index.ts';
import { seed } from '../../server/seed/index.ts';
import { launchChromium, ms, percentile, signIn, startServer } from './server-process.ts';
import { waitForOfflineScreens } from './offline-data.ts';

const PORT = 18095;
const MANY = 5000;
const CITY = 'Florianópolis';
const LIST_RUNS = 5;
const SAVE_RUNS = 5;
const MB = 1024 * 1024;

/** A PDF by its first bytes (the server and the form check types that way), padded to `bytes`. */
function pdf(name: string, bytes: number) {
  const head = Buffer.from('%PDF-1.4\n');
  return { name, mimeType: 'application/pdf', buffer: Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]) };
}

/** 5,000 more reports of the consultant in the city, and meetings without a report to write the offline ones from. */
async function prepare(dataDir: string): Promise<number> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  await seed(db, { demoPassword: process.env.DEMO_PASSWORD ?? 'demo1234' });
  const [city] = await db
    .select()
    .from(municipio)
    .where(and(eq(municipio.tenantId, 'sc'), eq(municipio.nome, CITY)));
  const [author] = await db
    .select()
    .from(usuario)
    .where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, 'condutor@demo.local')));
  const [group] = await db.select().from(municipioGrupo).where(eq(municipioGrupo.municipioId, city!.municipioId));
  const statuses = [2, 2, 4, 3, 4];
  const rows = Array.from({ length: MANY }, (_, i) => ({
    tenantId: 'sc',
    municipioId: city!.municipioId,
    usuarioId: author!.usuarioId,
    titulo: `Relatório de campo ${String(i + 1).padStart(4, '0')} · acompanhamento das ações do plano`,
    descricao: '<p>Relato do encontro.</p>',
    statusRelatorioId: statuses[i % statuses.length]!,
    motivoRejeicao: i % 5 === 3 ? 'Anexe a lista de presença assinada e detalhe as ações priorizadas no encontro.' : null,
    codigoPublico: randomBytes(16).toString('hex'),
    criadoEm: new Date(Date.UTC(2025, 0, 1) + i * 3_600_000),
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(relatorio).values(rows.slice(i, i + 500));
  const meetings = Array.from({ length: SAVE_RUNS }, (_, i) => ({
    tenantId: 'sc',
    municipioId: city!.municipioId,
    grupoId: group!.grupoId,
    titulo: `Encontro de bancada ${i + 1}`,
    inicio: new Date(Date.UTC(2027, 0, 10 + i, 13)),
    fim: new Date(Date.UTC(2027, 0, 10 + i, 15)),
  }));
  await db.insert(encontro).values(meetings);
  await database.close();
  return city!.municipioId;
}

/** API answer received → first report row in the DOM, on a device that has nothing cached yet. */
async function listRun(browser: Browser, baseUrl: string, municipioId: number) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem('ce:cookies-aceitos-em')) localStorage.setItem('ce:cookies-aceitos-em', String(Date.now()));
    const observer = new MutationObserver(() => {
      if (document.querySelector('table tbody tr th[scope="row"] a[href*="/relatorio/obter/"]')) {
        (window as unknown as { __firstRow: number }).__firstRow = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await signIn(page, baseUrl);
  await page.goto(`${baseUrl}/cidade/${municipioId}/relatorio`);
  await page.locator('table tbody tr th[scope="row"] a').first().waitFor();
  const render = await page.evaluate(() => {
    const api = performance
      .getEntriesByType('resource')
      .find((e) => /\/api\/relatorio\/get-by-municipio\/\d+$/.test(e.name)) as PerformanceResourceTiming;
    return { firstRow: (window as unknown as { __firstRow: number }).__firstRow, responseEnd: api.responseEnd };
  });
  const rowsInDom = await page.locator('table tbody tr th[scope="row"]').count();
  await context.close();
  return { ms: render.firstRow - render.responseEnd, rowsInDom };
}

/** Finalizar clicked → the router leaves for the list, offline, with two 5 MB attachments. */
async function saveRuns(browser: Browser, baseUrl: string, municipioId: number): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    if (!localStorage.getItem('ce:cookies-aceitos-em')) localStorage.setItem('ce:cookies-aceitos-em', String(Date.now()));
    const w = window as unknown as { __clickAt?: number; __navAt?: number };
    window.addEventListener(
      'click',
      (event) => {
        if ((event.target as Element).closest('button[type="submit"]')?.textContent?.includes('Finalizar')) w.__clickAt = performance.now();
      },
      true,
    );
    const push = history.pushState.bind(history);
    history.pushState = (data, unused, url) => {
      if (url && /\/relatorio$/.test(String(url)) && w.__clickAt !== undefined && w.__navAt === undefined) w.__navAt = performance.now();
      push(data, unused, url);
    };
  });
  const page = await context.newPage();
  await signIn(page, baseUrl);
  await waitForOfflineScreens(page);
  await page.goto(`${baseUrl}/cidade/${municipioId}/geral`);
  await page.getByRole('button', { name: 'Disponível offline' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Baixar' }).click();
  await page.getByText(`${CITY} disponível offline`).waitFor();
  await page.goto(`${baseUrl}/cidade/${municipioId}/relatorio`);
  await page.locator('table tbody tr th[scope="row"] a').first().waitFor();
  await context.setOffline(true);

  const times: number[] = [];
  const files = [pdf('anexo-1.pdf', 5 * MB), pdf('anexo-2.pdf', 5 * MB)];
  for (let i = 0; i < SAVE_RUNS; i++) {
    await page.getByRole('link', { name: 'Novo relatório' }).click();
    await page.getByRole('combobox', { name: 'Encontro' }).click();
    await page
      .getByRole('option', { name: /Encontro de bancada/ })
      .first()
      .click();
    await page.getByRole('textbox', { name: 'Relatório' }).fill(`Relato ${i + 1}`);
    await page.getByRole('tab', { name: /^Anexos/ }).click();
    await page.getByLabel('Adicionar anexos').setInputFiles(files);
    await page.getByText('anexo-2.pdf').waitFor();
    await page.evaluate(() => {
      const w = window as unknown as { __clickAt?: number; __navAt?: number };
      delete w.__clickAt;
      delete w.__navAt;
    });
    await page.getByRole('button', { name: 'Finalizar' }).click();
    await page.waitForURL(/\/relatorio$/);
    times.push(
      await page.evaluate(() => {
        const w = window as unknown as { __clickAt: number; __navAt: number };
        return w.__navAt - w.__clickAt;
      }),
    );
  }
  await context.close();
  return times;
}

/** Issue 5: the city's report list with 5,000 reports, and saving a report offline with 10 MB of attachments. */
export async function reportsBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-reports-'));
  const municipioId = await prepare(dataDir);
  const server = await startServer({ dataDir, port: PORT });
  const browser = await launchChromium();
  try {
    await listRun(browser, server.url, municipioId); // warm-up: server caches, JIT
    const lists = [];
    for (let i = 0; i < LIST_RUNS; i++) lists.push(await listRun(browser, server.url, municipioId));
    const listMs = lists.map((r) => r.ms).sort((a, b) => a - b);
    const saves = (await saveRuns(browser, server.url, municipioId)).sort((a, b) => a - b);
    const listMedian = percentile(listMs, 50);
    const saveMedian = percentile(saves, 50);
    const saveMax = saves[saves.length - 1]!;
    return [
      '## Field reports (issue 5)',
      '',
      '| measure | result | goal |',
      '|---|---|---|',
      `| /cidade/{id}/relatorio with ${MANY + 5} reports, nothing cached: API answer received → first row in the DOM (median of ${LIST_RUNS}) | ${ms(listMedian)} (max ${ms(listMs[listMs.length - 1]!)}; ${lists[0]!.rowsInDom} rows in the DOM, virtualised) | ≤ 150 ms ${listMedian <= 150 ? '✅' : '❌'} |`,
      `| new report saved offline with 2 × 5 MB attachments: Finalizar → back on the list (median of ${SAVE_RUNS}) | ${ms(saveMedian)} (max ${ms(saveMax)}) | ≤ 300 ms ${saveMedian <= 300 ? '✅' : '❌'} |`,
      '',
    ].join('\n');
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
