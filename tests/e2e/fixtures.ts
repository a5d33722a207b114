import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type APIRequestContext, type BrowserContext, type Locator, type Page } from '@playwright/test';
import type { LoginResponse } from '../../src/domain/session.ts';
import { resolveVariant } from '../../src/domain/variants.ts';
import { SESSION_KEY, sessionOfLogin } from '../../src/session/store.ts';
import { waitForMailLink } from './mail.ts';

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
  // Notifications stack at the top right, over the user menu, and stay while the pointer rests on
  // them: close those on screen, as a person would, before reaching for the menu (an error
  // notification left over Sair once timed a test out). One that leaves by itself meanwhile is gone anyway.
  // Always the first: each close shifts the others up the list.
  // A notification that arrives after that look (a save's success) covers the button, and the pointer
  // resting on it keeps it there: look again and retry until the menu button takes the click.
  const close = page.getByRole('button', { name: 'Fechar notificação' });
  const menu = page.getByRole('button', { name: /^Menu do usuário/ });
  await expect(async () => {
    for (let open = await close.count(); open > 0; open--)
      await close
        .first()
        .click({ timeout: 2_000 })
        .catch(() => undefined);
    await menu.click({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  // Sair ends the session on the server (POST api/usuario/logout): its token may not be reused.
  if (item === 'Sair') workerSessions.clear();
  await page.getByRole('menuitem', { name: item }).click();
}

/**
 * Sessions by tenant and login, for this worker: each role signs in through the API once per worker
 * and every later test reuses the token (tokens stay valid across browser contexts). On a loaded
 * machine a sign-in per test (three in meetings.spec's batch test) spent its budget on the login
 * screen; the login screen itself is tested in auth.spec.ts with signIn.
 */
const workerSessions = new Map<string, string>();

async function storedSession(request: APIRequestContext, login: string, tenant: string): Promise<string> {
  const key = `${tenant}:${login}`;
  const cached = workerSessions.get(key);
  // A session ended meanwhile (Sair, a password change) answers 401: sign in again then.
  if (cached) {
    const { token } = JSON.parse(cached) as { token: string };
    const probe = await request.get('/api/municipio', { headers: { authorization: `Bearer ${token}`, database: tenant } });
    if (probe.ok()) return cached;
    workerSessions.delete(key);
  }
  const response = await request.post('/api/usuario/login', { headers: { database: tenant }, data: { login, senha: PASSWORD } });
  expect(response.status(), `login ${login} (${tenant})`).toBe(200);
  const stored = JSON.stringify(sessionOfLogin((await response.json()) as LoginResponse));
  workerSessions.set(key, stored);
  return stored;
}

/**
 * Opens the app signed in as `login` on /cidade, with `query` (?variante=, ?uf=) chosen for this
 * device as a visit would. Tests that change a user's password, or disable a user, use their own
 * user: the session of a demo login is shared by the worker's tests.
 */
export async function signInAs(page: Page, login: string, query = '') {
  // The tenant the app will send for this visit (the host is always localhost in e2e).
  const { tenant } = resolveVariant({ host: 'localhost', search: query, remembered: null });
  const stored = await storedSession(page.request, login, tenant);
  // The login page of this variant remembers the choice of the query; the session goes in beside it.
  await page.goto(`/auth/login${query}`);
  // The session goes in on a page the app does not run on: a signed-in app still checking its
  // previous session (GET usuario/sessao) would write that one back over the new one.
  await page.goto('/api/health');
  await page.evaluate(([key, value]) => localStorage.setItem(key, value), [SESSION_KEY, stored] as const);
  await page.goto('/cidade');
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

/**
 * The service worker controls the page (so an offline reload is served from its precache) and, when
 * signed in, has stored the screens this user can open offline (the app asks for them once the page
 * has settled after sign-in; the worker writes the list it holds last).
 */
export async function serviceWorkerReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
  if (!(await page.evaluate((key) => localStorage.getItem(key) !== null, SESSION_KEY))) return;
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const record = await (await caches.open('ce-offline-groups')).match('/offline-groups.json');
          return record ? ((await record.json()) as string[]).length : 0;
        }),
      { timeout: 30_000 },
    )
    .toBeGreaterThan(0);
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

/**
 * Types a date ("2027-02-01") or a date and time ("2027-02-01T09:00") into the app's date field
 * labelled `label`, as a user does: the digits of DD/MM/AAAA, then those of HH:MM into the
 * field's "Hora de …" input. The field's mask writes the separators.
 */
export async function fillDate(scope: Page | Locator, label: string, value: string) {
  const [day = '', time] = value.split('T');
  const [year, month, date] = day.split('-');
  const dateInput = scope.getByLabel(label, { exact: true });
  await dateInput.clear();
  await dateInput.pressSequentially(`${date}${month}${year}`);
  await expect(dateInput).toHaveValue(`${date}/${month}/${year}`);
  if (time === undefined) return;
  const timeInput = scope.getByLabel(`Hora de ${label.toLowerCase()}`, { exact: true });
  await timeInput.clear();
  await timeInput.pressSequentially(time.replace(':', ''));
  await expect(timeInput).toHaveValue(time);
}

export async function expectNoSeriousAxeViolations(page: Page) {
  // A hovered button is drawn at 90% opacity, which axe would measure instead of its real colours.
  await page.mouse.move(0, 0);
  // axe reads colours as painted: a button still fading (a dialog opening, "Salvar" enabled a moment
  // ago: opacity 0.5 → 1) blends with what is behind it. Wait for the running transitions and
  // animations that end; a spinner's run forever and are left.
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
    undefined,
    { timeout: 2_000 },
  );
  const result = await new AxeBuilder({ page }).analyze();
  const bad = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
}

let ownUsers = 0;

/**
 * A user of its own for a test that changes shared things about its user (its password): created
 * by the full admin, with `senha` set through the first-access link as the user would. The e-mail
 * names the run, the worker and the call, so a retry gets a new user.
 */
export async function newUserWithPassword(request: APIRequestContext, senha = PASSWORD): Promise<{ email: string; nome: string }> {
  const admin = JSON.parse(await storedSession(request, 'admin@demo.local', 'sc')) as Session;
  const tag = `${Date.now().toString(36)}${process.env.TEST_WORKER_INDEX ?? '0'}${++ownUsers}`;
  const nome = `Usuário de teste ${tag}`;
  const email = `e2e-${tag}@demo.local`;
  const created = await request.post('/api/usuario/cadastrar-usuario', {
    headers: headers(admin),
    data: { nome, email, telefone: '48999990000', habilitado: true, grupoId: null },
  });
  expect(created.status(), await created.text()).toBe(201);
  const requestedAt = Date.now() - 1000;
  expect((await request.post('/api/usuario/primeiro-acesso', { headers: { database: 'sc' }, data: { login: email } })).status()).toBe(200);
  const token = new URL(await waitForMailLink(email, requestedAt)).pathname.split('/').at(-1)!;
  const set = await request.post('/api/usuario/trocar-senha', { headers: { database: 'sc' }, data: { token, senha, confirmacao: senha } });
  expect(set.status(), await set.text()).toBe(200);
  return { email, nome };
}
