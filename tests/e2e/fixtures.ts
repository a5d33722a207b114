import { test as base, expect, type Page } from '@playwright/test';

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
