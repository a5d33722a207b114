import { readFile } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import { expect, expectNoSeriousAxeViolations, signInAs, test } from './fixtures.ts';

/**
 * Issue 17, the register pattern through the themes (/tema): the full admin creates, finds,
 * edits and deletes a theme from the screen, exports what the list shows, and a theme still used
 * by questions is refused with the server's reason.
 */

test('the full admin creates, searches, edits, exports and deletes a theme', async ({ page }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const name = `Tema E2E ${stamp}`;
  await signInAs(page, 'admin@demo.local');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Gestão' }).click();
  await page
    .getByRole('menu', { name: 'Gestão' })
    .getByRole('group', { name: 'Gestão de Cadastros' })
    .getByRole('menuitem', { name: 'Temas' })
    .click();
  await expect(page).toHaveURL(/\/tema$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Temas' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Temas' });
  await expect(table.getByRole('row').nth(1)).toBeVisible();

  // Required fields first: the form keeps the dialog open and says what is missing.
  await page.getByRole('button', { name: 'Cadastrar tema' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar tema' });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('O nome é obrigatório')).toBeVisible();
  await expect(dialog.getByText('Campo Obrigatório')).toBeVisible();
  await dialog.getByLabel('Nome').fill(name);
  await dialog.getByRole('combobox', { name: 'Eixo' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tema cadastrado com sucesso').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The search ignores accents and case.
  await page.getByLabel('Pesquisar').fill(`tema e2e ${stamp}`.toUpperCase());
  await expect(table.getByRole('row')).toHaveCount(2);
  await expect(table.getByRole('row', { name: new RegExp(name) })).toBeVisible();

  await page.getByRole('button', { name: `Editar tema ${name}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar tema' });
  await expect(edit.getByLabel('Nome')).toHaveValue(name);
  await edit.getByLabel('Nome').fill(`${name} editado`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tema atualizado com sucesso').first()).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`${name} editado`) })).toBeVisible();

  // The export holds what the list shows: the one theme the search left.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Excel' }).click();
  const file = await (await download).path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(file!)) as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  expect(sheet.name).toBe('Temas');
  expect(sheet.getRow(1).values).toEqual([undefined, '#', 'Nome', 'Eixo', 'Nacional']);
  expect(sheet.rowCount).toBe(2);
  expect(sheet.getRow(2).getCell(2).value).toBe(`${name} editado`);

  await page.getByRole('button', { name: `Excluir tema ${name} editado` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Tema excluído com sucesso').first()).toBeVisible();
  await expect(table.getByText('Nenhum Tema retornado')).toBeVisible();
});

test('a theme used by questions is not deleted: the server says why', async ({ page }) => {
  await signInAs(page, 'admin@demo.local');
  await page.goto('/tema');
  const table = page.getByRole('table', { name: 'Temas' });
  const first = table.getByRole('row').nth(1);
  await expect(first).toBeVisible();
  await first.getByRole('button', { name: /^Excluir tema/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Não é possível excluir o tema: há registros que o usam.').first()).toBeVisible();
});

test('the themes screen at 360 px has no serious axe violations; a consultant cannot open it', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAs(page, 'admin@demo.local');
  await page.goto('/tema');
  await expect(page.getByRole('heading', { level: 1, name: 'Temas' })).toBeVisible();
  await expect(page.getByText(/\d+ de \d+ registros/)).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  await signInAs(page, 'condutor@demo.local');
  await page.goto('/tema');
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
});
