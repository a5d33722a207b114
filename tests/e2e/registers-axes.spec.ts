import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, headers, session, signInAs, test } from './fixtures.ts';

/**
 * Issue 17, the axes family of registers: /eixos (and /eixo), /eixosGrupo, /municipioEixo,
 * /municipioTemasHabilitados and /tipoSolucao. What a test changes in the shared demo data it puts back.
 */

async function openCadastro(page: Page, item: string) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Gestão' }).click();
  await page.getByRole('menu', { name: 'Gestão' }).getByRole('group', { name: 'Gestão de Cadastros' }).getByRole('menuitem', { name: item }).click();
}

test('the full admin creates, edits and deletes an axis on /eixos', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Eixo E2E ${Date.now().toString(36)}`;
  await signInAs(page, 'admin@demo.local');
  await openCadastro(page, 'Eixos');
  await expect(page).toHaveURL(/\/eixos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Eixos' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Eixos' });
  await expect(table.getByRole('row', { name: /Turismo/ })).toBeVisible();

  await page.getByRole('button', { name: 'Cadastrar eixo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar eixo' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('O nome é obrigatório')).toBeVisible();
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Descrição').fill('Cultura, design e audiovisual como negócio local');
  await dialog.getByRole('combobox', { name: 'Projeto' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Eixo cadastrado com sucesso').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Pesquisar').fill(name.toLowerCase());
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  // Spec §9: the description is cut at 20 characters.
  await expect(row.getByText('Cultura, design e au…')).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Não', exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Editar eixo ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar eixo' });
  await expect(edit.getByLabel('Nome')).toHaveValue(name);
  await edit.getByText('Nacional').click();
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Eixo atualizado com sucesso').first()).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Sim', exact: true })).toBeVisible();

  await page.getByRole('button', { name: `Excluir eixo ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Eixo excluído com sucesso').first()).toBeVisible();
  await expect(table.getByText('Nenhum Eixo retornado')).toBeVisible();

  // An axis that themes use is refused with the server's reason.
  await page.getByLabel('Pesquisar').fill('Turismo');
  await page.getByRole('button', { name: 'Excluir eixo Turismo' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Não é possível excluir o eixo: há registros que o usam.').first()).toBeVisible();
});

test('a group takes at most 5 axes: with 5 chosen, the sixth is disabled', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin@demo.local');
  const s = await session(page);
  // The demo has four axes: two more for the test, removed at the end.
  const stamp = Date.now().toString(36);
  const extra: number[] = [];
  for (const nome of [`Eixo A ${stamp}`, `Eixo B ${stamp}`]) {
    const created = await page.request.post('/api/projeto/Eixo', { headers: headers(s), data: { nome } });
    expect(created.status()).toBe(201);
    extra.push(((await created.json()) as { eixoId: number }).eixoId);
  }
  const groupName = `Grupo E2E ${stamp}`;
  try {
    // The groups have no menu entry: /eixos links to them.
    await page.goto('/eixos');
    await page.getByRole('link', { name: 'Grupos de Eixos' }).click();
    await expect(page).toHaveURL(/\/eixosGrupo$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Grupos de Eixos' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Grupos de Eixos' });
    // The seeded group shows one axis, then how many more.
    await expect(table.getByRole('row', { name: /Desenvolvimento local/ }).getByText('Empreendedorismo na Escola (+1 eixo)')).toBeVisible();

    await page.getByRole('button', { name: 'Cadastrar grupo de eixos' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar grupo de eixos' });
    await dialog.getByLabel('Nome').fill(groupName);
    const combo = dialog.getByRole('combobox', { name: 'Eixos' });
    await combo.click();
    const options = page.getByRole('listbox').getByRole('option');
    await expect(options).toHaveCount(6);
    for (let i = 0; i < 5; i++) {
      if (!(await page.getByRole('listbox').isVisible())) await combo.click();
      await options.nth(i).click();
    }
    if (!(await page.getByRole('listbox').isVisible())) await combo.click();
    await expect(options.nth(5)).toBeDisabled();
    await expect(options.nth(0)).toBeEnabled();
    await page.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Grupo de eixos cadastrado com sucesso').first()).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(groupName) }).getByText(/\(\+4 eixos\)/)).toBeVisible();
  } finally {
    const groups = (await (await page.request.get('/api/eixosgrupos', { headers: headers(s) })).json()) as Array<{ eixosGrupoId: number; nome: string }>;
    const mine = groups.find((g) => g.nome === groupName);
    if (mine) await page.request.delete(`/api/eixosgrupos/${mine.eixosGrupoId}`, { headers: headers(s) });
    for (const id of extra) await page.request.delete(`/api/projeto/Eixo/${id}`, { headers: headers(s) });
  }
});

test('a municipality’s axes are saved at once and read back', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin@demo.local');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Gestão' }).click();
  await page
    .getByRole('menu', { name: 'Gestão' })
    .getByRole('group', { name: 'Gestão de Municípios' })
    .getByRole('menuitem', { name: 'Municípios Eixos' })
    .click();
  await expect(page).toHaveURL(/\/municipioEixo$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Municípios Eixos' })).toBeVisible();

  const choose = async (nome: string) => {
    await page.getByRole('combobox', { name: 'Município', exact: true }).click();
    await page.getByRole('listbox').getByRole('option', { name: nome, exact: true }).click();
  };
  await choose('Blumenau');
  const table = page.getByRole('table', { name: 'Municípios Eixos' });
  // National axes always apply: checked and not editable.
  await expect(table.getByRole('checkbox', { name: 'Ambiente de Negócios' })).toBeChecked();
  await expect(table.getByRole('checkbox', { name: 'Ambiente de Negócios' })).toBeDisabled();
  const tourism = table.getByRole('checkbox', { name: 'Turismo' });
  await expect(tourism).not.toBeChecked();
  await tourism.check({ force: true });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Eixos do município salvos com sucesso').first()).toBeVisible();

  // Read again from the server: a fresh visit shows what was saved.
  await page.reload();
  await choose('Blumenau');
  await expect(table.getByRole('checkbox', { name: 'Turismo' })).toBeChecked();
  await table.getByRole('checkbox', { name: 'Turismo' }).uncheck({ force: true });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Eixos do município salvos com sucesso').first()).toBeVisible();
  await page.reload();
  await choose('Blumenau');
  await expect(table.getByRole('checkbox', { name: 'Turismo' })).not.toBeChecked();
});

test('each screen of the axes family at 360 px has no serious axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAs(page, 'admin@demo.local');
  for (const [path, heading] of [
    ['/eixos', 'Eixos'],
    ['/eixo', 'Eixos'],
    ['/eixosGrupo', 'Grupos de Eixos'],
    ['/tipoSolucao', 'Tipo Solução'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByText(/\d+ de \d+ registros/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
  for (const [path, heading, item] of [
    ['/municipioEixo', 'Municípios Eixos', 'Turismo'],
    ['/municipioTemasHabilitados', 'Municípios Temas', 'Sala do Empreendedor'],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await page.getByRole('combobox', { name: 'Município', exact: true }).click();
    await page.getByRole('listbox').getByRole('option', { name: 'Florianópolis', exact: true }).click();
    await expect(page.getByRole('checkbox', { name: item })).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  }
});

test('the solution types: the list shows the seeded ones; a type solutions use is not deleted', async ({ page }) => {
  await signInAs(page, 'admin@demo.local');
  await page.goto('/tipoSolucao');
  const table = page.getByRole('table', { name: 'Tipo Solução' });
  await expect(table.getByRole('row', { name: /Consultoria/ })).toBeVisible();
  await page.getByRole('button', { name: 'Excluir tipo de solução Consultoria' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Não é possível excluir o tipo de solução: há registros que o usam.').first()).toBeVisible();
});

test('the Sala variant calls the axes Pilares', async ({ page }) => {
  await signInAs(page, 'admin@demo.local', '?variante=sala');
  await page.goto('/eixos');
  await expect(page.getByRole('heading', { level: 1, name: 'Pilares' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cadastrar pilar' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Nome' })).toBeVisible();
});

test('a consultant cannot open the axes screens', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  for (const path of ['/eixos', '/eixosGrupo', '/municipioEixo']) {
    await page.goto(path);
    await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  }
});
