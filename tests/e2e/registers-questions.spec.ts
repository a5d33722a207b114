import type { Page } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, signInAs, test } from './fixtures.ts';

/**
 * Issue 17, the questions family of registers: the full admin creates a question in /pergunta, gives
 * it a score range on the /faixas/add page, sees the range as a chip in the question list, edits
 * both, and deletes both; medals and packages through their dialogs; each screen passes axe at 360 px.
 */

async function openFromMenu(page: Page, item: string) {
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Gestão' }).click();
  await page
    .getByRole('menu', { name: 'Gestão' })
    .getByRole('group', { name: 'Gestão de Cadastros' })
    .getByRole('menuitem', { name: item })
    .click();
}

test('the full admin creates, edits and deletes a question with a score range through the screens', async ({ page }) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const text = `Pergunta E2E ${stamp}`;
  await signInAs(page, 'admin@demo.local');
  await openFromMenu(page, 'Perguntas');
  await expect(page).toHaveURL(/\/pergunta$/);
  const questions = page.getByRole('table', { name: 'Perguntas' });
  await expect(questions.getByRole('row').nth(1)).toBeVisible();

  // Create: the required fields first, then the question.
  await page.getByRole('button', { name: 'Cadastrar pergunta' }).click();
  const create = page.getByRole('dialog', { name: 'Cadastrar pergunta' });
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(create.getByText('O texto é obrigatório')).toBeVisible();
  await expect(create.getByText('Campo Obrigatório')).toBeVisible();
  await create.getByLabel('Número').fill('9a7');
  await expect(create.getByLabel('Número')).toHaveValue('97');
  await create.getByLabel('Pontos').fill('4');
  await create.getByLabel('Texto').fill(text);
  await create.getByRole('combobox', { name: 'Tema' }).click();
  await page.getByRole('listbox').getByRole('option').first().click();
  await create.getByText('Permite comentário').click();
  await create.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pergunta cadastrada com sucesso').first()).toBeVisible();
  await expect(create).toBeHidden();

  // A score range for it, on its own page.
  await openFromMenu(page, 'Faixas');
  await expect(page).toHaveURL(/\/faixas$/);
  await page.getByRole('link', { name: 'Cadastrar faixa' }).click();
  await expect(page).toHaveURL(/\/faixas\/add$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Cadastrar faixa' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O nome da faixa é obrigatório')).toBeVisible();
  await page.getByRole('combobox', { name: 'Pergunta' }).fill(stamp);
  await page
    .getByRole('listbox')
    .getByRole('option', { name: new RegExp(stamp) })
    .click();
  await page.getByLabel('Nome da faixa').fill(`Parcial ${stamp}`);
  await page.getByLabel('Pontos').fill('2,5');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Faixa cadastrada com sucesso').first()).toBeVisible();
  await expect(page).toHaveURL(/\/faixas$/);

  // The question's row shows the range as a chip.
  await page.goto('/pergunta');
  await page.getByLabel('Pesquisar').fill(stamp);
  await expect(questions.getByRole('row')).toHaveCount(2);
  const row = questions.getByRole('row', { name: new RegExp(stamp) });
  await expect(row.getByText(`Parcial ${stamp} (2,5)`)).toBeVisible();

  // Edit the question.
  await row.getByRole('button', { name: /^Editar pergunta/ }).click();
  const edit = page.getByRole('dialog', { name: 'Editar pergunta' });
  await expect(edit.getByLabel('Texto')).toHaveValue(text);
  await expect(edit.getByLabel('Permite comentário')).toBeChecked();
  await edit.getByLabel('Texto').fill(`${text} editada`);
  await edit.getByLabel('Pontos').fill('6');
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Pergunta atualizada com sucesso').first()).toBeVisible();
  await expect(questions.getByRole('row', { name: new RegExp(`${text} editada`) })).toBeVisible();

  // Edit the range on its page.
  await page.goto('/faixas');
  const ranges = page.getByRole('table', { name: 'Faixas' });
  await page.getByLabel('Pesquisar').fill(stamp);
  await expect(ranges.getByRole('row')).toHaveCount(2);
  await ranges.getByRole('button', { name: `Editar faixa Parcial ${stamp}` }).click();
  await expect(page).toHaveURL(/\/faixas\/edit\/\d+$/);
  await expect(page.getByLabel('Nome da faixa')).toHaveValue(`Parcial ${stamp}`);
  await expect(page.getByLabel('Pontos')).toHaveValue('2,5');
  await page.getByLabel('Nome da faixa').fill(`Integral ${stamp}`);
  await page.getByLabel('Pontos').fill('5');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Faixa atualizada com sucesso').first()).toBeVisible();
  await expect(page).toHaveURL(/\/faixas$/);
  // Opened again in the same visit, the page shows what was saved (not the answer read the first time).
  await page.getByLabel('Pesquisar').fill(stamp);
  await ranges.getByRole('button', { name: `Editar faixa Integral ${stamp}` }).click();
  await expect(page.getByLabel('Nome da faixa')).toHaveValue(`Integral ${stamp}`);
  await page.getByRole('link', { name: 'Cancelar' }).click();
  await expect(page).toHaveURL(/\/faixas$/);

  // Delete both: the range, then the question.
  await page.getByLabel('Pesquisar').fill(stamp);
  await ranges.getByRole('button', { name: `Excluir faixa Integral ${stamp}` }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Faixa excluída com sucesso').first()).toBeVisible();
  await expect(ranges.getByText('Nenhuma faixa retornada')).toBeVisible();

  await page.goto('/pergunta');
  await page.getByLabel('Pesquisar').fill(stamp);
  await expect(
    questions
      .getByRole('row', { name: new RegExp(stamp) })
      .getByText('—')
      .first(),
  ).toBeVisible();
  await questions
    .getByRole('row', { name: new RegExp(stamp) })
    .getByRole('button', { name: /^Excluir pergunta/ })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Pergunta excluída com sucesso').first()).toBeVisible();
  await expect(questions.getByText('Nenhuma pergunta retornada')).toBeVisible();
});

test('medals by level and packages in use: created, refused with the server’s reason, deleted', async ({ page }) => {
  const stamp = Date.now().toString(36);
  await signInAs(page, 'admin@demo.local');
  await page.goto('/medalha');
  const medals = page.getByRole('table', { name: 'Medalhas' });
  await expect(medals.getByRole('row', { name: /Medalha Ouro/ })).toBeVisible();
  await page.getByRole('button', { name: 'Cadastrar medalha' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar medalha' });
  await dialog.getByLabel('Nome').fill(`Medalha ${stamp}`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Campo Obrigatório')).toBeVisible();
  await dialog.getByLabel('Nível').selectOption('Prata');
  await dialog.getByLabel('Pontuação mínima').fill('250');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Medalha cadastrada com sucesso').first()).toBeVisible();
  const created = medals.getByRole('row', { name: new RegExp(stamp) });
  await expect(created.getByRole('cell', { name: 'Prata' })).toBeVisible();
  await created.getByRole('button', { name: /^Excluir medalha/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Medalha excluída com sucesso').first()).toBeVisible();

  await page.goto('/pacote');
  const packages = page.getByRole('table', { name: 'Pacotes' });
  await packages.getByRole('button', { name: 'Excluir pacote Pacote Essencial' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Não é possível excluir o pacote: há registros que o usam.').first()).toBeVisible();
});

for (const [path, heading] of [
  ['/pergunta', 'Perguntas'],
  ['/faixas', 'Faixas'],
  ['/faixas/add', 'Cadastrar faixa'],
  ['/pacote', 'Pacotes'],
  ['/medalha', 'Medalhas'],
] as const) {
  test(`${path} at 360 px has no serious axe violations`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await signInAs(page, 'admin@demo.local');
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    if (path === '/faixas/add') await expect(page.getByLabel('Nome da faixa')).toBeVisible();
    else await expect(page.getByText(/\d+ de \d+ registros/)).toBeVisible();
    await expectNoSeriousAxeViolations(page);
  });
}
