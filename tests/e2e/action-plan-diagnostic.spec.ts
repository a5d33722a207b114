import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download } from '@playwright/test';
import type { ActionPlan, DiagnosticState, FollowupListItem } from '../../src/domain/followups.ts';
import { readPdf } from '../../src/features/followups/testing/pdf-text.ts';
import { cityId, expect, expectNoSeriousAxeViolations, headers, session, signInAs, test, type Session } from './fixtures.ts';

/**
 * Issue 14 items 5 and 6 end to end, against the real server on a desktop: a consultant builds the
 * action plan of two follow-ups (the questions answered Não by theme, with the solutions and tasks
 * that address them), prints it without the app around it and downloads its PDF; then answers the
 * diagnostic's question 112, sends the diagnostic and can change nothing more.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const CONSULTANT = 'condutor@demo.local';
// The demo data's finalized follow-ups with Não answers are Florianópolis's; the plan only reads them.
const PLAN_CITY = 'Florianópolis';
// A municipality of the consultant's that the follow-up specs do not answer: sending its diagnostic is final.
const DIAGNOSTIC_CITY = 'Chapecó';

/** The text lines of the PDF as a reader copies them (embedded fonts: glyphs read back through each font's map). */
async function pdfText(download: Download): Promise<string[]> {
  const raw = (await readFile(await download.path())).toString('latin1');
  expect(raw.startsWith('%PDF-')).toBe(true);
  return readPdf(raw).lines;
}

async function followups(request: APIRequestContext, s: Session, municipioId: number): Promise<FollowupListItem[]> {
  const response = await request.get(`/api/acompanhamento/acompanhamentos/${municipioId}`, { headers: headers(s) });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as FollowupListItem[];
}

test('a consultant builds, prints and downloads the action plan of two follow-ups', async ({ page }) => {
  await signInAs(page, CONSULTANT);
  const s = await session(page);
  const municipioId = await cityId(page.request, s, PLAN_CITY);

  // Two theme follow-ups of the demo data with questions answered Não.
  // Of two themes: another spec may add a follow-up of a theme that already has one, under the same title.
  const chosen = (await followups(page.request, s, municipioId))
    .filter((f) => !f.diagnostico && f.nao > 0)
    .filter((f, i, all) => all.findIndex((o) => o.nome === f.nome) === i)
    .slice(0, 2);
  expect(chosen, 'the demo data has two follow-ups with Não answers').toHaveLength(2);
  const ids = chosen.map((f) => f.acompanhamentoId);

  // What the server says the plan holds: the screen and the PDF must show it.
  const planResponse = await page.request.get(`/api/acompanhamento/acompanhamentos/plano-acao/${municipioId}?ids=${ids.join(',')}`, {
    headers: headers(s),
  });
  expect(planResponse.status()).toBe(200);
  const plan = (await planResponse.json()) as ActionPlan;
  const temas = plan.temas.filter((t) => t.perguntas.length > 0);
  expect(temas.length).toBeGreaterThan(0);

  // Selected in the follow-up list, as a consultant does; the button waits for a selection.
  await page.goto(`/cidade/${municipioId}/acompanhamento`);
  const planButton = page.getByRole('button', { name: 'Plano de ação' });
  await expect(planButton).toBeDisabled();
  for (const f of chosen) {
    const row = page
      .getByRole('row')
      .filter({ has: page.locator(`a[href="/cidade/${municipioId}/acompanhamento/obter/${f.acompanhamentoId}"]`) });
    await row.getByRole('checkbox', { name: `Selecionar ${f.nome}`, exact: true }).check();
  }
  await planButton.click();
  await expect(page).toHaveURL(new RegExp(`/cidade/${municipioId}/pmd/(${ids.join(',')}|${[...ids].reverse().join(',')})$`));

  await expect(page.getByRole('heading', { name: 'Plano de ação', level: 2 })).toBeVisible();
  for (const f of chosen) await expect(page.getByText(new RegExp(`^${f.nome} \\(\\d\\d/\\d\\d/\\d{4}\\)$`))).toBeVisible();
  for (const tema of temas) {
    const section = page.getByRole('region', { name: tema.nome, exact: true });
    await expect(section.getByText(`Eixo: ${tema.eixoNome}`)).toBeVisible();
    const first = [...tema.perguntas].sort((a, b) => a.numero - b.numero)[0]!;
    await expect(section.getByText(`${first.numero}. ${first.texto}`, { exact: true })).toBeVisible();
    for (const solucao of tema.solucoes) await expect(section.getByText(solucao.nome, { exact: true })).toBeVisible();
  }
  await expectNoSeriousAxeViolations(page);

  // Printed, the page is the plan alone: no header, menus, tabs or buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Plano de ação', level: 2 })).toBeVisible();
  await page.emulateMedia({ media: 'screen' });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe('plano-de-acao-florianopolis.pdf');
  const text = await pdfText(download);
  expect(text[0]).toBe(`Plano de ação - ${PLAN_CITY}`);
  for (const tema of temas) {
    expect(text).toContain(tema.nome);
    expect(text).toContain(`Eixo: ${tema.eixoNome}`);
  }
  const firstQuestion = [...temas[0]!.perguntas].sort((a, b) => a.numero - b.numero)[0]!;
  expect(text.some((line) => line.startsWith(`${firstQuestion.numero}. `))).toBe(true);
  expect(text.at(-1)).toMatch(/^Página (\d+) de \1$/);

  // A mistyped address says what is wrong instead of breaking.
  await page.goto(`/cidade/${municipioId}/pmd/abc`);
  await expect(page.getByRole('alert')).toContainText('Endereço inválido');
});

test('a consultant answers question 112, sends the diagnostic and can change nothing more', async ({ page }) => {
  await signInAs(page, CONSULTANT);
  const s = await session(page);
  const municipioId = await cityId(page.request, s, DIAGNOSTIC_CITY);
  const before = (await (
    await page.request.get(`/api/seloDiagnosticoResposta/obter-diagnostico-resposta-por-municipio/${municipioId}`, { headers: headers(s) })
  ).json()) as DiagnosticState;
  expect(before.situacao).not.toBe('Enviado');
  const q112 = before.respostas.find((r) => r.perguntaId === 112);
  expect(q112, 'a consultant answers question 112').toBeDefined();

  // Reached from the city's follow-up list.
  await page.goto(`/cidade/${municipioId}/acompanhamento`);
  await page.getByRole('link', { name: 'Diagnóstico', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/diagnostico/${municipioId}$`));
  await expect(page.getByRole('heading', { name: 'Diagnóstico', level: 1 })).toBeVisible();
  await expect(page.getByText(DIAGNOSTIC_CITY, { exact: true }).first()).toBeVisible();
  await expect(page.getByText(before.situacao, { exact: true })).toBeVisible();

  // The answer 112 does not have yet (Sim unless it is already Sim).
  const group = page.getByRole('group', { name: q112!.texto });
  const choice = q112!.resposta === true ? 'Não' : 'Sim';
  await group.getByRole('button', { name: choice }).click();
  await expect(group.getByRole('button', { name: choice })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('Em Preenchimento', { exact: true })).toBeVisible();
  await expectNoSeriousAxeViolations(page);

  const [pdf] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect((await readFile(await pdf.path())).subarray(0, 5).toString()).toBe('%PDF-');

  await page.getByRole('button', { name: 'Enviar diagnóstico' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Enviar diagnóstico' });
  await dialog.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Enviado', { exact: true })).toBeVisible();
  await expect(page.getByText('Diagnóstico enviado com sucesso')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Enviar diagnóstico' })).toBeDisabled();
  for (const button of await page.getByRole('region', { name: 'Perguntas do diagnóstico' }).getByRole('button').all())
    await expect(button).toBeDisabled();

  // The server keeps it: a reload shows it sent, with the answer given.
  await page.reload();
  await expect(page.getByText('Enviado', { exact: true })).toBeVisible();
  await expect(page.getByRole('group', { name: q112!.texto }).getByRole('button', { name: choice })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The themes list shows each theme's situation; a theme opens the answering page on it.
  await page.getByRole('link', { name: 'Ver temas do diagnóstico' }).click();
  await expect(page).toHaveURL(`/diagnostico/${municipioId}/tema`);
  const table = page.getByRole('table', { name: 'Temas' });
  await expect(table.getByRole('columnheader', { name: 'Situação' })).toBeVisible();
  const after = (await (
    await page.request.get(`/api/seloDiagnosticoResposta/obter-diagnostico-resposta-por-municipio/${municipioId}`, { headers: headers(s) })
  ).json()) as DiagnosticState;
  expect(after.temas.length).toBeGreaterThan(0);
  for (const tema of after.temas) {
    const row = table.getByRole('row', { name: new RegExp(tema.nome) });
    await expect(row).toContainText(`${tema.respondidas} de ${tema.total}`);
    await expect(row).toContainText(tema.situacao);
  }
  const first = after.temas.find((t) => t.total > 0)!;
  await table.getByRole('link', { name: first.nome, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cidade/${municipioId}/acompanhamento/obter/\\d+\\?tema=${first.temaId}$`));
  // The answering page (the follow-ups feature) groups by pillar (spec §2): narrowed to one theme, it shows the one
  // section of that theme's axis.
  await expect(page.getByRole('region', { name: /^Eixo: / })).toHaveCount(1);
});
