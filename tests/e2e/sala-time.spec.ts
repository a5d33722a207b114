import { cityId, expect, expectNoSeriousAxeViolations, fillDate, session, signInAs, test } from './fixtures.ts';

/**
 * Issue 29 item 6 end to end, against the real server: the sala user records a service time, publishes
 * the room's public time panel, someone without a session opens it at 360 px (averages only, nothing
 * to edit, axe clean), and once revoked the same link shows no data.
 */

test('a service time recorded, the public panel opened without login at 360 px, and refused once revoked', async ({
  page,
  request,
  browser,
}) => {
  await signInAs(page, 'sala@demo.local');
  const s = await session(page);
  const id = await cityId(request, s, 'Chapecó');
  // Short enough not to be truncated in the table (40 characters).
  const note = `Agendado ${Date.now()}`;

  await page.goto(`/sala-principal/${id}/sala-tempo`);
  await expect(page.getByRole('heading', { level: 1, name: 'Tempos de atendimento' })).toBeVisible();
  await page.getByRole('button', { name: 'Novo tempo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo tempo de atendimento' });
  await dialog.getByLabel('Serviço').selectOption({ label: 'Acesso a crédito' });
  // Today (São Paulo): the table lists the newest first, so the new row is among the first shown.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  await fillDate(dialog, 'Data de conclusão', today);
  await dialog.getByLabel('Horas').fill('1');
  await dialog.getByLabel('Minutos').fill('15');
  await dialog.getByLabel('Observação').fill(note);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Tempo de atendimento registrado com sucesso').first()).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: note });
  await expect(row).toContainText('1 h 15 min');
  await expect(row).toContainText(today.split('-').reverse().join('/'));

  const panel = page.getByRole('textbox', { name: 'Link do painel público' });
  if (await panel.isVisible()) await page.getByRole('button', { name: 'Revogar link' }).click();
  await expect(panel).toBeHidden();
  await page.getByRole('button', { name: 'Publicar painel' }).click();
  await expect(panel).toHaveValue(/\/sala-tempo\?painel=[^&]+$/);
  const url = await panel.inputValue();

  // Someone outside the product: a fresh browser, no session, on a phone.
  const outside = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const visitor = await outside.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Tempos de atendimento' })).toBeVisible();
  await expect(visitor.getByText('Sala do Empreendedor de Chapecó / SC')).toBeVisible();
  // At 360 px the averages table shows its rows as cards (a list).
  const byService = visitor.getByRole('list', { name: 'Tempo médio por serviço' }).getByRole('listitem');
  await expect(byService.filter({ hasText: 'Acesso a crédito' })).toContainText(/Atendimentos\s*\d+/);
  await expect(visitor.getByText(note)).toHaveCount(0);
  await expect(visitor.getByRole('button', { name: /Novo|Editar|Excluir|Salvar|Revogar/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(visitor);

  await page.getByRole('button', { name: 'Revogar link' }).click();
  await expect(page.getByRole('button', { name: 'Publicar painel' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Painel não encontrado' })).toBeVisible();
  await expect(byService).toHaveCount(0);
  await outside.close();
});
