import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { expect, expectNoSeriousAxeViolations, fillDate, signInAs, test } from './fixtures.ts';

/**
 * Issue 16, programme level: Administração > Projetos e Soluções, a project, then its chain of
 * groups of solutions, solutions, tasks and evidence definitions, each with its breadcrumb trail.
 */

const PROJECT = 'Cidade Empreendedora SC 2025-2026';

function trail(page: Page) {
  return page.getByRole('navigation', { name: 'Trilha de navegação' });
}

/** Picks `option` in the combobox named `label`; a multi-select keeps its list open, so Escape closes it. */
async function choose(page: Page, label: string, option: string) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  const list = page.getByRole('listbox');
  await list.getByRole('option', { name: option, exact: true }).click();
  if (await list.isVisible()) await input.press('Escape');
  await expect(list).toBeHidden();
}

test('the full admin builds a group, a solution, a task with two evidences, then edits and deletes an evidence', async ({ page }) => {
  const stamp = Date.now().toString(36);
  const group = `Grupo E2E ${stamp}`;
  const solution = `Sol ${stamp}`;
  const task = `Oficina ${stamp}`;
  // Four levels, five dialogs and an axe run: more than the default minute on the shared 2-core machine.
  test.setTimeout(180_000);

  await signInAs(page, 'admin@demo.local');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Administração' }).click();
  await page.getByRole('menuitem', { name: 'Projetos e Soluções' }).click();
  await expect(page).toHaveURL(/\/projeto$/);
  await page.getByRole('link', { name: `Grupos de Soluções do projeto ${PROJECT}` }).click();
  await expect(page).toHaveURL(/\/projeto\/\d+\/grupos$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Grupos de Soluções' })).toBeVisible();
  await expect(page.getByText(`Projeto: ${PROJECT}`)).toBeVisible();
  await expect(trail(page).getByRole('link', { name: 'Gestão de Projetos' })).toHaveAttribute('href', '/projeto');

  // A group with two axes and a description longer than the list shows (spec §9: 50 characters).
  await page.getByRole('button', { name: 'Cadastrar Grupo de Solução' }).click();
  let dialog = page.getByRole('dialog', { name: 'Cadastrar Grupo de Solução' });
  await expect(dialog.getByLabel('Nome', { exact: true })).toBeFocused();
  await dialog.getByLabel('Nome', { exact: true }).fill(group);
  await choose(page, 'Eixos', 'Turismo');
  await choose(page, 'Eixos', 'Compras Públicas');
  const groupDescription = 'Ações de fomento ao turismo e às compras públicas locais, com metas anuais.';
  await dialog.getByLabel('Descrição').fill(groupDescription);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Grupo de Solução incluído com sucesso').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const groups = page.getByRole('table', { name: 'Grupos de Soluções' });
  const groupRow = groups.getByRole('row', { name: new RegExp(group) });
  await expect(groupRow).toContainText('Ações de fomento ao turismo e às compras públicas…');
  await expect(groupRow).toContainText('Turismo');
  await expect(groupRow).toContainText('Compras Públicas');

  // A solution watched by visits: the visit fields show only with monitoramento 2; dates are typed.
  await groupRow.getByRole('link', { name: `Soluções de ${group}` }).click();
  await expect(page).toHaveURL(/\/grupos\/\d+\/solucoes$/);
  await expect(page.getByText(`Grupo de Soluções: ${group}`)).toBeVisible();
  await expect(trail(page).getByRole('link', { name: 'Grupos de Soluções' })).toBeVisible();
  await page.getByRole('button', { name: 'Cadastrar Solução' }).click();
  dialog = page.getByRole('dialog', { name: 'Cadastrar Solução' });
  await dialog.getByLabel('Nome', { exact: true }).fill(solution);
  await dialog.getByLabel('Descrição').fill('Feira regional de turismo com expositores locais.');
  // Typed as a person writes it, with the decimal comma (issue 25); shown with R$ once left.
  await dialog.getByLabel('Custo').pressSequentially('1500,00');
  await dialog.getByLabel('Custo').blur();
  await expect(dialog.getByLabel('Custo')).toHaveValue('R$\u00a01.500,00');
  await expect(dialog.getByLabel('Visitas presenciais', { exact: true })).toHaveCount(0);
  await dialog.getByLabel('Monitoramento').selectOption('2');
  await dialog.getByLabel('Visitas presenciais', { exact: true }).fill('4');
  await dialog.getByLabel('Horas previstas das visitas presenciais').fill('12,5');
  await fillDate(dialog, 'Data de início', '2027-02-01');
  await fillDate(dialog, 'Data de término', '2027-06-30');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Solução incluída com sucesso').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const solutionRow = page.getByRole('table', { name: 'Soluções' }).getByRole('row', { name: new RegExp(solution) });
  await expect(solutionRow).toContainText('Visitas');
  await expect(solutionRow).toContainText('R$\u00a01.500,00');
  await solutionRow.getByRole('button', { name: `Editar solução ${solution}` }).click();
  dialog = page.getByRole('dialog', { name: 'Editar Solução' });
  await expect(dialog.getByLabel('Visitas presenciais', { exact: true })).toHaveValue('4');
  await expect(dialog.getByLabel('Data de início', { exact: true })).toHaveValue('01/02/2027');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();

  // A task with two evidence definitions, written in the create dialog.
  await solutionRow.getByRole('link', { name: `Tarefas de ${solution}` }).click();
  await expect(page).toHaveURL(/\/solucoes\/\d+\/tarefas$/);
  await page.getByRole('button', { name: 'Cadastrar Tarefa' }).click();
  dialog = page.getByRole('dialog', { name: 'Cadastrar Tarefa' });
  await dialog.getByLabel('Nome', { exact: true }).fill(task);
  await dialog.getByLabel('Horas').fill('8');
  await expect(dialog.getByRole('combobox', { name: 'Solução' })).toHaveValue(solution);
  await dialog.getByRole('button', { name: 'Adicionar evidência' }).click();
  await dialog.getByRole('button', { name: 'Adicionar evidência' }).click();
  // An evidence without a name is refused on its own row.
  await dialog.getByLabel('Nome da evidência 1').fill('Lista de presença');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('O nome da evidência é obrigatório.')).toBeVisible();
  await dialog.getByLabel('Nome da evidência 2').fill('Fotos do evento');
  await dialog.getByLabel('Descrição da evidência 2').fill('Fotografias dos estandes e do público presente.');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tarefa incluída com sucesso').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const taskRow = page.getByRole('table', { name: 'Tarefas' }).getByRole('row', { name: new RegExp(task) });
  await expect(taskRow).toContainText(solution);

  // The two definitions on the evidence level: edit one, delete the other.
  await taskRow.getByRole('link', { name: `Evidências de ${task}` }).click();
  await expect(page).toHaveURL(/\/tarefas\/\d+\/evidencias$/);
  for (const crumb of ['Gestão de Projetos', 'Grupos de Soluções', 'Soluções', 'Tarefas']) {
    await expect(trail(page).getByRole('link', { name: crumb, exact: true })).toBeVisible();
  }
  await expect(trail(page)).toContainText('Evidências');
  const evidences = page.getByRole('table', { name: 'Evidências' });
  await expect(evidences.getByRole('row', { name: /Lista de presença/ })).toBeVisible();
  await expect(evidences.getByRole('row', { name: /Fotos do evento/ })).toContainText('Fotografias dos esta…');
  await expectNoSeriousAxeViolations(page);

  await evidences.getByRole('button', { name: 'Editar evidência Lista de presença' }).click();
  dialog = page.getByRole('dialog', { name: 'Editar evidência' });
  await expect(dialog.getByRole('combobox', { name: 'Tarefa' })).toHaveValue(task);
  await dialog.getByLabel('Nome', { exact: true }).fill('Lista de presença assinada');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Evidência atualizada com sucesso').first()).toBeVisible();
  await expect(evidences.getByRole('row', { name: /Lista de presença assinada/ })).toBeVisible();

  await evidences.getByRole('button', { name: 'Excluir evidência Fotos do evento' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Excluir evidência' });
  await expect(confirm).toContainText('Confirma que deseja deletar a evidência “Fotos do evento”?');
  await expect(confirm).toContainText('Esta ação não poderá ser desfeita.');
  await confirm.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Evidência excluída com sucesso').first()).toBeVisible();
  await expect(evidences.getByRole('row', { name: /Fotos do evento/ })).toHaveCount(0);
  await expect(evidences.getByRole('row', { name: /Lista de presença assinada/ })).toBeVisible();
});

test('in the AT variant the chain is Grupos de Iniciativas > Iniciativas > Atividades > Evidências', async ({ page }) => {
  await signInAs(page, 'admin@demo.local', '?variante=at&uf=SC1');
  await page.goto('/projeto');
  await page.getByRole('link', { name: `Grupos de Iniciativas do projeto ${PROJECT}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grupos de Iniciativas' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cadastrar Grupo de Iniciativa' })).toBeVisible();

  await page
    .getByRole('table', { name: 'Grupos de Iniciativas' })
    .getByRole('link', { name: /^Iniciativas de / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Iniciativas' })).toBeVisible();
  await expect(trail(page).getByRole('link', { name: 'Grupos de Iniciativas' })).toBeVisible();

  await page
    .getByRole('table', { name: 'Iniciativas' })
    .getByRole('link', { name: /^Atividades de / })
    .first()
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Atividades' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Atividades' }).getByRole('columnheader', { name: 'Iniciativa' })).toBeVisible();

  await page
    .getByRole('table', { name: 'Atividades' })
    .getByRole('link', { name: /^Evidências de / })
    .first()
    .click();
  const crumbs = trail(page);
  for (const crumb of ['Gestão de Projetos', 'Grupos de Iniciativas', 'Iniciativas', 'Atividades']) {
    await expect(crumbs.getByRole('link', { name: crumb, exact: true })).toBeVisible();
  }
  await expect(crumbs).toContainText('Evidências');
  await expect(page.getByRole('table', { name: 'Evidências' }).getByRole('columnheader', { name: 'Atividade' })).toBeVisible();
});

test('at 360 px the groups are a list of cards that fits, with no serious axe violations', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAs(page, 'admin@demo.local');
  await page.goto('/projeto');
  await page.getByRole('link', { name: `Grupos de Soluções do projeto ${PROJECT}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grupos de Soluções' })).toBeVisible();
  // On a phone each group is a card with its actions.
  const card = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: /^Soluções de / }) })
    .first();
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await expectNoSeriousAxeViolations(page);
  await page.getByRole('button', { name: 'Cadastrar Grupo de Solução' }).click();
  await expect(page.getByRole('dialog', { name: 'Cadastrar Grupo de Solução' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('the full admin exports the catalogue, edits a group description in the sheet and imports it back after a preview', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const description = `Descrição importada ${stamp}`;
  await signInAs(page, 'admin@demo.local');
  await page.goto('/projeto');
  await page.getByRole('link', { name: `Grupos de Soluções do projeto ${PROJECT}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Grupos de Soluções' })).toBeVisible();

  await page.getByRole('button', { name: 'Importar/Exportar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar e exportar grupos de soluções' });
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Exportar' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const exported = await readFile((await download.path())!);

  // The export read back: the first data row names a group; change that group's description.
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(exported as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const groupColumn = headers.indexOf('Grupo');
  const descriptionColumn = headers.indexOf('Descrição do grupo');
  expect(groupColumn).toBeGreaterThan(0);
  expect(descriptionColumn).toBeGreaterThan(0);
  const groupName = String(sheet.getRow(2).getCell(groupColumn).value);
  sheet.getRow(2).getCell(descriptionColumn).value = description;
  const edited = Buffer.from(await book.xlsx.writeBuffer());

  // The untouched export first: the preview finds nothing new and nothing changed.
  await dialog.getByLabel('Planilha a importar (.xlsx, até 2 MB)').setInputFiles({
    name: 'catalogo.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: exported,
  });
  const preview = dialog.getByRole('table', { name: 'Prévia da importação' });
  for (const level of ['Grupos', 'Soluções', 'Tarefas', 'Evidências']) {
    const cells = preview.getByRole('row').filter({ hasText: level }).getByRole('cell');
    await expect(cells.nth(1), `${level}: novos`).toHaveText('0');
    await expect(cells.nth(2), `${level}: alterados`).toHaveText('0');
  }

  // The edited sheet: one group changed, and nothing is written before the confirmation.
  await dialog.getByLabel('Planilha a importar (.xlsx, até 2 MB)').setInputFiles({
    name: 'catalogo-editado.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: edited,
  });
  await expect(dialog.getByText('Arquivo: catalogo-editado.xlsx')).toBeVisible();
  const groups = preview.getByRole('row').filter({ hasText: 'Grupos' }).getByRole('cell');
  await expect(groups.nth(2)).toHaveText('1');
  await expect(page.getByRole('table').filter({ hasText: description })).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Confirmar importação' }).click();
  await expect(page.getByText('Importação concluída com sucesso.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: groupName });
  await expect(row).toContainText(description);
});
