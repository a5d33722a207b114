import type { APIRequestContext } from '@playwright/test';
import { expect, expectNoSeriousAxeViolations, fillDate, headers, PASSWORD, session, signInAs, test } from './fixtures.ts';

/**
 * Proposals end to end (issue 30, item 1), against the real server and its demo data: a consultant
 * writes a proposal in the form (instalments generated from the municipality's share) and sends it;
 * an analyst (podeAnalisarProposta) approves it on its page and sees the decision in the history.
 * Then the screens at 360 px with axe.
 */

const BASE = '/api/municipio-proposta';

type City = { municipioId: number; nome: string };

async function citiesOf(request: APIRequestContext, login: string): Promise<City[]> {
  const res = await request.post('/api/usuario/login', { headers: { database: 'sc' }, data: { login, senha: PASSWORD } });
  const { token } = (await res.json()) as { token: string };
  return (await (await request.get('/api/municipio', { headers: { authorization: `Bearer ${token}`, database: 'sc' } })).json()) as City[];
}

/** A municipality both the conductor and the analyst work in. */
async function sharedCity(request: APIRequestContext): Promise<City> {
  const analyst = new Set((await citiesOf(request, 'analista@demo.local')).map((c) => c.municipioId));
  const city = (await citiesOf(request, 'condutor@demo.local')).find((c) => analyst.has(c.municipioId));
  if (!city) throw new Error('no municipality shared by the demo conductor and analyst');
  return city;
}

test.describe('proposals', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a consultant writes a proposal with instalments and sends it; an analyst approves it', async ({ page, request }) => {
    test.setTimeout(150_000);
    const city = await sharedCity(request);
    const titulo = `Proposta e2e ${Date.now()}`;

    await signInAs(page, 'condutor@demo.local');
    await page.goto(`/cidade/${city.municipioId}/geral`);
    await page.getByRole('link', { name: 'Proposta', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/cidade/${city.municipioId}/proposta/proposta$`));
    await page.getByRole('link', { name: 'Nova proposta' }).click();

    await page.getByLabel('Título').fill(titulo);
    await page.getByRole('combobox', { name: /Soluções/ }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('combobox', { name: /Eixos/ }).click();
    await page.getByRole('option').first().click();
    await page.keyboard.press('Escape');
    await page.getByRole('textbox', { name: 'Investimento do município' }).fill('10000,01');
    await page.getByRole('textbox', { name: 'Contrapartida do Sebrae' }).fill('5000');
    await expect(page.getByText('R$\u00a015.000,01')).toBeVisible();
    // The money rules are the domain's, checked before anything is sent: a share with no instalments is refused.
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Informe ao menos uma parcela do investimento do município.')).toBeVisible();
    await page.getByRole('textbox', { name: 'Quantidade de parcelas' }).fill('3');
    await fillDate(page, 'Primeiro vencimento', '2027-01-31');
    await page.getByRole('button', { name: 'Gerar parcelas' }).click();
    // The cents that do not divide go one each to the first instalments; months are clamped to their last day.
    await expect(page.getByLabel('Valor da parcela 1')).toHaveValue('R$\u00a03.333,34');
    await expect(page.getByLabel('Vencimento da parcela 2')).toHaveValue('28/02/2027');
    await expect(page.getByText('Soma das parcelas: R$\u00a010.000,01 de R$\u00a010.000,01')).toBeVisible();
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Proposta salva com sucesso')).toBeVisible();
    await expect(page.getByRole('heading', { name: titulo })).toBeVisible();
    await expect(page.getByText('Rascunho')).toBeVisible();

    await page.getByRole('button', { name: 'Enviar para análise' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Proposta enviada para análise').first()).toBeVisible();
    // A consultant without podeAnalisarProposta is offered no decision.
    await expect(page.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

    await signInAs(page, 'analista@demo.local');
    await page.goto(`/cidade/${city.municipioId}/proposta/proposta`);
    await page.getByRole('link', { name: titulo }).click();
    await page.getByRole('button', { name: 'Aprovar' }).click();
    await expect(page.getByText('Proposta aprovada')).toBeVisible();
    await expect(page.getByText('Aprovada', { exact: true })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ hasText: /Aprovada por / })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Aprovar' })).toHaveCount(0);

    // The server agrees: approved, and its instalments add up to the municipality's share in cents.
    const s = await session(page);
    const list = (await (await request.get(`${BASE}/get-by-municipio/${city.municipioId}`, { headers: headers(s) })).json()) as Array<{
      propostaId: number;
      titulo: string;
      status: string;
    }>;
    const mine = list.find((p) => p.titulo === titulo)!;
    expect(mine.status).toBe('aprovada');
    const detail = (await (await request.get(`${BASE}/${mine.propostaId}`, { headers: headers(s) })).json()) as {
      parcelas: Array<{ valor: number }>;
      investimentoMunicipio: number;
    };
    expect(detail.parcelas.map((p) => p.valor)).toEqual([333_334, 333_334, 333_333]);
    expect(detail.investimentoMunicipio).toBe(1_000_001);
  });
});

test('at 360 px the proposal screens fit and have no serious axe violations', async ({ page, request }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 740 });
  const city = await sharedCity(request);
  await signInAs(page, 'analista@demo.local');
  await page.goto(`/cidade/${city.municipioId}/proposta/proposta`);
  await expect(page.getByRole('link', { name: 'Nova proposta' })).toBeVisible();
  const fits = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await fits()).toBeLessThanOrEqual(360);
  await expectNoSeriousAxeViolations(page);

  // A proposal waiting for analysis (the demo has one in each municipality).
  await page.getByRole('link', { name: 'Sala do Empreendedor: ampliação do atendimento' }).first().click();
  await expect(page.getByRole('button', { name: 'Aprovar' })).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(360);
  await expectNoSeriousAxeViolations(page);

  await page.goto(`/cidade/${city.municipioId}/proposta/nova`);
  await expect(page.getByRole('button', { name: 'Gerar parcelas' })).toBeVisible();
  expect(await fits()).toBeLessThanOrEqual(360);
  await expectNoSeriousAxeViolations(page);
});
