import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { evidenceTabOf, fileLimit, TAB_PATH_SEGMENT, type EvidenceQuestion, type EvidenceTab } from '../../src/domain/evidence.ts';
import {
  cityId,
  expect,
  goOffline,
  headers,
  makeAvailableOffline,
  serviceWorkerReady,
  session,
  type Session,
  signInAs,
  test,
} from './fixtures.ts';

/**
 * Issue 15 end to end on a tablet, against the real server: a member chooses two PDFs for a
 * question with no network (an `evidence-upload` on the resumable upload), reconnects, and sends it
 * for analysis; an analyst rejects one file with a justification, approves the other and finalizes;
 * the member sees the resend deadline and resends before it; a seeded question whose deadline has
 * passed shows the closed message; Operacoes reverts an analysis. Every id comes from the API.
 */

test.use({ viewport: { width: 1280, height: 900 } });

const CITY = 'Florianópolis';

async function tabQuestions(request: APIRequestContext, s: Session, tab: EvidenceTab, municipioId: number): Promise<EvidenceQuestion[]> {
  const response = await request.get(`/api/pergunta/perguntamunicipio/get-perguntas-municipios-${TAB_PATH_SEGMENT[tab]}/${municipioId}`, {
    headers: headers(s),
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as EvidenceQuestion[];
}

async function serverQuestion(request: APIRequestContext, s: Session, perguntaMunicipioId: number): Promise<EvidenceQuestion> {
  const response = await request.get(`/api/pergunta/perguntamunicipio/get-pergunta/${perguntaMunicipioId}`, { headers: headers(s) });
  expect(response.status()).toBe(200);
  return (await response.json()) as EvidenceQuestion;
}

/** A small, real PDF (the server checks the type by content). */
function pdf(name: string, text: string) {
  const body = `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`;
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(body) };
}

function badge(page: Page) {
  return page.getByRole('link', { name: /^Sincronização:/ });
}

function questionRow(page: Page, q: Pick<EvidenceQuestion, 'texto'>) {
  return page.getByRole('row').filter({ has: page.getByRole('link', { name: q.texto }) });
}

async function pageAs(browser: Browser, login: string): Promise<Page> {
  const context = await browser.newContext({ locale: 'pt-BR', timezoneId: 'America/Sao_Paulo', viewport: { width: 1280, height: 900 } });
  await context.addInitScript(() => localStorage.setItem('ce:cookies-aceitos-em', String(Date.now())));
  const page = await context.newPage();
  await signInAs(page, login);
  return page;
}

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

test('evidence: uploaded offline, sent, rejected and approved, finalized, resent before the deadline; a closed deadline; Operacoes reverts', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(240_000);

  // ---- The member: two PDFs chosen offline, then sent for analysis online.
  await signInAs(page, 'membro@demo.local');
  await serviceWorkerReady(page);
  const member = await session(page);
  const id = await cityId(request, member, CITY);
  const answered = (await tabQuestions(request, member, 'respondida', id)).find((q) => {
    const limit = fileLimit(q.perguntaId, { cadastrados: q.atendentesCadastrados, atuais: q.atualizacaoAtendentes });
    return q.exigeEvidencia && q.evidencias.length === 0 && q.perguntaId !== 3 && (limit === null || limit >= 2);
  });
  expect(answered, 'the demo data has an answered question without files that takes two files').toBeTruthy();
  const q = answered!;

  await makeAvailableOffline(page, id, CITY);
  await page.goto(`/cidade/${id}/evidencia/respondida`);
  await expect(questionRow(page, q)).toBeVisible();
  await goOffline(context, page);
  const row = questionRow(page, q);
  await row
    .getByLabel(`Arquivos (PDF ou Excel) da pergunta ${q.numero}`)
    .setInputFiles([pdf('lei-municipal.pdf', 'lei'), pdf('decreto.pdf', 'decreto')]);
  await row.getByRole('button', { name: `Enviar arquivos da pergunta ${q.numero}` }).click();
  await expect(badge(page)).toHaveAccessibleName('Sincronização: offline. 1 item pendente');
  await row.getByRole('button', { name: `Mostrar arquivos da pergunta ${q.numero}` }).click();
  await expect(row.getByText('Pendente', { exact: true })).toHaveCount(2);
  expect((await serverQuestion(request, member, q.perguntaMunicipioId)).evidencias).toHaveLength(0);

  await context.setOffline(false);
  await expect(badge(page)).toHaveAccessibleName(/Nenhum item pendente$/, { timeout: 60_000 });
  await expect
    .poll(async () => (await serverQuestion(request, member, q.perguntaMunicipioId)).evidencias.map((e) => e.nomeArquivo).sort())
    .toEqual(['decreto.pdf', 'lei-municipal.pdf']);
  await expect(row.getByText('Pendente', { exact: true })).toHaveCount(0);

  await row.getByRole('button', { name: `Enviar para análise da pergunta ${q.numero}` }).click();
  await page.getByRole('alertdialog', { name: 'Enviar para análise' }).getByRole('button', { name: 'Sim' }).click();
  // Sent: it leaves the answered tab at once (queued), and reaches the server.
  await expect(questionRow(page, q)).toHaveCount(0);
  await expect
    .poll(async () => evidenceTabOf(await serverQuestion(request, member, q.perguntaMunicipioId)), { timeout: 30_000 })
    .toBe('evidenciada');

  // ---- The analyst: rejects one file with a justification, approves the other, finalizes.
  const analystPage = await pageAs(browser, 'analista@demo.local');
  await analystPage.goto(`/cidade/${id}/evidenciar/${q.perguntaMunicipioId}`);
  const review = analystPage.getByRole('table', { name: 'Avaliação das evidências' });
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: 'Rejeitar decreto.pdf' }).click();
  const reject = analystPage.getByRole('dialog', { name: 'Rejeitar decreto.pdf' });
  await reject.getByLabel('Justificativa').fill('Decreto sem assinatura.');
  await reject.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(reject).toHaveCount(0);
  await review.getByRole('button', { name: 'Aprovar lei-municipal.pdf' }).click();
  await expect(review.getByRole('button', { name: 'Aprovar lei-municipal.pdf' })).toHaveCount(0);
  const range = analystPage.getByLabel('Faixa de pontuação');
  if (await range.count()) await range.selectOption({ index: 1 });
  await analystPage.getByRole('button', { name: 'Finalizar avaliação' }).click();
  await expect(analystPage.getByText('Evidência finalizada com sucesso')).toBeVisible();
  const rejected = await serverQuestion(request, member, q.perguntaMunicipioId);
  expect(rejected).toMatchObject({ rejeitada: true, qtdRejeicao: 1 });
  expect(rejected.prazoReenvio).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  await analystPage.context().close();

  // ---- The member sees the deadline and the justification, and resends before it.
  await page.goto(`/cidade/${id}/evidencia/rejeitada`);
  const rejectedRow = questionRow(page, q);
  await expect(rejectedRow.getByText(`${ddmmyyyy(rejected.prazoReenvio!)} às 23:59`)).toBeVisible();
  await rejectedRow.getByRole('button', { name: `Mostrar arquivos da pergunta ${q.numero}` }).click();
  await expect(rejectedRow.getByText('Justificativa: Decreto sem assinatura.')).toBeVisible();
  await rejectedRow.getByLabel(`Arquivos (PDF ou Excel) da pergunta ${q.numero}`).setInputFiles([pdf('decreto-assinado.pdf', 'assinado')]);
  await rejectedRow.getByRole('button', { name: `Enviar arquivos da pergunta ${q.numero}` }).click();
  // The file reaches the server, and the row shows it sent ("Nenhum item pendente" alone may be read
  // before the queue has counted it: the page's store opens with this first queued write).
  await expect
    .poll(async () => (await serverQuestion(request, member, q.perguntaMunicipioId)).evidencias.map((e) => e.nomeArquivo), {
      timeout: 60_000,
    })
    .toContain('decreto-assinado.pdf');
  await expect(rejectedRow.getByText('decreto-assinado.pdf')).toBeVisible();
  await expect(rejectedRow.getByText('Pendente', { exact: true })).toHaveCount(0);
  await expect(badge(page)).toHaveAccessibleName(/Nenhum item pendente$/, { timeout: 60_000 });
  await rejectedRow.getByRole('button', { name: `Enviar para análise da pergunta ${q.numero}` }).click();
  await page.getByRole('alertdialog', { name: 'Enviar para análise' }).getByRole('button', { name: 'Sim' }).click();
  await expect
    .poll(async () => evidenceTabOf(await serverQuestion(request, member, q.perguntaMunicipioId)), { timeout: 30_000 })
    .toBe('evidenciada');
  expect((await serverQuestion(request, member, q.perguntaMunicipioId)).evidencias.map((e) => e.nomeArquivo)).toContain(
    'decreto-assinado.pdf',
  );

  // ---- A seeded rejection whose deadline has passed: the closed message, no file picker.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const closed = (await tabQuestions(request, member, 'rejeitada', id)).find(
    (r) => r.prazoReenvio !== null && r.prazoReenvio < today && r.qtdRejeicao < 2,
  );
  expect(closed, 'the demo data has a rejected question whose resend deadline has passed').toBeTruthy();
  await page.reload();
  const closedRow = questionRow(page, closed!);
  await expect(
    closedRow.getByText(`Prazo para envio de novo arquivo encerrou no dia ${ddmmyyyy(closed!.prazoReenvio!)} às 23:59`),
  ).toBeVisible();
  await expect(closedRow.getByLabel(/Arquivos \(PDF ou Excel\)/)).toHaveCount(0);

  // ---- Operacoes reverts a finalized analysis: the question goes back to analysis.
  const ops = await pageAs(browser, 'operacoes@demo.local');
  const opsSession = await session(ops);
  const approved = (await tabQuestions(request, opsSession, 'aprovada', id))[0];
  expect(approved, 'the demo data has an approved question').toBeTruthy();
  await ops.goto(`/cidade/${id}/evidencia/aprovada`);
  await questionRow(ops, approved!)
    .getByRole('button', { name: `Reverter Análise da pergunta ${approved!.numero}` })
    .click();
  await ops.getByRole('alertdialog', { name: 'Reverter Análise' }).getByRole('button', { name: 'Sim' }).click();
  await expect(questionRow(ops, approved!)).toHaveCount(0);
  const reverted = await serverQuestion(request, opsSession, approved!.perguntaMunicipioId);
  expect(evidenceTabOf(reverted)).toBe('evidenciada');
  expect(reverted.prazoReenvio).toBeNull();
  await ops.context().close();
});

test('on a 1366 px laptop the Rejeitadas table fits: deadline, file picker and send button on screen without sideways scrolling', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await signInAs(page, 'membro@demo.local');
  const member = await session(page);
  const id = await cityId(page.request, member, CITY);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const open = (await tabQuestions(page.request, member, 'rejeitada', id)).find(
    (r) => r.prazoReenvio !== null && r.prazoReenvio >= today && r.qtdRejeicao < 2,
  );
  expect(open, 'the demo data has a rejected question whose resend deadline is open').toBeTruthy();
  await page.goto(`/cidade/${id}/evidencia/rejeitada`);
  const row = questionRow(page, open!);
  const controls = [
    row.getByText(`${ddmmyyyy(open!.prazoReenvio!)} às 23:59`),
    row.getByLabel(`Arquivos (PDF ou Excel) da pergunta ${open!.numero}`),
    row.getByRole('button', { name: `Enviar arquivos da pergunta ${open!.numero}` }),
    row.getByRole('button', { name: `Enviar para análise da pergunta ${open!.numero}` }),
  ];
  for (const control of controls) await expect(control).toBeVisible();
  // The table does not overflow its box, and the page does not scroll sideways.
  const table = page.getByRole('region', { name: 'Rejeitadas' });
  expect(await table.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  for (const control of controls) {
    const box = (await control.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(1366);
  }
});
