import { DEMO_IDENTITIES } from '../../server/features/amei/demo-identities.ts';
import { expect, PASSWORD, test } from './fixtures.ts';
import type { Page } from '@playwright/test';

/**
 * São Paulo's single sign-on (issue 18) in Chromium, through the embedded OpenID provider at /idp:
 * the app shows nothing of itself until the flow completes, signs the user in with the provider's
 * verified ID token, ends the session when a refresh fails, and says "Erro ao inicializar" when the
 * provider cannot be reached.
 */
const fesp = DEMO_IDENTITIES.find((i) => i.perfil === 'Fesp')!;

async function signInAtProvider(page: Page, login: string) {
  await expect(page.getByRole('heading', { name: 'AMEI · Acesso único' })).toBeVisible();
  await expect(page).toHaveURL(/\/idp\/interacao\//);
  await page.getByLabel('E-mail ou CPF').fill(login);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

test('São Paulo: /sp/welcome → provider login → back in the app on /cidade as that user, without Alterar senha', async ({ page }) => {
  await page.goto('/cidade?variante=sao-paulo');
  // A wrong password stays at the provider, with its message.
  await expect(page.getByRole('heading', { name: 'AMEI · Acesso único' })).toBeVisible();
  await page.getByLabel('E-mail ou CPF').fill(fesp.email);
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail/CPF ou senha inválidos.');

  await signInAtProvider(page, fesp.cpf);
  await expect(page).toHaveURL(/\/cidade$/);
  const userMenu = page.getByRole('button', { name: `Menu do usuário ${fesp.nome}` });
  await expect(userMenu).toBeVisible();
  await expect(page.getByText('Campinas').first()).toBeVisible();
  await userMenu.click();
  await expect(page.getByRole('menuitem', { name: 'Sair' })).toBeVisible();
  await expect(page.getByRole('menuitem', { name: 'Alterar senha' })).toHaveCount(0);
});

test('São Paulo: a refresh the provider refuses ends the session, and the next sign-in asks for the password again', async ({ page }) => {
  await page.clock.install();
  await page.goto('/cidade?variante=sao-paulo');
  await signInAtProvider(page, fesp.email);
  await expect(page).toHaveURL(/\/cidade$/);
  await expect(page.getByText('Campinas').first()).toBeVisible();

  // The provider revokes this device's refresh token (as an administrator ending the grant would)...
  const { refreshToken, clientId } = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('ce:sso:user:'))!;
    const user = JSON.parse(localStorage.getItem(key)!) as { refresh_token: string };
    return { refreshToken: user.refresh_token, clientId: key.split(':').at(-1)! };
  });
  const revoked = await page.request.post('/idp/token/revocation', { form: { token: refreshToken, client_id: clientId } });
  expect(revoked.ok()).toBe(true);
  // ...and an hour passes: the session's token (as long as the provider's ID token) is about to expire.
  await page.clock.fastForward('01:00:00');

  // The next request must refresh first; the refusal ends the session.
  await page.getByText('Campinas').first().click();
  await expect(page).toHaveURL(/\/idp\/interacao\//);
  await expect(page.getByRole('heading', { name: 'AMEI · Acesso único' })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('ce:session'))).toBeNull();
});

test('São Paulo: with the provider unreachable the app says "Erro ao inicializar" and can try again', async ({ page }) => {
  await page.route('**/idp/**', (route) => route.abort('connectionrefused'));
  await page.goto('/cidade?variante=sao-paulo');
  await expect(page).toHaveURL(/\/sp\/welcome$/);
  await expect(page.getByRole('alert')).toContainText('Erro ao inicializar');
  // Nothing of the app is shown meanwhile.
  await expect(page.getByRole('button', { name: /^Menu do usuário/ })).toHaveCount(0);

  await page.unroute('**/idp/**');
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await signInAtProvider(page, fesp.email);
  await expect(page).toHaveURL(/\/cidade$/);
});
