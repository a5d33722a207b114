import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

export { expect };

export const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';

/** Pages start with the cookie notice accepted (it has its own test), so it covers nothing. */
export const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(() => {
      if (!localStorage.getItem('ce:cookies-aceitos-em')) localStorage.setItem('ce:cookies-aceitos-em', String(Date.now()));
    });
    await use(page);
  },
});

export async function signIn(page: Page, login: string, senha = PASSWORD) {
  await page.getByLabel('E-mail ou CPF').fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Opens the user menu (named after the signed-in user) and picks an item. */
export async function userMenuItem(page: Page, item: 'Sair' | 'Alterar senha' | 'Manual') {
  await page.getByRole('button', { name: /^Menu do usuário/ }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

export async function signInAs(page: Page, login: string, query = '') {
  await page.goto(`/auth/login${query}`);
  await signIn(page, login);
  await expect(page).toHaveURL(/\/cidade$/);
}

/** The signed-in session as the app stored it, for calling the API as that user. */
export type Session = { token: string; tenant: { id: string } };

export async function session(page: Page): Promise<Session> {
  const stored = await page.evaluate(() => localStorage.getItem('ce:session'));
  if (!stored) throw new Error('not signed in');
  return JSON.parse(stored) as Session;
}

export const headers = (s: Session) => ({ authorization: `Bearer ${s.token}`, database: s.tenant.id });

/** The id of a municipality the session's user can see, by name. */
export async function cityId(request: APIRequestContext, s: Session, nome: string): Promise<number> {
  const response = await request.get('/api/municipio', { headers: headers(s) });
  const city = ((await response.json()) as Array<{ municipioId: number; nome: string }>).find((c) => c.nome === nome);
  if (!city) throw new Error(`${nome} not visible`);
  return city.municipioId;
}

/** The service worker controls the page (so an offline reload is served from its precache). */
export async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

export async function goOffline(context: BrowserContext, page: Page) {
  await context.setOffline(true);
  await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
}

/** "Disponível offline" on the city's page, downloaded. */
export async function makeAvailableOffline(page: Page, municipioId: number, nome: string) {
  await page.goto(`/cidade/${municipioId}/geral`);
  await page.getByRole('button', { name: 'Disponível offline' }).click();
  const dialog = page.getByRole('dialog', { name: `Disponível offline: ${nome}` });
  await expect(dialog.getByText('Tamanho do download:')).toBeVisible();
  await dialog.getByRole('button', { name: 'Baixar' }).click();
  await expect(page.getByText(`${nome} disponível offline`)).toBeVisible();
}

export async function expectNoSeriousAxeViolations(page: Page) {
  // A hovered button is drawn at 90% opacity, which axe would measure instead of its real colours.
  await page.mouse.move(0, 0);
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}
