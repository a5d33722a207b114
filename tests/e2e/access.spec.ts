import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, PASSWORD, signIn, test, userMenuItem } from './fixtures.ts';

const NO_PERMISSION = 'Você não tem permissão para acessar esta página.';

/** Opens a drop-down of the desktop top menu and returns its menu items. */
async function openTopMenu(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name }).click();
  return page.getByRole('menu');
}

/** Types into the flag filter, which opens the areas holding the matches, and returns the switch. */
async function findFlag(page: Page, label: string) {
  await page.getByLabel('Filtrar permissões').fill(label);
  return page.getByRole('switch', { name: label, exact: true });
}

/**
 * Toggles a switch or checkbox from the keyboard, as a keyboard user would: the native input is
 * visually hidden behind its drawn control, which a pointer click on the input itself would hit.
 */
async function pressSpaceOn(page: Page, control: Locator) {
  await control.focus();
  await page.keyboard.press('Space');
}

/**
 * The `database` header the app sends, read from a real request, so the clean-up below talks to
 * the same tenant whatever variant localhost resolves to.
 */
async function signInCapturingTenant(page: Page, login: string): Promise<string> {
  const request = page.waitForRequest((r) => r.url().includes('/api/usuario/login'));
  await signIn(page, login);
  return (await (await request).allHeaders())['database'];
}

/** Puts the global Grupos menu back on through the API, so a failed run does not leak into other tests. */
async function restoreMenuGrupos(request: APIRequestContext, database: string) {
  const login = await request.post('/api/usuario/login', { headers: { database }, data: { login: 'admin@demo.local', senha: PASSWORD } });
  const { token } = (await login.json()) as { token: string };
  const res = await request.put('/api/configuracao', {
    headers: { database, branch: 'hlg', Authorization: `Bearer ${token}` },
    data: { menuGrupos: true },
  });
  expect(res.ok()).toBe(true);
}

test.describe('desktop', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  /** Set by the test that switches the menu off; the hook still runs when that test fails or times out. */
  let tenantToRestore: string | null = null;
  test.afterEach(async ({ request }) => {
    if (tenantToRestore) await restoreMenuGrupos(request, tenantToRestore);
    tenantToRestore = null;
  });

  test('the full admin creates a group with the catalogue defaults, changes a flag and finds it saved; a group with users is not deleted', async ({
    page,
  }) => {
    await page.goto('/auth/login');
    await signIn(page, 'admin@demo.local');
    await expect(page).toHaveURL(/\/cidade$/);

    const menu = await openTopMenu(page, 'Administração');
    await menu.getByRole('menuitem', { name: 'Grupos' }).click();
    await expect(page).toHaveURL(/\/groups$/);
    await expect(page.getByRole('heading', { name: 'Grupos', level: 1 })).toBeVisible();
    const table = page.getByRole('table', { name: 'Grupos' });
    await expect(table.getByRole('row', { name: /Consultor/ })).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    await page.getByRole('link', { name: 'Novo grupo' }).click();
    await expect(page).toHaveURL(/\/groups\/add$/);
    const name = `Grupo E2E ${Date.now()}`;
    await page.getByLabel('Nome').fill(name);

    // Spec §3 defaults: visualizarLogo starts on, novoRelatorio off.
    await expect(await findFlag(page, 'Visualizar logo')).toBeChecked();
    const novoRelatorio = await findFlag(page, 'Novo relatório');
    await expect(novoRelatorio).not.toBeChecked();
    await pressSpaceOn(page, novoRelatorio);
    await expect(novoRelatorio).toBeChecked();

    // "Desmarcar todos" of an area turns off every flag of it.
    await page.getByLabel('Filtrar permissões').fill('');
    await page.getByRole('button', { name: /^Dashboard/ }).click();
    await page.getByRole('button', { name: 'Desmarcar todos em Dashboard' }).click();
    await expect(page.getByRole('switch', { name: 'Exibir filtro' })).not.toBeChecked();
    await expectNoSeriousAxeViolations(page);

    await pressSpaceOn(page, page.getByRole('checkbox', { name: 'Relatório 7', exact: true }));
    await expect(page.getByRole('checkbox', { name: 'Relatório 7', exact: true })).toBeChecked();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Grupo salvo com sucesso').first()).toBeVisible();
    await expect(page).toHaveURL(/\/groups$/);

    const row = table.getByRole('row', { name: new RegExp(name) });
    await expect(row).toBeVisible();
    await row.getByRole('link', { name: `Editar grupo ${name}` }).click();
    await expect(page).toHaveURL(/\/groups\/edit\/\d+$/);
    await expect(page.getByLabel('Nome')).toHaveValue(name);
    await expect(await findFlag(page, 'Novo relatório')).toBeChecked();
    await expect(await findFlag(page, 'Visualizar logo')).toBeChecked();
    await expect(await findFlag(page, 'Exibir filtro')).not.toBeChecked();
    await expect(await findFlag(page, 'Ver evolução do município')).not.toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Relatório 7', exact: true })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: 'Relatório 8', exact: true })).not.toBeChecked();
    await page.getByRole('link', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/groups$/);

    // The Consultor group still has users: the server refuses and says why.
    await table.getByRole('button', { name: 'Excluir grupo Consultor' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Excluir grupo' });
    await expect(dialog).toContainText('Consultor');
    await dialog.getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Não é possível excluir o grupo: há usuários vinculados a ele.').first()).toBeVisible();
    await expect(table.getByRole('row', { name: /Consultor/ })).toBeVisible();

    // A group without users goes away.
    await table.getByRole('button', { name: `Excluir grupo ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Excluir grupo' }).getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Grupo excluído com sucesso').first()).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
  });

  test('switching Grupos off globally hides it from admins of the Administrador group, not from the full admin', async ({ page }) => {
    await page.goto('/auth/login');
    tenantToRestore = await signInCapturingTenant(page, 'admin@demo.local');
    await expect(page).toHaveURL(/\/cidade$/);
    let menu = await openTopMenu(page, 'Administração');
    await menu.getByRole('menuitem', { name: 'Configurações' }).click();
    await expect(page).toHaveURL(/\/configuracoes$/);
    await expect(page.getByRole('heading', { name: 'Configurações', level: 1 })).toBeVisible();
    await expect(page.getByText(/só\s+vale quando está ativa aqui/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);

    const grupos = await findFlag(page, 'Grupos');
    await expect(grupos).toBeChecked();
    await pressSpaceOn(page, grupos);
    await expect(grupos).not.toBeChecked();
    await expect(page.getByText('1 alteração não salva')).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Configurações salvas com sucesso').first()).toBeVisible();
    await expect(page.getByText('Nenhuma alteração pendente')).toBeVisible();

    // The full admin bypasses every flag.
    menu = await openTopMenu(page, 'Administração');
    await expect(menu.getByRole('menuitem', { name: 'Grupos' })).toBeVisible();
    await page.keyboard.press('Escape');

    await userMenuItem(page, 'Sair');
    await expect(page).toHaveURL(/\/auth\/login$/);
    await signIn(page, 'administrador@demo.local');
    await expect(page).toHaveURL(/\/cidade$/);
    menu = await openTopMenu(page, 'Administração');
    await expect(menu.getByRole('menuitem', { name: 'Configurações' })).toBeVisible();
    await expect(menu.getByRole('menuitem', { name: 'Grupos' })).toHaveCount(0);

    // An admin keeps the screen (as the server does), so the menu can be switched back on.
    await menu.getByRole('menuitem', { name: 'Configurações' }).click();
    const back = await findFlag(page, 'Grupos');
    await expect(back).not.toBeChecked();
    // A pointer this time: clicking the label toggles the switch.
    await page.getByRole('main').getByText('Grupos', { exact: true }).click();
    await expect(back).toBeChecked();
    await page.getByRole('button', { name: 'Salvar' }).click();
    // Not the toast, which may still be the admin's from before: the pending count only clears on success.
    await expect(page.getByText('Nenhuma alteração pendente')).toBeVisible();
    // The session is refreshed after saving: the menu shows Grupos again without signing in anew.
    menu = await openTopMenu(page, 'Administração');
    await expect(menu.getByRole('menuitem', { name: 'Grupos' })).toBeVisible();
  });
});

test.describe('phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('a user without the menu flags who types the address is told so', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, 'condutor@demo.local');
    await expect(page).toHaveURL(/\/cidade$/);
    for (const path of ['/groups', '/groups/add', '/configuracoes']) {
      await page.goto(path);
      await expect(page.getByText(NO_PERMISSION)).toBeVisible();
      await expect(page.getByRole('table')).toHaveCount(0);
    }
  });

  test('the group form fits a 360 px screen', async ({ page }) => {
    await page.goto('/auth/login');
    await signIn(page, 'admin@demo.local');
    await expect(page).toHaveURL(/\/cidade$/);
    await page.goto('/groups/add');
    await page.getByRole('button', { name: /^Menus/ }).click();
    await expect(page.getByRole('switch', { name: 'Menu Administração' })).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.goto('/groups');
    await expect(page.getByRole('heading', { name: 'Grupos', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Excluir grupo Consultor' })).toBeVisible();
  });
});
