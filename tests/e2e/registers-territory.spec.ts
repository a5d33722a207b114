import { expect, expectNoSeriousAxeViolations, headers, newUserWithPassword, session, signInAs, test } from './fixtures.ts';

/**
 * Issue 17, the institutions and territory registers: the full admin creates, edits and deletes an
 * institution from /instituicao; a manager without verTodasInstituicao sees only the institutions of
 * their municipalities; each screen of the family passes axe at 360 px.
 */

test('the full admin creates, edits and deletes an institution', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Instituto E2E ${Date.now().toString(36)}`;
  await signInAs(page, 'admin@demo.local');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Gestão' }).click();
  await page.getByRole('menu', { name: 'Gestão' }).getByRole('group', { name: 'Gestão de Cadastros' }).getByRole('menuitem', { name: 'Instituição' }).click();
  await expect(page).toHaveURL(/\/instituicao$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Instituições' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Instituições' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  await page.getByRole('button', { name: 'Cadastrar instituição' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar instituição' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('O nome é obrigatório')).toBeVisible();
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByLabel('Sigla').fill('IE2E');
  await dialog.getByRole('combobox', { name: 'Municípios' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Lages' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Chapecó' }).click();
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Instituição cadastrada com sucesso').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  await page.getByLabel('Pesquisar').fill(name.toLowerCase());
  const row = table.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Chapecó, Lages');

  await page.getByRole('button', { name: `Editar instituição ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar instituição' });
  await expect(edit.getByLabel('Nome')).toHaveValue(name);
  await edit.getByLabel('Nome').fill(`${name} editado`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Instituição atualizada com sucesso').first()).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`${name} editado`) })).toBeVisible();

  await page.getByRole('button', { name: `Excluir instituição ${name} editado` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Instituição excluída com sucesso').first()).toBeVisible();
  await expect(table.getByText('Nenhuma Instituição retornada')).toBeVisible();
});

test('a manager without verTodasInstituicao sees only the institutions of their municipalities', async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, 'admin@demo.local');
  const admin = await session(page);
  const cities = (await (await page.request.get('/api/municipio/get-nomes', { headers: headers(admin) })).json()) as Array<{ municipioId: number; nome: string }>;
  const lages = cities.find((c) => c.nome === 'Lages')!.municipioId;
  // A group with the institutions screen and without verTodasInstituicao nor visualizaMunicipio, and a user of Lages in it.
  const group = await page.request.post('/api/usuario/grupo', {
    headers: headers(admin),
    data: { nome: `Gestão de Instituições ${Date.now().toString(36)}`, menuGestao: true, menuGestaoCadastros: true, menuInstituicao: true, verTodasInstituicao: false, visualizaMunicipio: false },
  });
  expect(group.status(), await group.text()).toBe(201);
  const { grupoId } = (await group.json()) as { grupoId: number };
  const user = await newUserWithPassword(page.request);
  const users = (await (await page.request.get(`/api/usuario?nome=${encodeURIComponent(user.nome)}`, { headers: headers(admin) })).json()) as Array<{ usuarioId: number; email: string }>;
  const usuarioId = users.find((u) => u.email === user.email)!.usuarioId;
  const updated = await page.request.put('/api/usuario', {
    headers: headers(admin),
    data: { usuarioId, nome: user.nome, email: user.email, telefone: '48999990000', habilitado: true, grupoId, permissoes: [{ municipioId: lages, permissao: 'Analista' }] },
  });
  expect(updated.status(), await updated.text()).toBe(200);

  await signInAs(page, user.email);
  await page.goto('/instituicao');
  const table = page.getByRole('table', { name: 'Instituições' });
  await expect(table.getByRole('row', { name: /Sebrae\/SC/ })).toBeVisible();
  // Every row is linked to Lages; the city halls of other municipalities are not listed.
  const rows = table.getByRole('row');
  const count = await rows.count();
  for (let i = 1; i < count; i++) await expect(rows.nth(i)).toContainText('Lages');
  await expect(table.getByRole('row', { name: /Prefeitura Municipal de Florianópolis/ })).toHaveCount(0);
  await signInAs(page, 'admin@demo.local');
  await page.goto('/instituicao');
  await expect(table.getByRole('row', { name: /Prefeitura Municipal de Florianópolis/ })).toBeVisible();
});

for (const screen of [
  { path: '/instituicao', title: 'Instituições' },
  { path: '/ur', title: 'Unidades Regionais' },
  { path: '/categorias', title: 'Categorias' },
  { path: '/contratos', title: 'Contratos' },
  { path: '/municipio-escola', title: 'Escolas' },
  { path: '/cargos-funcoes', title: 'Cargos e funções' },
  { path: '/atores', title: 'Atores locais' },
])
  test(`${screen.path} at 360 px lists its rows and has no serious axe violations`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAs(page, 'admin@demo.local');
    await page.goto(screen.path);
    await expect(page.getByRole('heading', { level: 1, name: screen.title })).toBeVisible();
    await expect(page.getByText(/[1-9]\d* de \d+ registros/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });

test('/ur: the state’s units, a unit’s municipalities, the server’s xlsx; a consultant cannot open it', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Regional E2E ${Date.now().toString(36)}`;
  await signInAs(page, 'admin@demo.local');
  await page.goto('/ur');
  const table = page.getByRole('table', { name: 'Unidades Regionais' });
  await expect(table.getByRole('row', { name: /Regional Oeste/ })).toContainText('Chapecó');
  await expect(page.getByRole('combobox', { name: 'UF' })).toContainText('SC');

  await page.getByRole('button', { name: 'Cadastrar unidade regional' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar unidade regional' });
  await dialog.getByLabel('Nome da região').fill(name);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Unidade regional cadastrada com sucesso').first()).toBeVisible();

  await page.getByRole('button', { name: `Municípios da ${name}` }).click();
  const municipalities = page.getByRole('dialog', { name: 'Editar lista de municípios' });
  await municipalities.getByRole('combobox', { name: 'Municípios (SC)' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Criciúma' }).click();
  await page.keyboard.press('Escape');
  await municipalities.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Lista de municípios atualizada com sucesso').first()).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(name) })).toContainText('Criciúma');
  await expect(table.getByRole('row', { name: /Regional Serra e Sul/ })).not.toContainText('Criciúma');

  // Still holding a municipality, the unit is not deleted: the server says why.
  await page.getByRole('button', { name: `Excluir unidade regional ${name}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Não é possível excluir a unidade regional: há municípios vinculados a ela.').first()).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar', exact: true }).click();
  expect((await download).suggestedFilename()).toBe('Unidades Regionais SC.xlsx');

  // Put Criciúma back where it was, so the demo data stays as seeded.
  await page.getByRole('button', { name: 'Municípios da Regional Serra e Sul' }).click();
  const back = page.getByRole('dialog', { name: 'Editar lista de municípios' });
  await back.getByRole('combobox', { name: 'Municípios (SC)' }).click();
  await page.getByRole('listbox').getByRole('option', { name: 'Criciúma' }).click();
  await page.keyboard.press('Escape');
  await back.getByRole('button', { name: 'Salvar' }).click();
  await expect(table.getByRole('row', { name: /Regional Serra e Sul/ })).toContainText('Criciúma');

  await signInAs(page, 'condutor@demo.local');
  await page.goto('/ur');
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
});

test('/contratos: a contract is inactivated and activated again from its row', async ({ page }) => {
  await signInAs(page, 'admin@demo.local');
  await page.goto('/contratos');
  const table = page.getByRole('table', { name: 'Contratos' });
  const row = table.getByRole('row', { name: /SC-2025\/001/ });
  await expect(row).toContainText('Ativo');
  await expect(row).toContainText('01/03/2025');
  await page.getByRole('button', { name: 'Inativar o contrato SC-2025/001' }).click();
  await expect(page.getByText('Contrato inativado com sucesso').first()).toBeVisible();
  await expect(row).toContainText('Inativo');
  await page.getByRole('button', { name: 'Ativar o contrato SC-2025/001' }).click();
  await expect(page.getByText('Contrato ativado com sucesso').first()).toBeVisible();
  await expect(row).toContainText('Ativo');
});
