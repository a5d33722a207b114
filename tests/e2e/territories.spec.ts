import { randomUUID } from 'node:crypto';
import type { APIRequestContext } from '@playwright/test';
import {
  cityId,
  expect,
  expectNoSeriousAxeViolations,
  goOffline,
  headers,
  makeAvailableOffline,
  serviceWorkerReady,
  session,
  signInAs,
  test,
  type Session,
} from './fixtures.ts';

/**
 * Territories (issue 31) end to end against the real server, on a phone: the territorial agent
 * records a visit offline, it shows at once as waiting, reaches the server exactly once when the
 * device is back online, and the manager sees it in Gestão de Territórios; both pages at 360 px with axe.
 */

test.use({ viewport: { width: 360, height: 740 } });

type Visit = { visitaId: number; observacao: string; status: string; horas: number };

async function serverVisits(request: APIRequestContext, s: Session, municipioId: number): Promise<Visit[]> {
  const response = await request.get(`/api/visita/municipio/${municipioId}`, { headers: headers(s) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Visit[];
}

test('offline on a phone: the agent records a visit, it syncs exactly once, and the manager sees it', async ({
  page,
  context,
  request,
  browser,
}) => {
  await signInAs(page, 'agente@demo.local');
  await serviceWorkerReady(page);
  const s = await session(page);
  const id = await cityId(request, s, 'Florianópolis');
  await makeAvailableOffline(page, id, 'Florianópolis');

  await page.goto(`/cidade/${id}/agenteTerritorial/visitas`);
  await expect(page.getByRole('heading', { name: 'Visitas do agente territorial' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Seções do agente territorial' }).getByRole('link', { name: 'Visitas' }),
  ).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('list', { name: 'Visitas' }).getByRole('listitem').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const note = `Visita registrada sem rede ${randomUUID().slice(0, 8)}`;
  await goOffline(context, page);
  await page.getByRole('button', { name: 'Registrar visita realizada' }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar visita realizada' });
  await dialog.getByLabel('Horas realizadas').fill('7,5');
  await dialog.getByLabel('Observações').fill(note);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  const card = page.getByRole('listitem').filter({ hasText: note });
  await expect(card).toBeVisible();
  await expect(card.getByText('Aguardando sincronização')).toBeVisible();
  expect((await serverVisits(request, s, id)).filter((v) => v.observacao === note)).toHaveLength(0);

  await context.setOffline(false);
  await expect(card.getByText('Aguardando sincronização')).toHaveCount(0, { timeout: 20_000 });
  await expect
    .poll(async () => (await serverVisits(request, s, id)).filter((v) => v.observacao === note).map((v) => [v.status, v.horas]))
    .toEqual([['realizada', 7.5]]);
  await expect(card.getByText('Realizada', { exact: true })).toBeVisible();

  // The manager (Operações holds Gestão de Territórios) finds it in the territory's visits.
  const managerContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const manager = await managerContext.newPage();
  await signInAs(manager, 'operacoes@demo.local');
  await manager.goto('/gestao-territorios/visitas');
  await expect(manager.getByRole('heading', { level: 1, name: 'Gestão de Territórios' })).toBeVisible();
  await manager.getByLabel('Situação').selectOption('realizada');
  await manager.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(manager.getByRole('row').filter({ hasText: 'Florianópolis' }).filter({ hasText: '7,5' }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(manager);

  await manager.goto('/gestao-territorios/territorios');
  await expect(manager.getByRole('heading', { name: 'Território Litoral e Vale' })).toBeVisible();
  await expectNoSeriousAxeViolations(manager);
  await managerContext.close();
});

test('the agent cancels a planned visit after confirming, and plans it again', async ({ page, request }) => {
  await signInAs(page, 'agente@demo.local');
  const s = await session(page);
  const id = await cityId(request, s, 'Florianópolis');
  const day = String(1 + Math.floor(Math.random() * 28)).padStart(2, '0');
  const created = await request.post('/api/visita', {
    headers: { ...headers(s), 'idempotency-key': randomUUID() },
    data: { municipioId: id, dataPrevista: `2027-04-${day}`, observacao: `Visita a cancelar ${randomUUID().slice(0, 8)}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const visit = (await created.json()) as Visit;
  const status = async () => (await serverVisits(request, s, id)).find((v) => v.visitaId === visit.visitaId)?.status;

  await page.goto(`/cidade/${id}/agenteTerritorial/visitas/${visit.visitaId}`);
  await page.getByRole('button', { name: `Cancelar a visita de ${day}/04/2027` }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Cancelar visita' }).or(page.getByRole('dialog', { name: 'Cancelar visita' }));
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog).toBeHidden();
  expect(await status()).toBe('planejada');

  await page.getByRole('button', { name: `Cancelar a visita de ${day}/04/2027` }).click();
  await dialog.getByRole('button', { name: 'Cancelar visita' }).click();
  await expect(page.getByText('Visita cancelada.').first()).toBeVisible();
  await expect.poll(status).toBe('cancelada');

  await page.getByRole('button', { name: `Planejar novamente a visita de ${day}/04/2027` }).click();
  await expect(page.getByText('Visita planejada novamente.').first()).toBeVisible();
  await expect.poll(status).toBe('planejada');
  await expectNoSeriousAxeViolations(page);
});
