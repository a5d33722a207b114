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
      // The chart is drawn at this width (recharts 3 drew nothing without a size), not only its table.
      await expect(seals.locator('.recharts-bar-rectangle').first()).toBeVisible();
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

test("drill-down: a manager filters the charts by UF, then opens the tasks behind an execution bar from the chart's table", async ({
  page,
}) => {
  await signInAs(page, 'admin@demo.local');
  const s = await session(page);
  const answer = await page.request.post('/api/dashboard/dashboardadministrativo', { headers: headers(s), data: { uf: 'SC' } });
  expect(answer.status()).toBe(200);
  const { execucao } = (await answer.json()) as {
    execucao: Array<{ grupoSolucaoId: number; nome: string; concluidas: number; emAndamento: number; atrasadas: number }>;
  };
  const bar = execucao.find((r) => r.concluidas + r.emAndamento + r.atrasadas > 0);
  expect(bar, 'the seed has tasks in SC').toBeTruthy();
  const total = bar!.concluidas + bar!.emAndamento + bar!.atrasadas;

  await page.goto('/dashboard-administrativo2/graficos');
  const filters = page.getByRole('form', { name: 'Filtros do dashboard' });
  await filters.getByLabel('UF', { exact: true }).selectOption('SC');
  await expect(filters.getByLabel('Unidade regional')).toBeVisible();
  await expect(filters.getByLabel('Projeto')).toBeVisible();
  await filters.getByRole('button', { name: 'Pesquisar' }).click();

  const chart = page.getByRole('region', { name: 'Execução das tarefas por grupo de soluções' });
  await chart.getByRole('button', { name: 'Ver tabela' }).click();
  const row = chart.getByRole('table').getByRole('row').filter({ hasText: bar!.nome });
  await expect(row).toContainText(`${bar!.concluidas.toLocaleString('pt-BR')}`);
  // By keyboard: the group's link in the table opens the tasks report with the bar's filters.
  const link = row.getByRole('link', { name: `Ver as tarefas de ${bar!.nome}` });
  // The table may show the same counts before the filtered answer: the link carries the filter once it has arrived.
  await expect(link).toHaveAttribute('href', /[?&]uf=SC(&|$)/);
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(
    new RegExp(`/dashboard-administrativo2/relatorio/get-execucao-por-tarefas\\?grupoSolucaoId=${bar!.grupoSolucaoId}&uf=SC$`),
  );
  await expect(page.getByRole('heading', { level: 1, name: 'Execução por tarefas' })).toBeVisible();
  // The report lists exactly the tasks behind the bar, and its form shows the filters applied.
  await expect(
    page.getByText(new RegExp(`^${total.toLocaleString('pt-BR').replace('.', '\\.')} linhas? · página 1 de \\d+$`)),
  ).toBeVisible();
  const form = page.getByRole('form', { name: 'Filtros do relatório Execução por tarefas' });
  await expect(form.getByText(bar!.nome, { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // Back returns to the charts as they were filtered (the filters live in the URL); a click on a bar drills down too.
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard-administrativo2\/graficos\?uf=SC$/);
  await expect(filters.getByLabel('UF', { exact: true })).toHaveValue('SC');
  await chart.locator('.recharts-bar-rectangle').first().click();
  await expect(page).toHaveURL(/\/relatorio\/get-execucao-por-tarefas\?grupoSolucaoId=\d+&uf=SC$/);
  const clicked = Number(new URL(page.url()).searchParams.get('grupoSolucaoId'));
  expect(execucao.map((r) => r.grupoSolucaoId)).toContain(clicked);
});

test('the charts filter by regional unit and project on the server', async ({ page }) => {
  await signInAs(page, 'admin@demo.local');
  const s = await session(page);
  // A project of this test's own, with no municipality yet: the project filter must bring the count to zero.
  const created = await page.request.post('/api/projeto', {
    headers: headers(s),
    data: { nome: `Projeto do dashboard ${Date.now()}`, descricao: 'Criado pelo teste dos filtros do dashboard.' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const projetoId = ((await created.json()) as { projetoId: number }).projetoId;
  const options = (await (await page.request.get('/api/dashboard/catalogo-relatorios/opcoes-filtros', { headers: headers(s) })).json()) as {
    regional: Array<{ value: number; label: string }>;
    projeto: Array<{ value: number; label: string }>;
  };
  const count = async (data: object) =>
    (
      (await (await page.request.post('/api/dashboard/dashboardadministrativo', { headers: headers(s), data })).json()) as {
        municipios: number;
      }
    ).municipios;
  const all = await count({});
  // An option that narrows the tenant's municipalities, so the screen's number proves the filter ran.
  async function narrowing(list: Array<{ value: number }>, key: 'projetoId' | 'unidadeRegionalId') {
    for (const option of list) {
      const n = await count({ [key]: option.value });
      if (n < all) return { value: option.value, expected: n };
    }
    throw new Error(`the seed has no ${key} narrower than the tenant`);
  }

  await page.goto('/dashboard-administrativo2/graficos');
  const filters = page.getByRole('form', { name: 'Filtros do dashboard' });
  const totals = page.getByRole('list', { name: 'Totais' });
  for (const [label, key, list] of [
    ['Projeto', 'projetoId', options.projeto.filter((o) => o.value === projetoId)],
    ['Unidade regional', 'unidadeRegionalId', options.regional],
  ] as const) {
    const { value, expected } = await narrowing(list, key);
    await filters.getByRole('button', { name: 'Limpar filtros' }).click();
    await filters.getByLabel(label, { exact: true }).selectOption(String(value));
    await filters.getByRole('button', { name: 'Pesquisar' }).click();
    await expect(totals.getByRole('listitem').filter({ hasText: 'Municípios' })).toHaveText(
      `Municípios${expected.toLocaleString('pt-BR')}`,
    );
  }
});
