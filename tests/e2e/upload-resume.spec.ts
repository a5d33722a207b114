import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { startServer } from '../../scripts/bench/server-process.ts';
import { expect, PASSWORD, signIn, test } from './fixtures.ts';

/**
 * Issue 4: the server dies in the middle of a queued upload and comes back; the outbox resumes the
 * file from the last chunk the server confirmed and the record is created once. This test runs
 * its own server process (the real one, on its own data folder) so it can kill it.
 */

const PORT = Number(process.env.E2E_PORT ?? 8091) + 300;
const FILE_BYTES = 24 * 1024 * 1024;

/** A PDF-signed file of the given size (the evidence and attachment checks read the magic bytes). */
function bigPdf(bytes: number): Buffer {
  const body = Buffer.alloc(bytes);
  for (let i = 0; i < bytes; i += 4096) body.writeUInt32LE((i * 2654435761) >>> 0, i);
  Buffer.from('%PDF-1.4\n').copy(body);
  return body;
}

async function signInAs(page: Page, baseUrl: string, login: string) {
  await page.goto(`${baseUrl}/auth/login`);
  await signIn(page, login, PASSWORD);
  await expect(page).toHaveURL(/\/cidade$/);
}

test('a queued upload survives the server being killed mid-file: it resumes where the server stopped and the report is created once', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-e2e-resume-'));
  let server = await startServer({ dataDir, port: PORT });
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  try {
    const page = await context.newPage();
    await page.addInitScript(() => localStorage.setItem('ce:cookies-aceitos-em', String(Date.now())));
    const base = server.url.replace('127.0.0.1', 'localhost');
    await signInAs(page, base, 'condutor@demo.local');
    const stored = JSON.parse((await page.evaluate(() => localStorage.getItem('ce:session'))) ?? 'null') as {
      token: string;
      tenant: { id: string };
    };
    const headers = { authorization: `Bearer ${stored.token}`, database: stored.tenant.id };
    const cities = (await (await fetch(`${server.url}/api/municipio`, { headers })).json()) as Array<{ municipioId: number; nome: string }>;
    const id = cities.find((c) => c.nome === 'Florianópolis')!.municipioId;

    // Every chunk PUT the page sends, with the offset it starts at.
    const offsets: number[] = [];
    page.on('request', (request) => {
      const match = /\/api\/upload\/[^/?]+\?offset=(\d+)/.exec(request.url());
      if (match && request.method() === 'PUT') offsets.push(Number(match[1]));
    });

    await page.goto(`${base}/cidade/${id}/relatorio-administrativo/inserir`);
    const titulo = `Relatório com anexo grande ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Título', exact: true }).fill(titulo);
    await page.getByRole('textbox', { name: 'Horas', exact: true }).fill('2');
    await page.getByRole('textbox', { name: 'Descrição' }).click();
    await page.keyboard.type('Anexo grande enviado em partes.');
    await page
      .getByLabel('Adicionar anexos')
      .setInputFiles([{ name: 'grande.pdf', mimeType: 'application/pdf', buffer: bigPdf(FILE_BYTES) }]);
    await page.getByRole('button', { name: 'Salvar' }).click();

    // Some chunks in, the server dies without warning.
    await expect.poll(() => offsets.length, { timeout: 60_000, intervals: [20] }).toBeGreaterThanOrEqual(4);
    server.child.kill('SIGKILL');
    await new Promise<void>((resolve) => (server.child.exitCode !== null ? resolve() : server.child.once('exit', () => resolve())));
    const sentBeforeKill = offsets.length;
    const lastOffsetBeforeKill = Math.max(...offsets);

    server = await startServer({ dataDir, port: PORT });

    // The queue finds the server again by itself and finishes: the report exists once, with the whole file.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${server.url}/api/relatorioadministrativo/relatorioadministrativo/get-by-municipio/${id}`, {
            headers,
          });
          if (!response.ok) return -1;
          return ((await response.json()) as Array<{ titulo: string }>).filter((r) => r.titulo === titulo).length;
        },
        { timeout: 150_000, intervals: [1000] },
      )
      .toBe(1);

    // Resumed, not restarted: the first chunk after the restart did not start from zero, and far
    // fewer chunks were sent in all than a second full upload would need.
    const afterRestart = offsets.slice(sentBeforeKill);
    expect(afterRestart.length).toBeGreaterThan(0);
    expect(afterRestart[0]).toBeGreaterThan(0);
    expect(afterRestart[0]).toBeLessThanOrEqual(lastOffsetBeforeKill + 8 * 1024 * 1024);
    expect(offsets.length).toBeLessThan((2 * FILE_BYTES) / (1024 * 1024));
  } finally {
    await context.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
});
