import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import ExcelJS from 'exceljs';
import {
  cityId,
  headers,
  type Session,
  expect,
  expectNoSeriousAxeViolations,
  goOffline,
  makeAvailableOffline,
  serviceWorkerReady,
  session,
  signInAs,
  test,
} from './fixtures.ts';

/**
 * Issue 16 end to end against the real server: the full admin imports a group of solutions into a
 * municipality that lacks it, disables a task already used by a field report and enables it again,
 * and sees the city's progress; the AT variant words the same screens with Iniciativa/Atividade;
 * the progress tab opens offline once the city was made available offline.
 */

// A vigente city of the SC demo without the school axis: "Educação Empreendedora" is offered to it. No other spec uses it.
const CITY = 'Itajaí';
const GROUP = 'Educação Empreendedora';

test('the admin imports a group of solutions, disables a used task and enables it again, and sees the progress', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, 'admin@demo.local');
  const s = await session(page);
  const id = await cityId(request, s, CITY);

  await page.goto(`/cidade/${id}/grupo`);
  await page.getByRole('link', { name: 'Soluções e Tarefas' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Soluções e Tarefas' })).toBeVisible();

  // Import: Salvar waits for a group; choosing one chooses its original solutions.
  await page.getByRole('button', { name: 'Importar grupo de soluções' }).click();
  const dialog = page.getByRole('dialog', { name: 'Importar grupo de soluções' });
  await expect(dialog.getByRole('button', { name: 'Salvar' })).toBeDisabled();
  await expect(dialog.getByRole('combobox', { name: 'Soluções', exact: true })).toBeDisabled();
  await dialog.getByRole('combobox', { name: 'Grupo de Soluções', exact: true }).click();
  await page.getByRole('option', { name: GROUP }).click();
  await expect(dialog.getByRole('button', { name: 'Salvar' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Grupo de Solução incluído com sucesso')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(GROUP) })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  // A task a field report already names is disabled (not deleted), then enabled again from the disabled list.
  await page.getByRole('tab', { name: 'Tarefas', exact: true }).click();
  const task = await usedTask(request, s, id);
  await page.getByRole('button', { name: `Desabilitar ${task}`, exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Registro desabilitado: ele já foi usado no município.')).toBeVisible();
  await page.getByRole('tab', { name: 'Desabilitados', exact: true }).click();
  await page.getByRole('button', { name: `Habilitar ${task}`, exact: true }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Registro reabilitado.')).toBeVisible();
  await expect(page.getByRole('button', { name: `Habilitar ${task}`, exact: true })).toHaveCount(0);

  // The progress lists the task again, with the imported group's solutions.
  await page.getByRole('link', { name: 'Andamento das tarefas' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Andamento' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(task) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar Excel' })).toBeEnabled();
  await expectNoSeriousAxeViolations(page);

  // The Excel export holds the city's tasks, the re-enabled one among them.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Exportar Excel' }).click()]);
  expect(download.suggestedFilename()).toBe('andamento-tarefas.xlsx');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await readFile((await download.path())!)) as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const headers = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  expect(headers).toEqual(expect.arrayContaining(['Município', 'Solução', 'Tarefa', 'Cumprida', 'Horas previstas', 'Horas utilizadas']));
  const taskColumn = headers.indexOf('Tarefa');
  const names: string[] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) names.push(String(row.getCell(taskColumn).value));
  });
  expect(names).toContain(task);
});

test('the AT variant words the solutions screen with Iniciativa and Atividade', async ({ page, request }) => {
  await signInAs(page, 'admin@demo.local', '?variante=at&uf=SC1');
  const s = await session(page);
  const id = await cityId(request, s, CITY);
  await page.goto(`/cidade/${id}/grupo`);
  await page.getByRole('link', { name: 'Iniciativas e Atividades' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Iniciativas e Atividades' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar grupo de iniciativas' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Atividades', exact: true })).toBeVisible();
  await page.getByRole('tab', { name: 'Iniciativas', exact: true }).click();
  await expect(page.getByRole('columnheader', { name: 'Grupo de Iniciativas' })).toBeVisible();
});

test('the city progress opens offline once the city is available offline', async ({ page, context, request }) => {
  test.setTimeout(180_000);
  await signInAs(page, 'admin@demo.local');
  await serviceWorkerReady(page);
  const s = await session(page);
  const id = await cityId(request, s, CITY);
  await makeAvailableOffline(page, id, CITY);
  const task = await usedTask(request, s, id);
  await goOffline(context, page);
  await page.goto(`/cidade/${id}/andamento`);
  await expect(page.getByRole('row', { name: new RegExp(task) })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Exportar Excel' })).toBeDisabled();
  await expect(page.getByText('Disponível com conexão: o arquivo é gerado no servidor.')).toBeVisible();
  await context.setOffline(false);
});

/** The name of an enabled task of the city that a field report already names (so DELETE disables it). */
async function usedTask(request: APIRequestContext, s: Session, id: number): Promise<string> {
  const progress = (await (await request.get(`/api/dashboard/get-andamento-tarefas/${id}`, { headers: headers(s) })).json()) as Array<{
    nome: string;
    horasUtilizadas: number;
    cumprida: boolean;
  }>;
  const used = progress.find((t) => t.cumprida || t.horasUtilizadas > 0);
  expect(used, 'the demo data has a task of the city used by a report').toBeTruthy();
  return used!.nome;
}
