import type { Page } from '@playwright/test';
import { visibleCityTabs } from '../../src/domain/city-tabs.ts';
import { flatMenu, menuTree, visibleMenu } from '../../src/domain/menu.ts';
import { sessionSchema, type Session } from '../../src/domain/session.ts';
import { DEFAULT_VARIANT_ID, getVariant } from '../../src/domain/variants.ts';
import { expect, signIn, test } from './fixtures.ts';

// The top menu shows from the lg breakpoint; below it the drawer takes its place.
test.use({ viewport: { width: 1280, height: 800 } });

/**
 * The route patterns of the screens the app serves, from the app's own route table. Loaded at run
 * time rather than imported: its lazy screens are React code the tests' tsconfig does not compile.
 */
async function appPaths(): Promise<readonly string[]> {
  const module: string = '../../src/app/available-paths.ts';
  return ((await import(module)) as { availablePaths: readonly string[] }).availablePaths;
}

/** GET through the API with the session the app stored at login, as the app itself would ask. */
async function apiGet(page: Page, path: string): Promise<unknown> {
  return page.evaluate(async (url) => {
    const stored = JSON.parse(localStorage.getItem('ce:session') ?? 'null') as { token: string; tenant: { id: string } } | null;
    if (!stored) throw new Error('no session stored');
    const response = await fetch(url, { headers: { authorization: `Bearer ${stored.token}`, database: stored.tenant.id } });
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return response.json();
  }, path);
}

const variant = getVariant(DEFAULT_VARIANT_ID);

test('an analyst sees exactly the menu and the city tabs their group and roles allow', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, 'analista@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);

  const session: Session = sessionSchema.parse(await apiGet(page, '/api/usuario/sessao'));
  expect(session.usuario.grupo?.nome).toBe('Analista');
  const ctx = { usuario: session.usuario, config: session.config };
  const availablePaths = await appPaths();

  // ---- the top menu: every item, in order, and every entry of each drop-down
  const menu = visibleMenu(menuTree(variant), ctx, { availablePaths });
  // Whatever screens exist, the analyst's group never opens Administração, and Início is for everyone.
  expect(menu.map((item) => item.label)).toContain('Início');
  expect(menu.map((item) => item.label)).not.toContain('Administração');

  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link', { name: 'Início' })).toBeVisible();
  const shown = (await nav.locator(':scope > *').allInnerTexts()).map((label) => label.trim());
  expect(shown).toEqual(menu.map((item) => item.label));
  for (const item of menu.filter((i) => i.children)) {
    await nav.getByRole('button', { name: item.label }).click();
    const entries = page.getByRole('menu').getByRole('menuitem');
    await expect(entries).toHaveText(flatMenu(item.children!).map((leaf) => leaf.label));
    await page.keyboard.press('Escape');
  }

  // ---- the header tabs of one of their municipalities
  const cities = (await apiGet(page, '/api/municipio')) as Array<{ municipioId: number; nome: string }>;
  const floripa = cities.find((c) => c.nome === 'Florianópolis');
  expect(floripa, 'Florianópolis is one of the analyst’s municipalities').toBeDefined();
  const detail = (await apiGet(page, `/api/municipio/${floripa!.municipioId}`)) as { selo: string | null };
  const tabs = visibleCityTabs({ ...ctx, municipioId: floripa!.municipioId, selo: detail.selo }, variant, session.tenant.uf, {
    availablePaths,
  });
  const labels = tabs.map((tab) => tab.label);
  // The Analista group has Geral and Grupos but not the calendar (verAbaEvento), whatever else is built.
  expect(labels).toEqual(expect.arrayContaining(['Geral', 'Grupos']));
  expect(labels).not.toContain('Calendário');

  await page.goto(`/cidade/${floripa!.municipioId}`);
  await expect(page).toHaveURL(new RegExp(`/cidade/${floripa!.municipioId}/geral$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Florianópolis' })).toBeVisible();
  const tabBar = page.getByRole('navigation', { name: 'Seções do município' });
  await expect(tabBar.getByRole('link')).toHaveText(labels);
  await expect(tabBar.getByRole('link', { name: 'Geral' })).toHaveAttribute('aria-current', 'page');
});
