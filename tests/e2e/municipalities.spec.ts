import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, makeAvailableOffline, signInAs, test, userMenuItem } from './fixtures.ts';

/** Every city header tab label of the default mode (spec §2 "City header tabs"). */
const ALL_TABS = [
  'Geral',
  'Acompanhamento',
  'Evidências',
  'Termo de Referência',
  'Grupos',
  'Calendário',
  'Eventos em Lote',
  'Relatórios',
  'Relatórios Administrativos',
  'Proposta',
  'Andamento',
  'Cliente Oculto',
  'Sala do Empreendedor',
];

/** The tabs a consultant sees by the seed's flags (server/seed/data.ts USER_GROUPS); Eventos em Lote is on too but shows only in SC1, to specialists. */
const CONSULTOR_TABS = [
  'Geral',
  'Acompanhamento',
  'Evidências',
  'Termo de Referência',
  'Grupos',
  'Calendário',
  'Relatórios',
  'Relatórios Administrativos',
  'Proposta',
  'Andamento',
];
const MEMBRO_TABS = ['Geral', 'Acompanhamento', 'Evidências', 'Grupos'];

/** The id of a city the signed-in user sees, asked with the session the app stored. */
async function cityId(page: Page, nome: string): Promise<number> {
  const id = await page.evaluate(async (wanted) => {
    const session = JSON.parse(localStorage.getItem('ce:session') ?? 'null') as { token: string; tenant: { id: string } } | null;
    if (!session) return null;
    const response = await fetch('/api/municipio', { headers: { authorization: `Bearer ${session.token}`, database: session.tenant.id } });
    const cities = (await response.json()) as Array<{ municipioId: number; nome: string }>;
    return cities.find((c) => c.nome === wanted)?.municipioId ?? null;
  }, nome);
  if (id === null) throw new Error(`${nome} is not among the signed-in user's cities`);
  return id;
}

function cityTabs(page: Page) {
  return page.getByRole('navigation', { name: 'Seções do município' });
}

/**
 * Tabs the group allows show only once their screen exists, so the check is: every tab shown is
 * allowed, the ones built here (Geral, Grupos) are shown, and none of the forbidden ones is.
 */
async function expectTabs(page: Page, allowed: string[]) {
  const nav = cityTabs(page);
  await expect(nav.getByRole('link', { name: 'Geral', exact: true })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Grupos', exact: true })).toBeVisible();
  const shown = await nav.getByRole('link').allInnerTexts();
  expect(shown.every((label) => allowed.includes(label.trim()))).toBe(true);
  for (const label of ALL_TABS.filter((tab) => !allowed.includes(tab))) {
    await expect(nav.getByRole('link', { name: label, exact: true })).toHaveCount(0);
  }
}

/** A unique mobile number per run, so reruns against the same database do not collide. */
function uniquePhoneDigits(): string {
  return `489${String(Date.now()).slice(-8)}`;
}

/** The smallest valid PNG (1×1): the server checks the real type from the file's first bytes. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('a consultant opens a city on its general tab, with the tabs and points their group allows', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  const id = await cityId(page, 'Florianópolis');

  await page.goto(`/cidade/${id}`);
  await expect(page).toHaveURL(new RegExp(`/cidade/${id}/geral$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Florianópolis' })).toBeVisible();
  const breadcrumb = page.getByRole('navigation', { name: 'Trilha de navegação' });
  await expect(breadcrumb.getByRole('link', { name: 'Início' })).toHaveAttribute('href', '/cidade');
  await expect(breadcrumb.getByRole('link', { name: 'Municípios' })).toHaveAttribute('href', '/cidade');

  await expectTabs(page, CONSULTOR_TABS);
  await expect(cityTabs(page).getByRole('link', { name: 'Geral' })).toHaveAttribute('aria-current', 'page');

  // Florianópolis is vigente and the Consultor group keeps visualizarPontosMedalha (a default flag).
  await expect(page.getByText('Vigente', { exact: true }).first()).toBeVisible();
  // In the general data (the mini dashboard below repeats the points since issue 34).
  const general = page.getByRole('region', { name: 'Dados gerais' });
  await expect(general.getByText('Pontos', { exact: true })).toBeVisible();
  await expect(general.getByText('320', { exact: true })).toBeVisible();
  await expect(general.getByText('Medalha', { exact: true })).toBeVisible();
  await expect(general.getByText('Ouro', { exact: true })).toBeVisible();
  // The mini dashboard.
  await expect(page.getByRole('heading', { name: 'Indicadores' })).toBeVisible();
  await expect(page.getByText('Perguntas respondidas')).toBeVisible();

  await cityTabs(page).getByRole('link', { name: 'Grupos' }).click();
  await expect(page).toHaveURL(new RegExp(`/cidade/${id}/grupo$`));
  await expect(cityTabs(page).getByRole('link', { name: 'Grupos' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('link', { name: 'Comitê Gestor' })).toBeVisible();
});

test('points and medals stay hidden in a city that is not vigente', async ({ page }) => {
  // Operações sees every city; Blumenau is still in negotiation.
  await signInAs(page, 'operacoes@demo.local');
  const id = await cityId(page, 'Blumenau');
  await page.goto(`/cidade/${id}/geral`);
  await expect(page.getByRole('heading', { level: 1, name: 'Blumenau' })).toBeVisible();
  await expect(page.getByText('Negociação', { exact: true })).toBeVisible();
  await expect(page.getByText('Não', { exact: true })).toBeVisible();
  await expect(page.getByText('Pontos', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Medalha', { exact: true })).toHaveCount(0);
});

test('with the server out of reach the city list shows the municipalities this device holds; an answered failure says so', async ({
  page,
}) => {
  await signInAs(page, 'condutor@demo.local');
  const table = page.getByRole('table', { name: 'Municípios' });
  const count = page.getByText(/^\d+ municípios?$/);
  await expect(count).toHaveText(/^([2-9]|\d{2,}) municípios$/);
  const everyCity = await count.innerText();
  // A city made available offline is on the device; the others are not.
  await makeAvailableOffline(page, await cityId(page, 'Joinville'), 'Joinville');

  await page.route('**/api/municipio', (route) => route.abort('connectionrefused'));
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Início' }).click();
  await expect(page.getByText('Não foi possível atualizar; mostrando os dados deste aparelho.')).toBeVisible();
  await expect(count).toHaveText('1 município');
  await expect(table.getByRole('link', { name: 'Joinville' })).toBeVisible();
  await expect(page.getByText('Erro ao obter municípios')).toHaveCount(0);

  // The server answers, with an error: the list says so, and the §8 message shows.
  await page.unroute('**/api/municipio');
  await page.route('**/api/municipio', (route) => route.fulfill({ status: 500, json: { message: 'Erro interno' } }));
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByText('Não foi possível carregar a lista.')).toBeVisible();
  await expect(page.getByText('Erro ao obter municípios')).toBeVisible();

  await page.unroute('**/api/municipio');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(count).toHaveText(everyCity);
  await expect(page.getByText(/mostrando os dados deste aparelho/)).toHaveCount(0);
});

test('a city the user cannot see is reported and leads back to the list', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  await page.goto('/cidade/999999');
  await expect(page).toHaveURL(/\/cidade$/);
  await expect(page.getByText('Município não encontrado.')).toBeVisible();
});

test('the member dialog enforces the member rules, saves a member and refuses a repeated phone', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  const id = await cityId(page, 'Florianópolis');
  await page.goto(`/cidade/${id}/grupo`);
  await page.getByRole('link', { name: 'Comitê Gestor' }).click();
  await expect(page).toHaveURL(new RegExp(`/cidade/${id}/grupo/\\d+$`));
  await expect(page.getByRole('heading', { name: 'Comitê Gestor' })).toBeVisible();

  const suffix = String(Date.now()).slice(-6);
  const nome = `Membro E2E ${suffix}`;
  const phoneDigits = uniquePhoneDigits();

  await page.getByRole('button', { name: 'Novo membro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo membro' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nome', { exact: true })).toBeFocused();

  // Every required field empty: each §5 message under its field (the city is in SC, so e-mail is required).
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('O nome é obrigatório')).toBeVisible();
  await expect(dialog.getByText('O e-mail é obrigatório')).toBeVisible();
  await expect(dialog.getByText('O telefone é obrigatório')).toBeVisible();
  await expect(dialog.getByLabel('Nome', { exact: true })).toBeFocused();

  // Fixing one rule at a time clears only its message.
  await dialog.getByLabel('Nome', { exact: true }).fill(nome);
  await expect(dialog.getByText('O nome é obrigatório')).toHaveCount(0);
  await expect(dialog.getByText('O e-mail é obrigatório')).toBeVisible();
  await dialog.getByLabel('E-mail').fill(`membro.${suffix}@exemplo.com.br`);
  await expect(dialog.getByText('O e-mail é obrigatório')).toHaveCount(0);
  await expect(dialog.getByText('O telefone é obrigatório')).toBeVisible();
  await dialog.getByLabel('Telefone').fill(phoneDigits);
  await expect(dialog.getByLabel('Telefone')).toHaveValue(`(48) 9${phoneDigits.slice(3, 7)}-${phoneDigits.slice(7)}`);
  await expect(dialog.getByText('O telefone é obrigatório')).toHaveCount(0);

  // A photo over 150000 bytes is refused as soon as it is chosen.
  const photo = dialog.getByLabel('Escolher foto');
  await photo.setInputFiles({ name: 'grande.png', mimeType: 'image/png', buffer: Buffer.concat([TINY_PNG, Buffer.alloc(150_001)]) });
  await expect(dialog.getByText('Foto maior que 150kb')).toBeVisible();
  await photo.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(dialog.getByText('Foto maior que 150kb')).toHaveCount(0);
  await expect(dialog.getByRole('img', { name: 'Pré-visualização de foto.png' })).toBeVisible();

  // Spec §5: a CPF failing its check digits is only a hint.
  await dialog.getByLabel('CPF (opcional)').fill('11122233344');
  await expect(dialog.getByLabel('CPF (opcional)')).toHaveValue('111.222.333-44');
  await expect(dialog.getByText('CPF inválido', { exact: true })).toBeVisible();
  await dialog.getByLabel('Cargo (opcional)').fill('Assessora');
  await dialog.getByText('Líder do grupo').click();
  await expect(dialog.getByRole('checkbox', { name: 'Líder do grupo' })).toBeChecked();

  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Membro cadastrado com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`(48) 9${phoneDigits.slice(3, 7)}-${phoneDigits.slice(7)}`);
  await expect(row).toContainText('Assessora');
  await expect(row.getByRole('cell', { name: 'Sim', exact: true })).toBeVisible();

  // The same phone again: spec §8's message, and the dialog stays open with what was typed.
  await page.getByRole('button', { name: 'Novo membro' }).click();
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Nome', { exact: true }).fill(`Outro ${nome}`);
  await dialog.getByLabel('E-mail').fill(`outro.${suffix}@exemplo.com.br`);
  await dialog.getByLabel('Telefone').fill(phoneDigits);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O telefone já cadastrado').first()).toBeVisible();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Nome', { exact: true })).toHaveValue(`Outro ${nome}`);
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();

  // Editing opens with the saved data, leader choice included.
  await row.getByRole('button', { name: `Editar membro ${nome}` }).click();
  const editDialog = page.getByRole('dialog', { name: 'Editar membro' });
  await expect(editDialog.getByLabel('Nome', { exact: true })).toHaveValue(nome);
  await expect(editDialog.getByLabel('CPF (opcional)')).toHaveValue('111.222.333-44');
  await expect(editDialog.getByRole('checkbox', { name: 'Líder do grupo' })).toBeChecked();
  await editDialog.getByLabel('Cargo (opcional)').fill('Coordenadora');
  await editDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Membro atualizado com sucesso')).toBeVisible();
  await expect(editDialog).toBeHidden();
  await expect(row).toContainText('Coordenadora');

  // Deleting asks first (Sim/Não).
  await row.getByRole('button', { name: `Excluir membro ${nome}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir membro' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Membro excluído com sucesso')).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(0);
});

test('a group with members cannot be deleted; a new empty one can', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  const id = await cityId(page, 'Joinville');
  await page.goto(`/cidade/${id}/grupo`);
  await expect(page.getByRole('heading', { level: 2, name: 'Grupos' })).toBeVisible();

  const nome = `Grupo E2E ${String(Date.now()).slice(-6)}`;
  await page.getByRole('button', { name: 'Novo grupo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo grupo' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Informe o nome do grupo')).toBeVisible();
  await dialog.getByLabel('Nome do grupo').fill(nome);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row.getByRole('cell', { name: '0', exact: true })).toBeVisible();

  const seeded = page.getByRole('row').filter({ hasText: 'Comitê Gestor' });
  await seeded.getByRole('button', { name: 'Excluir grupo Comitê Gestor' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Não é possível excluir: o grupo possui membros.')).toBeVisible();
  await expect(seeded).toBeVisible();

  await row.getByRole('button', { name: `Excluir grupo ${nome}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(0);
});

test('a municipality member sees only the tabs of their group', async ({ page }) => {
  await signInAs(page, 'membro@demo.local');
  const id = await cityId(page, 'Florianópolis');
  await page.goto(`/cidade/${id}`);
  await expect(page).toHaveURL(new RegExp(`/cidade/${id}/geral$`));
  await expectTabs(page, MEMBRO_TABS);
  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('axe: no serious or critical violations in the city area at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAs(page, 'condutor@demo.local');
  const id = await cityId(page, 'Florianópolis');
  await page.goto(`/cidade/${id}/geral`);
  await expect(page.getByText('Perguntas respondidas')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.goto(`/cidade/${id}/grupo`);
  await expect(page.getByRole('link', { name: 'Comitê Gestor' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('link', { name: 'Comitê Gestor' }).click();
  // On a phone the members table is a list of cards, one per member.
  await expect(
    page
      .getByRole('list', { name: /^Membros do grupo/ })
      .getByRole('listitem')
      .first(),
  ).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // The wide table scrolls inside its own box; the page itself never scrolls sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.getByRole('button', { name: 'Novo membro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo membro' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('O nome é obrigatório')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
});
