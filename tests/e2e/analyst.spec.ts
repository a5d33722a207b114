import type { Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures.ts';

// The top menu shows from the lg breakpoint; below it the drawer takes its place.
test.use({ viewport: { width: 1280, height: 800 } });

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

test('an analyst sees exactly the menu and the city tabs their group and roles allow', async ({ page }) => {
  await page.goto('/auth/login');
  await signIn(page, 'analista@demo.local');
  await expect(page).toHaveURL(/\/cidade$/);

  // The expected menus are written out: computing them with the app's own menu functions would
  // pass whatever those functions decide. They follow the Analista group's flags in the seed and
  // the screens the app has.
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link', { name: 'Início' })).toBeVisible();
  const shown = (await nav.locator(':scope > *').allInnerTexts()).map((label) => label.trim());
  expect(shown).toEqual(['Início', 'Relatórios']);
  await nav.getByRole('button', { name: 'Relatórios' }).click();
  // Dashboard: the group holds menuDashboard, and the charts exist since issue 34.
  await expect(page.getByRole('menu').getByRole('menuitem')).toHaveText([
    'Analisar Relatórios',
    'Analisar Relatórios Admin',
    'Dashboard',
    'Meus Relatórios',
  ]);
  await page.keyboard.press('Escape');

  // ---- the header tabs of one of their municipalities
  const cities = (await apiGet(page, '/api/municipio')) as Array<{ municipioId: number; nome: string }>;
  const floripa = cities.find((c) => c.nome === 'Florianópolis');
  expect(floripa, 'Florianópolis is one of the analyst’s municipalities').toBeDefined();
  const labels = [
    'Geral',
    'Acompanhamento',
    'Evidências',
    'Termo de Referência',
    'Grupos',
    'Relatórios',
    'Relatórios Administrativos',
    'Proposta',
    'Andamento',
  ];

  await page.goto(`/cidade/${floripa!.municipioId}`);
  await expect(page).toHaveURL(new RegExp(`/cidade/${floripa!.municipioId}/geral$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Florianópolis' })).toBeVisible();
  const tabBar = page.getByRole('navigation', { name: 'Seções do município' });
  await expect(tabBar.getByRole('link')).toHaveText(labels);
  await expect(tabBar.getByRole('link', { name: 'Geral' })).toHaveAttribute('aria-current', 'page');
});
