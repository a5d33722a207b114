import { CRITERIA } from '../../src/domain/mystery-shopper.ts';
import { cityId, expect, expectNoSeriousAxeViolations, fillDate, session, signInAs, test } from './fixtures.ts';

/**
 * Cliente oculto end to end (issue 31 item 3), against the real server and its demo data: the
 * administrator opens the municipality's Cliente Oculto tab (the result), opens the evaluation,
 * creates a round, answers the questionnaire (the score and seal follow each answer), attaches an
 * evidence file, finalizes it (read-only from then on) and the certificate downloads from its public
 * link without login. A result-only group (naoVerClienteOculto) is refused the evaluation. 360 px with axe.
 */

/** The smallest valid PNG (1×1): the server checks the real type from the file's first bytes. */
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

test('an administrator evaluates a round, finalizes it and the seal certificate downloads without login', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, 'administrador@demo.local');
  const id = await cityId(page.request, await session(page), 'Joinville');
  const grupo = `Ciclo e2e ${Date.now()}`;

  await page.goto(`/cidade/${id}/geral`);
  await page
    .getByRole('navigation', { name: /Seções d/ })
    .getByRole('link', { name: 'Cliente Oculto', exact: true })
    .click();
  await expect(page).toHaveURL(new RegExp(`/cidade/${id}/cliente-oculto/info$`));
  await expect(page.getByRole('heading', { name: 'Cliente Oculto', level: 2 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Histórico de rodadas' })).toBeVisible();

  await page.getByRole('link', { name: 'Abrir avaliação' }).click();
  await expect(page.getByRole('heading', { name: 'Rodadas de avaliação' })).toBeVisible();
  await page.getByRole('link', { name: 'Nova rodada' }).click();
  await page.getByLabel('Grupo (ciclo de avaliação)').fill(grupo);
  // An old visit date: the municipality's own seal follows its latest round, which this one is not.
  await fillDate(page, 'Data da visita', '2020-01-15');
  await page.getByLabel('Avaliador', { exact: true }).fill('Avaliadora E2E');
  await page.getByLabel('Canal').selectOption({ label: 'Presencial' });
  await page.getByRole('button', { name: 'Criar rodada' }).click();
  await expect(page.getByRole('heading', { name: `Rodada ${grupo}` })).toBeVisible();

  const summary = page.getByRole('status', { name: 'Pontuação da rodada' });
  await expect(summary).toContainText('Pontuação: 0,0%');
  await page.getByLabel(CRITERIA.find((c) => c.id === 'resolucao-demanda')!.texto).selectOption({ label: 'Sim' });
  await expect(summary).toContainText(`1 de ${CRITERIA.length} critérios respondidos`);
  for (const c of CRITERIA)
    await page.getByLabel(c.texto, { exact: true }).selectOption(c.tipo === 'sim-nao' ? { label: 'Sim' } : { label: String(c.max) });
  await expect(summary).toContainText('Pontuação: 100,0%');
  await expect(summary).toContainText('Selo Ouro');

  await page.locator('input[type="file"]').setInputFiles({ name: 'fachada.png', mimeType: 'image/png', buffer: TINY_PNG });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Rodada salva.').first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Baixar fachada.png' })).toBeVisible();

  await page.getByRole('button', { name: 'Finalizar rodada' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Rodada finalizada.').first()).toBeVisible();
  await expect(page.getByText('Resultado final da rodada.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expect(page.getByRole('status', { name: 'Pontuação da rodada' })).toContainText('Selo Ouro');

  await page.goto(`/cidade/${id}/cliente-oculto/info`);
  const certificate = page.getByRole('link', { name: `Certificado de ${grupo}` });
  await expect(certificate).toBeVisible();
  const href = await certificate.getAttribute('href');
  expect(href).toMatch(/^\/cliente-oculto\/selo\/download\/[A-Za-z0-9_-]{43}$/);

  // Without login: a browser that never signed in.
  const visitor = await browser.newContext();
  const anonymous = await visitor.newPage();
  const download = anonymous.waitForEvent('download');
  await anonymous.goto(href!);
  expect((await download).suggestedFilename()).toBe('Selo Cliente Oculto Joinville.pdf');
  await expect(anonymous.getByText(/O download de Selo Cliente Oculto Joinville\.pdf foi iniciado/)).toBeVisible();
  await anonymous.goto(href!.replace(/.{4}$/, 'AAAA'));
  await expect(anonymous.getByText('Arquivo não encontrado: o link é inválido ou expirou.')).toBeVisible();
  await visitor.close();
});

test('a result-only group sees the seal but not the evaluation; the screens pass axe at 360 px', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await signInAs(page, 'operacoes@demo.local');
  const id = await cityId(page.request, await session(page), 'Florianópolis');
  await page.goto(`/cidade/${id}/cliente-oculto/info`);
  await expect(page.getByText('Selo Ouro').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar certificado do selo' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Abrir avaliação' })).toHaveCount(0);
  await expectNoSeriousAxeViolations(page);
  await page.goto(`/cidade/${id}/cliente-oculto`);
  await expect(page.getByText('Seu grupo vê apenas o resultado do Cliente Oculto.')).toBeVisible();

  await signInAs(page, 'administrador@demo.local');
  const joinville = await cityId(page.request, await session(page), 'Joinville');
  await page.goto(`/cidade/${joinville}/cliente-oculto`);
  await expect(page.getByRole('heading', { name: 'Rodadas de avaliação' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  // The demo's open round, half answered.
  await page.getByRole('link', { name: /Ciclo 2026\/2/ }).click();
  await expect(page.getByRole('heading', { name: 'Rodada Ciclo 2026/2' })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Pontuação da rodada' })).toContainText(`5 de ${CRITERIA.length} critérios respondidos`);
  await expectNoSeriousAxeViolations(page);
});
