import type { APIRequestContext } from '@playwright/test';
import { cityId, expect, expectNoSeriousAxeViolations, fillDate, headers, session, type Session, signInAs, test } from './fixtures.ts';

/**
 * Issue 29 item 5 end to end, against the real server: the sala user records a cost in their room's
 * cost page at 360 px, typed as a person types money ("1500,5"); the table, the total and the server
 * (integer cents) agree, and the page is axe clean.
 */

type CostRoom = { custos: Array<{ salaCustoId: number; descricao: string; valor: number }>; resumo: { total: number } };

async function serverRoom(request: APIRequestContext, s: Session, municipioId: number): Promise<CostRoom> {
  const response = await request.get(`/api/salacusto/obter-custo-por-municipio/${municipioId}`, { headers: headers(s) });
  expect(response.status()).toBe(200);
  return (await response.json()) as CostRoom;
}

const brl = (cents: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(cents / 100);

test('the sala user records a cost typed as "1500,5": the table, the total and the server agree, at 360 px with axe', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAs(page, 'sala@demo.local');
  const s = await session(page);
  const id = await cityId(request, s, 'Chapecó');
  const before = (await serverRoom(request, s, id)).resumo.total;

  await page.goto(`/sala-principal/${id}/sala-custo`);
  await expect(page.getByRole('heading', { level: 1, name: 'Custos da sala' })).toBeVisible();
  await expect(page.getByText(brl(before), { exact: true }).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const descricao = `Licença do sistema de senhas ${Date.now()}`;
  await page.getByRole('button', { name: 'Novo custo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo custo' });
  await dialog.getByLabel('Descrição').fill(descricao);
  await dialog.getByLabel('Categoria').selectOption({ label: 'Tecnologia' });
  await dialog.getByLabel('Serviço').selectOption({ label: 'Formalização de MEI' });
  await fillDate(dialog, 'Data', '2026-11-10');
  await dialog.getByLabel('Valor').fill('1500,5');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Custo cadastrado com sucesso').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // At 360 px the table shows its rows as cards (a list).
  const row = page.getByRole('list', { name: 'Custos da sala' }).getByRole('listitem').filter({ hasText: descricao });
  await expect(row).toContainText('R$ 1.500,50');
  await expect(row).toContainText('10/11/2026');
  await expect(row).toContainText('Tecnologia');
  await expect(page.getByText(brl(before + 150_050), { exact: true }).first()).toBeVisible();

  const stored = (await serverRoom(request, s, id)).custos.find((c) => c.descricao === descricao);
  expect(stored?.valor).toBe(150_050);
  await expectNoSeriousAxeViolations(page);
});
