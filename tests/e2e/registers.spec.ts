import { REGISTER_LINKS } from '../../src/features/registers/hub/catalogue.ts';
import { vocabularyFor } from '../../src/domain/vocabulary.ts';
import { expect, expectNoSeriousAxeViolations, signInAs, test } from './fixtures.ts';

/**
 * Issue 17: every register screen opens for the full admin on a phone (360 px) with its list and
 * no serious axe violations; /rotas (the index of registers) links to each of them.
 */
const words = vocabularyFor('default');

test('/rotas lists every register, and the breadcrumb of a register leads back to it', async ({ page }) => {
  await signInAs(page, 'admin@demo.local');
  await page.goto('/rotas');
  await expect(page.getByRole('heading', { level: 1, name: 'Cadastros' })).toBeVisible();
  for (const link of REGISTER_LINKS) {
    await expect(page.getByRole('main').getByRole('link', { name: link.title(words), exact: true })).toHaveAttribute('href', link.path);
  }
  await page.getByRole('main').getByRole('link', { name: 'Status', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Status' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Trilha de navegação' }).getByRole('link', { name: 'Cadastros' }).click();
  await expect(page).toHaveURL(/\/rotas$/);
});

test('a consultant sees in /rotas only the registers their menu flags open', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  // The consultant works on municipalities (Gestão de Municípios) but keeps no register, the actors
  // included (issue 25: written with Gestão de Cadastros, like statuses and brackets).
  for (const path of ['/rotas', '/atores', '/status']) {
    await page.goto(path);
    await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  }
});

for (const link of [{ path: '/rotas' }, ...REGISTER_LINKS]) {
  test(`${link.path} at 360 px: its heading, its content and no serious axe violations`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAs(page, 'admin@demo.local');
    await page.goto(link.path);
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expect(page.getByText('Esta tela ainda não está disponível')).toHaveCount(0);
    // Lists have loaded (a count, a link or a chooser) before axe looks at the page.
    const main = page.getByRole('main');
    await expect(
      main
        .getByText(/\d+ de \d+ registros/)
        .or(main.getByRole('link'))
        .or(main.getByRole('combobox'))
        .first(),
    ).toBeVisible();
    await expectNoSeriousAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
