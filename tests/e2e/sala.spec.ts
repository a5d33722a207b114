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
 * The Sala do Empreendedor (issue 29, part A) end to end against the real server: the Sala user
 * records a reading offline, it shows on the map and the chart at once, and reaches the server once
 * when the device is back online; the rooms, the room's home and the map at 360 px with axe.
 */

const INDICATOR = 'Atendimentos realizados na Sala';

type Reading = { indicadorId: number; periodo: string; valor: number };

async function serverReadings(request: APIRequestContext, s: Session, municipioId: number): Promise<Reading[]> {
  const response = await request.get(`/api/salaindicadoresmunicipios?municipioId=${municipioId}`, { headers: headers(s) });
  expect(response.status()).toBe(200);
  return (await response.json()) as Reading[];
}

test('offline: the Sala user records a reading, sees the map and the chart change, and it reaches the server once', async ({
  page,
  context,
  request,
}) => {
  await signInAs(page, 'sala@demo.local', '?variante=sala');
  await serviceWorkerReady(page);
  const s = await session(page);
  const id = await cityId(request, s, 'Chapecó');
  await makeAvailableOffline(page, id, 'Chapecó');

  await page.goto(`/sala-principal/${id}/sala-indicadores-municipio`);
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa de Indicadores' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Seções da sala' }).getByRole('link', { name: 'Mapa de Indicadores' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const row = page.getByRole('row').filter({ hasText: INDICATOR });
  await expect(row).toBeVisible();
  // Only the user's pillar (Ambiente de Negócios): the Compras Públicas indicator is not on their map.
  await expect(page.getByRole('row').filter({ hasText: 'Compras públicas de pequenos negócios' })).toHaveCount(0);
  const chart = page.getByRole('img', { name: new RegExp(`^Histórico de ${INDICATOR}`) });
  await expect(chart).toBeVisible();
  const before = await serverReadings(request, s, id);
  const indicadorId = before.find((r) => r.periodo === '2026-11' && r.valor > 200 && r.valor < 400)!.indicadorId;

  await goOffline(context, page);
  await row.getByRole('button', { name: `Registrar leitura de ${INDICATOR}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Registrar leitura' });
  await expect(dialog.getByLabel('Período')).toHaveValue('2026-11');
  await dialog.getByLabel('Valor (un.)').fill('412');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toContainText('412 un.');
  await expect(row.getByText('pendente')).toBeVisible();
  await expect(chart).toHaveAccessibleName(`Histórico de ${INDICATOR} Última leitura em 11/2026: 412 un.; meta 300 un.`);
  expect((await serverReadings(request, s, id)).find((r) => r.indicadorId === indicadorId && r.periodo === '2026-11')!.valor).not.toBe(412);

  // The room's home reads the same device copy, offline too.
  await page.goto('/sala-municipio-principal');
  await expect(page.getByRole('heading', { level: 1, name: 'Sala do Empreendedor de Chapecó' })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: INDICATOR })).toContainText('412 un.');

  await page.goto(`/sala-principal/${id}/sala-indicadores-municipio`);
  await context.setOffline(false);
  await expect(row.getByText('pendente')).toHaveCount(0, { timeout: 20_000 });
  await expect
    .poll(async () => (await serverReadings(request, s, id)).filter((r) => r.indicadorId === indicadorId && r.periodo === '2026-11').map((r) => r.valor))
    .toEqual([412]);
  await expect(row).toContainText('412 un.');
});

test('the rooms with their seals, a room tab on the register pattern, and the room pages at 360 px with axe', async ({ page }) => {
  await signInAs(page, 'admin@demo.local', '?variante=sala');
  await page.setViewportSize({ width: 360, height: 800 });
  await page.goto('/sala-principal');
  await expect(page.getByRole('heading', { level: 1, name: 'Sala do Empreendedor' })).toBeVisible();
  await expect(page.getByText('Sala do Empreendedor de Chapecó')).toBeVisible();
  await expect(page.getByText('Sala do Empreendedor de Florianópolis')).toBeVisible();
  await expect(page.getByText(/^Selo (Bronze|Prata|Ouro|Diamante)$/).first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('link', { name: 'Sala do Empreendedor de Chapecó', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mapa de Indicadores' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Histórico de / })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('navigation', { name: 'Seções da sala' }).getByRole('link', { name: 'Níveis' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Níveis' })).toBeVisible();
  await expect(page.getByText('Excelente').first()).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  await page.getByRole('navigation', { name: 'Seções da sala' }).getByRole('link', { name: 'Cargos e Serviços' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cargos e Serviços' })).toBeVisible();

  await page.goto('/sala-municipio-principal');
  await page.getByRole('combobox', { name: 'Sala', exact: true }).selectOption({ label: 'Sala do Empreendedor de Chapecó (Chapecó)' });
  await expect(page.getByRole('heading', { level: 1, name: 'Sala do Empreendedor de Chapecó' })).toBeVisible();
  await expect(page.getByText(/^Indicadores na meta: \d+ de \d+/)).toBeVisible();
  // The 5W2H card lists the room's open actions (the seed gives Chapecó some), never a concluded one.
  const open = page.getByRole('list', { name: 'Ações em aberto' }).getByRole('listitem');
  await expect(page.getByText(/^\d+ ações em aberto$/)).toBeVisible();
  await expect(open.first()).toContainText(/(Não iniciado|Em andamento) \(\d+%\)/);
  await expect(open.filter({ hasText: /Concluído|Cancelado/ })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
});
