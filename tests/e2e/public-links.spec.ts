import { cityId, expect, headers, session, signInAs, test } from './fixtures.ts';

/**
 * Public links (spec §2 "Public download and report routes", no login) name their own tenant: a
 * device that remembers another variant or state (`?variante=`, `?uf=`) still opens the link's.
 */
test('a public report link copied in one tenant opens there on a device that remembers another', async ({ page, browser }) => {
  // Santa Catarina, the default: no override, so nothing in the address names the tenant.
  await signInAs(page, 'admin@demo.local');
  const s = await session(page);
  const municipioId = await cityId(page.request, s, 'Florianópolis');
  const reports = await page.request.get(`/api/relatorio/get-by-municipio/${municipioId}`, { headers: headers(s) });
  const report = ((await reports.json()) as Array<{ relatorioId: number; titulo: string }>).find((r) => r.titulo)!;
  await page.goto(`/cidade/${municipioId}/relatorio/obter/${report.relatorioId}`);
  await page.getByRole('button', { name: 'Copiar link público' }).click();
  // The notification shows the copied address (copied or not, the clipboard depends on the browser's permission).
  const notice = page.getByText(/\/obter_publico\//);
  await expect(notice).toBeVisible();
  const link = (await notice.textContent())!.trim();
  expect(link).toMatch(/\/obter_publico\/[^?]+\?variante=cidade-empreendedora&uf=SC$/);

  // Another device chose Mato Grosso do Sul (another tenant) and remembers it.
  const other = await browser.newContext();
  const visitor = await other.newPage();
  await visitor.goto('/auth/login?uf=MS');
  expect(await visitor.evaluate(() => localStorage.getItem('ce:variante'))).toContain('"uf":"MS"');
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1, name: report.titulo })).toBeVisible();
  await expect(visitor.getByText(/Florianópolis \(SC\)/)).toBeVisible();
  await other.close();
});
