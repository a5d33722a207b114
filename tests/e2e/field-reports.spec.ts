import type { APIRequestContext, Page } from '@playwright/test';
import {
  cityId,
  expect,
  expectNoSeriousAxeViolations,
  fillDate,
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
 * Issue 5 field reports end to end, against the real server: a report written offline from a
 * meeting, with attachments and a guest registered offline, reaches the server exactly once; an
 * analyst rejects it and its author reads the reason; the §5 rules speak in order.
 */

type FreeMeeting = {
  encontroId: number;
  grupoNome: string;
  titulo: string | null;
  inicio: string;
  tarefas: unknown[];
  convidados: unknown[];
};
type ServerReport = {
  relatorioId: number;
  titulo: string;
  statusRelatorioId: number;
  motivoRejeicao: string | null;
  convidadosRelatorio: Array<{ membroId: number; nome: string; presente: boolean }>;
  arquivos: Array<{ nome: string; tamanho: number }>;
};

async function freeMeetings(request: APIRequestContext, s: Session, municipioId: number): Promise<FreeMeeting[]> {
  const response = await request.get(`/api/calendario/encontro/get-by-municipio-sem-relatorio/${municipioId}`, { headers: headers(s) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as FreeMeeting[]).filter((m) => m.tarefas.length > 0 && m.convidados.length > 0);
}

async function serverReports(request: APIRequestContext, s: Session, municipioId: number, titulo: string) {
  const response = await request.get(`/api/relatorio/get-by-municipio/${municipioId}`, { headers: headers(s) });
  return ((await response.json()) as Array<{ relatorioId: number; titulo: string; motivoRejeicao: string | null }>).filter(
    (r) => r.titulo === titulo,
  );
}

async function serverReport(request: APIRequestContext, s: Session, relatorioId: number): Promise<ServerReport> {
  const response = await request.get(`/api/relatorio/get-by-id/${relatorioId}`, { headers: headers(s) });
  expect(response.ok()).toBe(true);
  return (await response.json()) as ServerReport;
}

/** The meeting combo's label: São Paulo date and time, group, title. */
function meetingOption(m: FreeMeeting): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    timeZone: 'America/Sao_Paulo',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
  }).formatToParts(new Date(m.inicio));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  const when = `${get('day')}/${get('month')}/${get('year')} ${get('hour')}:${get('minute')}`;
  return [when, m.grupoNome, m.titulo?.trim() || null].filter(Boolean).join(' · ');
}

async function chooseMeeting(page: Page, meeting: FreeMeeting) {
  await page.getByRole('combobox', { name: 'Encontro' }).click();
  await page.getByRole('option', { name: meetingOption(meeting), exact: true }).click();
  await expect(page.getByRole('combobox', { name: 'Encontro' })).toHaveValue(meetingOption(meeting));
}

/** A valid-looking PDF (the server checks the type by its first bytes), padded to `bytes` when given. */
function pdf(name: string, text: string, bytes = 0) {
  const head = Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`);
  return {
    name,
    mimeType: 'application/pdf',
    buffer: bytes > head.length ? Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]) : head,
  };
}

/** Issue 4 asks for a 5 MB file queued offline: several resumable chunks, kept across a reload. */
const FIVE_MB = 5 * 1024 * 1024;

function editor(page: Page) {
  return page.getByRole('textbox', { name: 'Relatório' });
}

function reportRow(page: Page, titulo: string) {
  return page.getByRole('row').filter({ hasText: titulo });
}

test('offline: a consultant writes a report from a meeting with 2 attachments and a new guest; it reaches the server once, an analyst rejects it, the author reads why and corrects it', async ({
  page,
  context,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, 'condutor@demo.local');
  await serviceWorkerReady(page);
  const s = await session(page);
  const id = await cityId(request, s, 'Florianópolis');
  const meeting = (await freeMeetings(request, s, id))[0]!;
  await makeAvailableOffline(page, id, 'Florianópolis');
  // Opening the list online also tells the device which meetings already have a report.
  await page.goto(`/cidade/${id}/relatorio`);
  await expect(page.getByRole('heading', { level: 2, name: 'Relatórios' })).toBeVisible();

  await goOffline(context, page);
  await page.getByRole('link', { name: 'Novo relatório' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Novo relatório' })).toBeVisible();
  await expect(page.getByText('O relatório e os anexos serão salvos neste aparelho')).toBeVisible();

  await chooseMeeting(page, meeting);
  const titulo = `Relatório offline ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(titulo);
  await editor(page).fill('Encontro realizado com o grupo; ações revisadas.');
  await page.getByLabel('Pessoas físicas atendidas').fill('15');

  // A guest registered right here, offline: a temporary id until the server names the member.
  await page.getByRole('tab', { name: /^Convidados/ }).click();
  await expect(page.getByText(`${meeting.convidados.length} convidado(s), ${meeting.convidados.length} presente(s).`)).toBeVisible();
  await page.getByRole('button', { name: 'Cadastrar membro' }).click();
  const memberDialog = page.getByRole('dialog', { name: 'Novo membro' });
  const guest = `Convidada Offline ${Date.now()}`;
  await memberDialog.getByLabel('Nome', { exact: true }).fill(guest);
  await memberDialog.getByLabel('E-mail').fill(`convidada.${Date.now()}@exemplo.com.br`);
  await memberDialog.getByLabel('Telefone').fill(`489${String(Date.now()).slice(-8)}`);
  await memberDialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(memberDialog).toBeHidden();
  await expect(page.getByRole('checkbox', { name: `Presente: ${guest}` })).toBeChecked();

  await page.getByRole('tab', { name: /^Anexos/ }).click();
  await page.getByLabel('Adicionar anexos').setInputFiles([pdf('lista-de-presenca.pdf', 'presenca'), pdf('fotos.pdf', 'fotos', FIVE_MB)]);
  await expect(page.getByText('lista-de-presenca.pdf')).toBeVisible();
  await expect(page.getByText('fotos.pdf')).toBeVisible();

  await page.getByRole('tab', { name: 'Tarefas' }).click();
  // .all() does not wait: first the tab must show the meeting's tasks, then every one is marked.
  const fulfilled = page.getByRole('checkbox', { name: /^Cumprida: / });
  await expect(fulfilled).not.toHaveCount(0);
  for (const box of await fulfilled.all()) await expect(box).toBeChecked();

  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByText('Relatório salvo com sucesso')).toBeVisible();
  await expect(page.getByText('Será enviado quando houver conexão.', { exact: true })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/cidade/${id}/relatorio$`));
  await expect(reportRow(page, titulo).getByText('pendente')).toBeVisible();

  // A reload with no network: the app from the service worker, the report and its files from IndexedDB.
  await page.reload();
  await expect(reportRow(page, titulo).getByText('pendente')).toBeVisible();
  expect(await serverReports(request, s, id, titulo)).toHaveLength(0);

  // Back online: the member, then the files and the report, once.
  await context.setOffline(false);
  await expect(reportRow(page, titulo).getByText('pendente')).toHaveCount(0, { timeout: 30_000 });
  await expect.poll(async () => (await serverReports(request, s, id, titulo)).length, { timeout: 20_000 }).toBe(1);
  const [created] = await serverReports(request, s, id, titulo);
  await expect(reportRow(page, titulo).getByRole('cell').first()).toHaveText(String(created!.relatorioId));
  const full = await serverReport(request, s, created!.relatorioId);
  expect(full.arquivos.map((a) => a.nome).sort()).toEqual(['fotos.pdf', 'lista-de-presenca.pdf']);
  expect(full.arquivos.find((a) => a.nome === 'fotos.pdf')?.tamanho).toBe(FIVE_MB);
  const newGuest = full.convidadosRelatorio.find((g) => g.nome === guest);
  expect(newGuest?.presente).toBe(true);
  expect(newGuest!.membroId).toBeGreaterThan(0);
  expect(full.convidadosRelatorio).toHaveLength(meeting.convidados.length + 1);
  expect(full.statusRelatorioId).toBe(2);

  // The analyst rejects it with a reason.
  const analystContext = await browser.newContext();
  const analyst = await analystContext.newPage();
  await analyst.addInitScript(() => localStorage.setItem('ce:cookies-aceitos-em', String(Date.now())));
  await signInAs(analyst, 'analista@demo.local');
  await analyst.goto(`/cidade/${id}/relatorio/obter/${created!.relatorioId}`);
  await expect(analyst.getByRole('heading', { level: 2, name: titulo })).toBeVisible();
  await expect(analyst.getByText(guest)).toBeVisible();
  // Attachments download through the API, under their own names.
  const download = analyst.waitForEvent('download');
  await analyst.getByRole('button', { name: 'Baixar fotos.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('fotos.pdf');
  await analyst.getByRole('button', { name: 'Rejeitar' }).click();
  const reject = analyst.getByRole('dialog', { name: 'Rejeitar relatório' });
  await reject.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(reject.getByText('Informe o motivo da rejeição')).toBeVisible();
  const motivo = 'Falta a lista de presença assinada';
  await reject.getByLabel('Motivo da rejeição').fill(motivo);
  await reject.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(reject).toBeHidden();
  await expect(analyst.getByText(motivo)).toBeVisible();
  expect((await serverReport(request, s, created!.relatorioId)).statusRelatorioId).toBe(3);
  await analystContext.close();

  // The author sees the reason in the list, on a row toned as "reason visible".
  await page.reload();
  const row = reportRow(page, titulo);
  await expect(row).toContainText(motivo);
  await expect(row).toHaveAttribute('data-tone', 'warning');
  await expect(row).toContainText('Rejeitado');

  // The public page (no login) shows the report, and nothing a shared link should not: no reason, no author.
  const publicContext = await browser.newContext();
  const visitor = await publicContext.newPage();
  const codigo = ((await serverReport(request, s, created!.relatorioId)) as ServerReport & { codigoPublico: string }).codigoPublico;
  await visitor.goto(`/obter_publico/${codigo}`);
  await expect(visitor.getByRole('heading', { level: 1, name: titulo })).toBeVisible();
  await expect(visitor.getByText('Encontro realizado com o grupo; ações revisadas.')).toBeVisible();
  await expect(visitor.getByText(guest)).toBeVisible();
  await expect(visitor.getByText('fotos.pdf')).toBeVisible();
  await expect(visitor.getByText(motivo)).toHaveCount(0);
  await expect(visitor.getByText('Carlos Eduardo Vieira')).toHaveCount(0);
  await expect(visitor).toHaveURL(new RegExp(`/obter_publico/${codigo}$`));
  await visitor.goto(`/obter_publico/${created!.relatorioId}`);
  await expect(visitor.getByRole('heading', { level: 1, name: 'Relatório não encontrado' })).toBeVisible();
  await publicContext.close();

  // The author corrects the rejected report online: it goes back to analysis.
  await row.getByRole('link', { name: titulo }).click();
  await expect(page.getByText(motivo)).toBeVisible();
  await page.getByRole('button', { name: 'Editar' }).click();
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(`${titulo} (corrigido)`);
  // One file replaced by a new one: the old is marked for removal, the new is uploaded on save.
  await page.getByRole('tab', { name: /^Anexos/ }).click();
  await page.getByRole('button', { name: 'Remover fotos.pdf' }).click();
  await page.getByLabel('Adicionar anexos').setInputFiles([pdf('ata-corrigida.pdf', 'ata corrigida')]);
  await expect(page.getByRole('list', { name: 'Anexos escolhidos' }).getByText('ata-corrigida.pdf')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Anexos (2)' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar alterações' }).click();
  await expect(page.getByText('Relatório salvo com sucesso')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: `${titulo} (corrigido)` })).toBeVisible();
  await expect(page.getByText('Aguardando análise')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Baixar ata-corrigida.pdf' })).toBeVisible();
  const edited = await serverReport(request, s, created!.relatorioId);
  expect(edited.statusRelatorioId).toBe(2);
  expect(edited.arquivos.map((a) => a.nome).sort()).toEqual(['ata-corrigida.pdf', 'lista-de-presenca.pdf']);

  // While it waits for analysis the author may delete it, after confirming; it leaves the list and the server.
  await page.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Excluir relatório' }).getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Relatório excluído com sucesso')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/cidade/${id}/relatorio$`));
  await expect(reportRow(page, titulo)).toHaveCount(0);
  expect((await request.get(`/api/relatorio/get-by-id/${created!.relatorioId}`, { headers: headers(s) })).status()).toBe(404);
});

test('each §5 rule speaks in order, as a notification on the highlighted field, and nothing typed is lost', async ({ page, request }) => {
  await signInAs(page, 'condutor@demo.local');
  const s = await session(page);
  const id = await cityId(request, s, 'Joinville');
  const meeting = (await freeMeetings(request, s, id))[0]!;
  await page.goto(`/cidade/${id}/relatorio/inserir`);
  const finalizar = page.getByRole('button', { name: 'Finalizar' });

  await finalizar.click();
  await expect(page.getByText('É necessário preencher o relatório do evento').first()).toBeVisible();
  await expect(editor(page)).toHaveAttribute('aria-invalid', 'true');

  await editor(page).fill('Relato do encontro');
  await finalizar.click();
  await expect(page.getByText('O encontro deve estar preenchido').first()).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Encontro' })).toHaveAttribute('aria-invalid', 'true');

  await chooseMeeting(page, meeting);
  // Choosing the meeting titled the report after it; the user's own title replaces that.
  await expect(page.getByRole('textbox', { name: 'Título', exact: true })).toHaveValue(
    new RegExp(`^${meeting.grupoNome} - \\d{2}/\\d{2}/\\d{4}$`),
  );
  await page.getByRole('textbox', { name: 'Título', exact: true }).fill('Título digitado');
  // Santa Catarina requires the execution type.
  await page.getByLabel('Tipo de execução', { exact: true }).selectOption('');
  await finalizar.click();
  await expect(page.getByText('O tipo de execução deve estar preenchido').first()).toBeVisible();
  await expect(page.getByLabel('Tipo de execução', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  // Still on the form with everything typed: the text, the title, the meeting.
  await expect(page).toHaveURL(/\/relatorio\/inserir$/);
  await expect(page.getByRole('textbox', { name: 'Título', exact: true })).toHaveValue('Título digitado');
  await page.getByRole('tab', { name: 'Relatório' }).click();
  await expect(editor(page)).toHaveText('Relato do encontro');
  await expect(page.getByRole('combobox', { name: 'Encontro' })).toHaveValue(meetingOption(meeting));
});

test('axe: no serious or critical violations on the report screens at 360 px, and no sideways page scroll', async ({ page, request }) => {
  // Four screens, each with a full axe pass (several seconds apiece on a busy 2-core machine).
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 360, height: 800 });
  await signInAs(page, 'condutor@demo.local');
  const s = await session(page);
  const id = await cityId(request, s, 'Chapecó');
  await page.goto(`/cidade/${id}/relatorio`);
  // On a phone the report table is a list of cards, one per report.
  const firstCard = page.getByRole('list', { name: 'Relatórios' }).getByRole('listitem').first();
  await expect(firstCard.getByRole('link')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await firstCard.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 3, name: 'Relatório' })).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto(`/cidade/${id}/relatorio/inserir`);
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(editor(page)).toHaveAttribute('aria-invalid', 'true');
  await expectNoSeriousAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await page.goto('/meus-relatorios');
  await expect(page.getByRole('heading', { level: 1, name: 'Meus Relatórios' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Meus Relatórios' }).getByRole('listitem').first().getByRole('link')).toBeVisible();
  await expectNoSeriousAxeViolations(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test('Meus Relatórios: the period is typed as DD/MM/AAAA; an impossible date is refused', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  await page.goto('/meus-relatorios');
  await expect(page.getByRole('heading', { level: 1, name: 'Meus Relatórios' })).toBeVisible();
  const from = page.getByLabel('De', { exact: true });
  await from.pressSequentially('31022026');
  await expect(from).toHaveValue('31/02/2026');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('Data inicial inválida')).toBeVisible();
  await expect(page.getByText('Data inválida', { exact: true })).toBeVisible();
  await expect(from).toHaveValue('31/02/2026');

  await fillDate(page, 'De', '2099-01-01');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('Data inicial inválida')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /relatórios?$/ })).toHaveText('0 relatórios');
});

test.describe('the report editor arrives late (issue 32)', () => {
  // Without the service worker, whose background precache would answer the editor's chunk before the page asks.
  test.use({ serviceWorkers: 'block' });

  test('typed before the editor arrives, nothing lost: the editor takes over with the text and the caret; the date picker still opens', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    await page.route(/\/assets\/rich-text-editor-[\w-]+\.js$/, async (route) => {
      asked = true;
      await held;
      await route.continue();
    });
    await signInAs(page, 'condutor@demo.local');
    const id = await cityId(request, await session(page), 'Florianópolis');
    await page.goto(`/cidade/${id}/relatorio/inserir`);

    // The form is usable without the editor: a plain area with the field's name takes the text.
    const area = editor(page);
    await area.click();
    await page.keyboard.type('Primeira linha');
    await page.keyboard.press('Enter');
    await page.keyboard.type('Segunda');
    await expect(area).toHaveValue('Primeira linha\nSegunda');
    await expect(page.getByRole('toolbar', { name: 'Formatação do texto' })).toHaveCount(0);
    expect(asked, 'the editor was asked for on focus').toBe(true);

    release();
    await expect(page.getByRole('toolbar', { name: 'Formatação do texto' })).toBeVisible();
    await expect(editor(page)).toBeFocused();
    await page.keyboard.type(' linha');
    await expect(editor(page).locator('p')).toHaveText(['Primeira linha', 'Segunda linha']);

    // The date picker still opens and sets the field.
    await page.getByRole('button', { name: 'Abrir calendário' }).first().click();
    const picker = page.locator('[data-scope="date-picker"][data-part="content"]:visible');
    await picker.getByRole('button', { name: /, 15 de \S+ de \d{4}$/ }).first().click();
    await expect(page.getByPlaceholder('DD/MM/AAAA').first()).toHaveValue(/^15\/\d{2}\/\d{4}$/);
    await expectNoSeriousAxeViolations(page);
  });

  test('the meeting combo is a field before its list arrives: typed text and focus kept; a failed download says so and the next press asks again', async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    // Offline at first (the list's code fails, the settled page's attempt included), then held until released.
    let online = false;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/combo-widget-[\w-]+\.js$/, async (route) => {
      if (!online) return route.abort('connectionrefused');
      await held;
      return route.continue();
    });
    await signInAs(page, 'condutor@demo.local');
    const s = await session(page);
    const id = await cityId(request, s, 'Florianópolis');
    const meeting = (await freeMeetings(request, s, id))[0]!;
    await page.goto(`/cidade/${id}/relatorio/inserir`);

    const combo = page.getByRole('combobox', { name: 'Encontro' });
    await combo.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível abrir a lista de opções.' })).toHaveText(
      'Não foi possível abrir a lista de opções. Verifique a conexão e tente de novo.',
    );
    const [start, rest] = [meeting.grupoNome.slice(0, 3), meeting.grupoNome.slice(3)];
    await page.keyboard.type(start);
    await expect(combo).toHaveValue(start);

    online = true;
    await combo.click();
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível abrir a lista de opções.' })).toHaveCount(0);
    await page.keyboard.type(rest);
    await expect(combo).toHaveValue(meeting.grupoNome);
    await expect(page.getByRole('listbox')).toHaveCount(0);

    release();
    // The list opens filtered by what was typed, the focus still in the field.
    await expect(page.getByRole('option', { name: meetingOption(meeting), exact: true })).toBeVisible();
    await expect(combo).toBeFocused();
    await expect(combo).toHaveValue(meeting.grupoNome);
    await page.getByRole('option', { name: meetingOption(meeting), exact: true }).click();
    await expect(combo).toHaveValue(meetingOption(meeting));
  });
});
