import type { APIRequestContext } from '@playwright/test';
import {
  cityId,
  expect,
  expectNoSeriousAxeViolations,
  goOffline,
  makeAvailableOffline,
  serviceWorkerReady,
  headers,
  session,
  type Session,
  signInAs,
  test,
} from './fixtures.ts';

/**
 * Issue 29 items 4 and 9 end to end, against the real server: the sala user's 5W2H room, a plan's
 * public read-only link opened without login (and refused once revoked), a plan updated offline that
 * reaches the server when the connection is back, and both screens at 360 px with axe.
 */

type Plan = { sala5w2hId: number; oQue: string; progresso: number; status: string };

async function newPlan(request: APIRequestContext, s: Session, municipioId: number, oQue: string): Promise<Plan> {
  const response = await request.post('/api/sala5w2h/cadastrar-5w2h', {
    headers: headers(s),
    data: {
      municipioId,
      oQue,
      porQue: 'Filas longas no balcão',
      onde: 'Sala do Empreendedor',
      quando: '2026-12-15',
      quem: 'Equipe de atendimento',
      como: 'Senhas e agendamento on-line',
      quanto: 250_075,
      status: 'em-andamento',
      progresso: 20,
    },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as Plan;
}

async function serverPlan(request: APIRequestContext, s: Session, municipioId: number, id: number): Promise<Plan | undefined> {
  const response = await request.get(`/api/sala5w2h?municipioId=${municipioId}`, { headers: headers(s) });
  return ((await response.json()) as Plan[]).find((p) => p.sala5w2hId === id);
}

test('the public link opens one plan read-only without login, at 360 px, until it is revoked', async ({ page, request, browser }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAs(page, 'sala@demo.local');
  const s = await session(page);
  const id = await cityId(request, s, 'Chapecó');
  const plan = await newPlan(request, s, id, `Agendamento on-line ${Date.now()}`);

  await page.goto(`/sala-principal/${id}/sala-5w2h`);
  await expect(page.getByRole('heading', { level: 1, name: 'Planos de ação 5W2H' })).toBeVisible();
  await expect(page.getByText(plan.oQue)).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('button', { name: `Link público do plano ${plan.oQue}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Link público do plano' });
  await dialog.getByRole('button', { name: 'Criar link público' }).click();
  const link = dialog.getByRole('textbox', { name: 'Link público' });
  await expect(link).toHaveValue(new RegExp(`/sala-5w2h/[A-Za-z0-9_-]{32}/${plan.sala5w2hId}$`));
  const url = await link.inputValue();

  // Someone outside the product: a fresh browser, no session.
  const outside = await browser.newContext({ viewport: { width: 360, height: 800 }, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const visitor = await outside.newPage();
  await visitor.goto(url);
  await expect(visitor.getByRole('heading', { level: 1, name: plan.oQue })).toBeVisible();
  await expect(visitor.getByText('R$ 2.500,75')).toBeVisible();
  await expect(visitor.getByText('15/12/2026')).toBeVisible();
  await expect(visitor.getByText(/Sala do Empreendedor de Chapecó \/ SC/)).toBeVisible();
  await expect(visitor.getByRole('button', { name: /Editar|Excluir|Salvar/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(visitor);

  await dialog.getByRole('button', { name: 'Revogar link' }).click();
  await expect(dialog.getByRole('button', { name: 'Criar link público' })).toBeVisible();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { level: 1, name: 'Plano de ação não encontrado' })).toBeVisible();
  await outside.close();
});

test('offline: the sala user updates a plan, sees it pending, and it reaches the server when back online', async ({
  page,
  context,
  request,
}) => {
  await signInAs(page, 'sala@demo.local', '?variante=sala');
  await serviceWorkerReady(page);
  const s = await session(page);
  const id = await cityId(request, s, 'Chapecó');
  const plan = await newPlan(request, s, id, `Mutirão de alvarás ${Date.now()}`);
  // The municipality on the device ("Disponível offline"): its room's plans come with it.
  await makeAvailableOffline(page, id, 'Chapecó');

  await page.goto(`/sala-principal/${id}/sala-5w2h`);
  const row = page.getByRole('row').filter({ hasText: plan.oQue });
  await expect(row).toBeVisible();

  await goOffline(context, page);
  await page.getByRole('button', { name: `Editar plano de ação ${plan.oQue}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar plano de ação' });
  await dialog.getByLabel('Progresso (%)').fill('75');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByText('Pendente de envio')).toBeVisible();
  await expect(row.getByText('75%')).toBeVisible();
  expect((await serverPlan(request, s, id, plan.sala5w2hId))?.progresso).toBe(20);

  await context.setOffline(false);
  await expect(row.getByText('Pendente de envio')).toBeHidden({ timeout: 30_000 });
  await expect.poll(async () => (await serverPlan(request, s, id, plan.sala5w2hId))?.progresso).toBe(75);
  await expect(row.getByText('75%')).toBeVisible();
});
