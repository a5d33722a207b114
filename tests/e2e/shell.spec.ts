import AxeBuilder from '@axe-core/playwright';
import { test as base, type Page } from '@playwright/test';
import { expect, signIn, test, userMenuItem } from './fixtures.ts';

async function primaryColour(page: Page) {
  return page.getByRole('button', { name: 'Entrar' }).evaluate((el) => getComputedStyle(el).backgroundColor);
}

test('the default variant: logo, title, footer with the state, theme colour', async ({ page }) => {
  await page.goto('/auth/login');
  await expect(page).toHaveTitle(/Cidade Empreendedora/);
  await expect(page.getByRole('img', { name: 'Cidade Empreendedora' })).toHaveAttribute('src', '/variants/cidade-empreendedora/logo.svg');
  await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', '#173da6');
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute('href', '/variants/cidade-empreendedora/manifest.webmanifest');
  await signIn(page, 'condutor@demo.local');
  await expect(page.getByRole('img', { name: 'Cidade Empreendedora' })).toHaveAttribute('src', '/variants/cidade-empreendedora/logo.svg');
  await expect(page.getByRole('contentinfo')).toContainText('Cidade Empreendedora · Santa Catarina');
});

for (const v of [
  { id: 'sala', title: 'Sala do Empreendedor', colour: '#116932', login: 'sala@demo.local', heading: 'Salas' },
  { id: 'gov', title: 'Cidade Empreendedora Gov', colour: '#641ba3', login: 'admin@demo.local', heading: 'Projetos' },
  { id: 'at', title: 'Agente Territorial', colour: '#92310a', login: 'condutor@demo.local', heading: 'Municípios' },
]) {
  test(`?variante=${v.id} renames labels and changes colour and logo, and is remembered`, async ({ page }) => {
    await page.goto('/auth/login');
    const defaultColour = await primaryColour(page);
    await page.goto(`/auth/login?variante=${v.id}`);
    await expect(page).toHaveTitle(new RegExp(v.title));
    // The login shows the variant's logo and title, not the default's.
    await expect(page.getByRole('img', { name: v.title })).toHaveAttribute('src', `/variants/${v.id}/logo.svg`);
    await expect(page.getByRole('main')).not.toContainText('Cidade Empreendedora');
    await expect(page.locator('meta[name="theme-color"]')).toHaveAttribute('content', v.colour);
    expect(await primaryColour(page)).not.toBe(defaultColour);
    await signIn(page, v.login);
    await expect(page).toHaveURL(/\/cidade$/);
    await expect(page.getByRole('img', { name: v.title })).toHaveAttribute('src', `/variants/${v.id}/logo.svg`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(v.heading);
    await expect(page.getByRole('contentinfo')).toContainText(v.title);
    // The override survives navigation and reloads without the query parameter.
    await page.reload();
    await expect(page.getByRole('img', { name: v.title })).toBeVisible();
  });
}

base('the cookie notice asks once and remembers Aceitar', async ({ page }) => {
  await page.goto('/auth/login');
  const notice = page.getByRole('region', { name: 'Aviso de cookies' });
  await expect(notice).toBeVisible();
  await notice.getByRole('button', { name: 'Aceitar' }).click();
  await expect(notice).toBeHidden();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(notice).toBeHidden();
  // Accepted more than 7 days ago: asked again.
  await page.evaluate(() => localStorage.setItem('ce:cookies-aceitos-em', String(Date.now() - 8 * 24 * 3600 * 1000)));
  await page.reload();
  await expect(notice).toBeVisible();
});

test('the user menu offers Alterar senha and Sair', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, 'analista@demo.local');
  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await expect(page.getByRole('menuitem')).toHaveText(['Alterar senha', 'Sair']);
  await page.keyboard.press('Escape');
  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
});

test('the mobile drawer lists the same menu at 360 px', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/auth/login');
  await signIn(page, 'admin@demo.local');
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer.getByRole('link', { name: 'Início' })).toBeVisible();
  await drawer.getByRole('link', { name: 'Início' }).click();
  await expect(page).toHaveURL(/\/cidade$/);
});

test('axe: no serious or critical violations on login and city list', async ({ page }) => {
  const check = async () => {
    const result = await new AxeBuilder({ page }).analyze();
    const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  };
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await check();
  await signIn(page, 'admin@demo.local');
  await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
  await check();
});

test('the municipality switcher: full admin and Operacoes only', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, 'operacoes@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);
  const switcher = page.getByRole('combobox', { name: 'Trocar de município' });
  await switcher.click();
  await switcher.fill('joinv');
  await page.getByRole('option', { name: 'Joinville' }).click();
  await expect(page).toHaveURL(/\/cidade\/\d+\/geral$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Joinville');
  await userMenuItem(page, 'Sair');
  await signIn(page, 'condutor@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);
  await expect(page.getByRole('combobox', { name: 'Trocar de município' })).toHaveCount(0);
});
