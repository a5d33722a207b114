import { cityId, expect, expectNoSeriousAxeViolations, headers, session, signInAs, test } from './fixtures.ts';

/**
 * Issue 34 item 4 end to end: the charts dashboard at 360 px and on a desktop with axe, a chart's
 * table showing the server's numbers, and the city's key numbers on its Geral tab.
 */

for (const width of [360, 1280]) {
  test(`the charts page at ${width} px: charts, their tables and axe`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, 'admin@demo.local');
    const s = await session(page);
    const answer = await page.request.post('/api/dashboard/dashboardadministrativo', { headers: headers(s), data: {} });
    expect(answer.status()).toBe(200);
    const numbers = (await answer.json()) as { selos: Record<string, number> };

    await page.goto('/dashboard-administrativo2');
    await expect(page).toHaveURL(/\/dashboard-administrativo2\/graficos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const seals = page.getByRole('region', { name: 'Selos dos municípios' });
    await expect(seals).toBeVisible();
    if (Object.values(numbers.selos).some((n) => n > 0)) {
      await seals.getByRole('button', { name: 'Ver tabela' }).click();
      const table = seals.getByRole('table', { name: 'Selos dos municípios' });
      await expect(table).toBeVisible();
      await expect(table.getByRole('row', { name: new RegExp(`^Ouro ${numbers.selos.ouro}$`) })).toBeVisible();
      await expect(table.getByRole('row', { name: new RegExp(`^Prata ${numbers.selos.prata}$`) })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Execução das tarefas por grupo de soluções' })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}

test('the mini dashboard shows on the Geral tab', async ({ page }) => {
  await signInAs(page, 'admin@demo.local');
  const id = await cityId(page.request, await session(page), 'Florianópolis');
  await page.goto(`/cidade/${id}/geral`);
  await expect(page.getByRole('progressbar', { name: 'Tarefas cumpridas' })).toBeVisible();
  await expect(page.getByText('Último relatório')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
