import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, expectNoSeriousAxeViolations, fillDate, headers, session, signInAs, test } from './fixtures.ts';

/**
 * Issue 34 items 2, 3, 5 and 7 end to end, against the real server: a manager finds the reports on
 * /exportar-relatorio, opens three of them, filters one by period and reads back its Excel export
 * (the rows the API gives for the same filters), sees report 40 refuse to run without filters, is
 * sent to /cidade for a report outside their group's list; the screens pass axe at 360 px.
 */

type Page = { total: number; linhas: Array<Record<string, string | number | null>> };

test('a manager opens three reports, filters by period, exports Excel and reads it back', async ({ page, request }) => {
  await signInAs(page, 'admin@demo.local');
  const s = await session(page);
  await page.goto('/exportar-relatorio');
  await expect(page.getByRole('heading', { level: 1, name: 'Exportar relatório' })).toBeVisible();
  const list = page.getByRole('region', { name: 'Relatórios administrativos' });

  // 1: the execution by municipality runs at once on its defaults.
  await list.getByRole('link', { name: 'Execução por município', exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard-administrativo2\/relatorio\/get-execucao$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Execução por município' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Execução por município' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByText(/^\d[\d.]* linhas? · página 1 de \d+$/)).toBeVisible();

  // 2: report 40 does not run without a filter, on the screen.
  await page.getByRole('link', { name: '← Relatórios administrativos' }).click();
  await list.getByRole('link', { name: 'Tarefas nos relatórios de campo', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Tarefas nos relatórios de campo' })).toBeVisible();
  await expect(page.getByText('Preencha pelo menos um filtro e clique em Pesquisar.')).toBeVisible();
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('Este relatório só pode ser gerado com pelo menos um filtro preenchido.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar Excel' })).toBeDisabled();

  // 3: the field reports of a period, filtered, then exported and read back.
  await page.getByRole('link', { name: '← Relatórios administrativos' }).click();
  await list.getByRole('link', { name: 'Relatórios de campo', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Relatórios de campo' })).toBeVisible();
  const filtros = { dataInicial: '2026-01-01', dataFim: '2026-12-31' };
  await fillDate(page, 'Data inicial', filtros.dataInicial);
  await fillDate(page, 'Data final', filtros.dataFim);
  await page.getByRole('button', { name: 'Pesquisar' }).click();

  const api = await request.post('/api/dashboard/relatorios-campo', {
    headers: headers(s),
    data: { filtros: { municipioId: [0], ...filtros }, pagina: 1, tamanhoPagina: 1000 },
  });
  expect(api.status()).toBe(200);
  const expected = (await api.json()) as Page;
  expect(expected.total).toBeGreaterThan(0);
  await expect(
    page.getByText(new RegExp(`^${expected.total.toLocaleString('pt-BR').replace('.', '\\.')} linhas? · página 1 de`)),
  ).toBeVisible();

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar Excel' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  expect(header).toEqual(expect.arrayContaining(['Relatório', 'Data', 'Município', 'Consultor', 'Situação', 'Horas']));
  const idColumn = header.indexOf('Relatório');
  const ids: number[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) ids.push(Number(row.getCell(idColumn).value));
  });
  // Typed cells: the report number is a number, and the rows are the API's for the same filters.
  expect(ids.toSorted((a, b) => a - b)).toEqual(expected.linhas.map((l) => Number(l.relatorioId)).toSorted((a, b) => a - b));

  await page.setViewportSize({ width: 360, height: 800 });
  await expectNoSeriousAxeViolations(page);
  await page.goto('/exportar-relatorio');
  await expect(list.getByRole('link').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});

test("a report outside the group's list sends the analyst to /cidade, and the API refuses it", async ({ page, request }) => {
  await signInAs(page, 'analista@demo.local');
  const s = await session(page);
  // The analyst's group lists reports 1, 2, 5, 10 and 40 (seed): report 3 is not among them.
  const listed = (await (await request.get('/api/dashboard/catalogo-relatorios', { headers: headers(s) })).json()) as Array<{
    id: number;
    route: string;
  }>;
  expect(listed.map((r) => r.id)).not.toContain(3);
  const refused = await request.post('/api/dashboard/get-selo-final', { headers: headers(s), data: { filtros: {} } });
  expect([403]).toContain(refused.status());

  await page.goto('/dashboard-administrativo2/relatorio/get-selo-final');
  await expect(page).toHaveURL(/\/cidade$/);
  await page.goto('/exportar-relatorio');
  const links = page.getByRole('region', { name: 'Relatórios administrativos' }).getByRole('link');
  await expect(links).toHaveCount(listed.length);
});
