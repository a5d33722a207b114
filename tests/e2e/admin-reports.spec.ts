import type { APIRequestContext, Page } from '@playwright/test';
import {
  cityId,
  expect,
  fillDate,
  goOffline,
  headers,
  PASSWORD,
  serviceWorkerReady,
  session,
  type Session,
  signIn,
  signInAs,
  test,
  userMenuItem,
} from './fixtures.ts';

/**
 * Administrative reports end to end, against the real server: a consultant writes one with an
 * attachment (offline, through the outbox), it reaches the server once; an analyst rejects it
 * with a reason; the author sees the reason. Network loss is the browser's own offline mode or a
 * refused connection, never a stand-in for the server.
 */

// The top menu shows from the lg breakpoint; below it the drawer takes its place.
test.use({ viewport: { width: 1280, height: 900 } });

type ListItem = { relatorioAdministrativoId: number; titulo: string; statusRelatorioId: number; motivoRejeicao: string | null };

const BASE = '/api/relatorioadministrativo/relatorioadministrativo';

/** Sair (which clears this user's device data first), then the next user. */
async function switchUser(page: Page, login: string) {
  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signIn(page, login, PASSWORD);
  await expect(page).toHaveURL(/\/cidade$/);
}

async function serverReports(request: APIRequestContext, s: Session, municipioId: number, titulo: string): Promise<ListItem[]> {
  const response = await request.get(`${BASE}/get-by-municipio/${municipioId}`, { headers: headers(s) });
  return ((await response.json()) as ListItem[]).filter((r) => r.titulo === titulo);
}

/** A small file that is a PDF by its first bytes, as the server checks. */
function pdf(name: string) {
  return { name, mimeType: 'application/pdf', buffer: Buffer.from(`%PDF-1.4\n% ${name}\n${'0'.repeat(2048)}\n%%EOF\n`) };
}

test('a consultant writes a report offline with an attachment; an analyst rejects it; the author reads the reason', async ({
  page,
  context,
  request,
}) => {
  // Three sign-ins, an offline round trip and a download: more than the default minute.
  test.setTimeout(150_000);
  await signInAs(page, 'condutor@demo.local');
  await serviceWorkerReady(page);
  const author = await session(page);
  const id = await cityId(request, author, 'Florianópolis');

  // Opened once online: the city and its list are now on the device.
  await page.goto(`/cidade/${id}/geral`);
  await page.getByRole('link', { name: 'Relatórios Administrativos' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Relatórios Administrativos' })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();

  await goOffline(context, page);
  await page.getByRole('link', { name: 'Novo relatório administrativo' }).click();
  const titulo = `Planejamento offline ${Date.now()}`;

  // The form's own checks come first, in field order, with the server's words.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Informe o título do relatório').first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Título', exact: true }).fill(titulo);
  await page.getByRole('textbox', { name: 'Horas', exact: true }).fill('6h');
  await expect(page.getByRole('textbox', { name: 'Horas', exact: true })).toHaveValue('6');
  await page.getByRole('textbox', { name: 'Descrição' }).click();
  await page.keyboard.type('Reunião com a equipe da prefeitura para o plano do trimestre.');
  await page.getByLabel('Adicionar anexos').setInputFiles([pdf('lista-presenca.pdf')]);
  await expect(page.getByRole('list', { name: 'Anexos escolhidos' }).getByText('lista-presenca.pdf')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();

  await expect(page.getByText('Relatório salvo com sucesso')).toBeVisible();
  await expect(page.getByText('Será enviado quando houver conexão.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/cidade/${id}/relatorio-administrativo$`));
  const row = () => page.getByRole('row').filter({ hasText: titulo });
  await expect(row().getByText('pendente')).toBeVisible();

  // A reload with no network: the app from the service worker, the queue from IndexedDB.
  await page.reload();
  await expect(row().getByText('pendente')).toBeVisible();
  expect(await serverReports(request, author, id, titulo)).toHaveLength(0);

  // Back online: sent by itself, once, with its attachment.
  await context.setOffline(false);
  await expect(row().getByText('pendente')).toHaveCount(0, { timeout: 20_000 });
  await expect(row().getByRole('link', { name: titulo })).toBeVisible();
  await expect.poll(async () => (await serverReports(request, author, id, titulo)).length).toBe(1);
  const [created] = await serverReports(request, author, id, titulo);
  await row().getByRole('link', { name: titulo }).click();
  await expect(page.getByRole('heading', { level: 2, name: titulo })).toBeVisible();
  await expect(page.getByText(`Relatório administrativo nº ${created!.relatorioAdministrativoId}`)).toBeVisible();
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Baixar anexo lista-presenca.pdf' }).click();
  expect((await download).suggestedFilename()).toBe('lista-presenca.pdf');

  // The analyst finds it through the menu and rejects it with a reason.
  await switchUser(page, 'analista@demo.local');
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await nav.getByRole('button', { name: 'Relatórios' }).click();
  await page.getByRole('menuitem', { name: 'Analisar Relatórios Admin' }).click();
  await expect(page).toHaveURL(/\/analisar-relatorios-administrativos$/);
  // The period is typed as DD/MM/AAAA; the report was created today, inside yesterday to tomorrow.
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  await fillDate(page, 'Criados a partir de', day(-1));
  await fillDate(page, 'Criados até', day(-2));
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('O fim do período não pode ser anterior ao início.').first()).toBeVisible();
  await fillDate(page, 'Criados até', day(1));
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await page.getByRole('row').filter({ hasText: titulo }).getByRole('link', { name: titulo }).click();
  await page.getByRole('button', { name: 'Rejeitar' }).click();
  await page.getByRole('button', { name: 'Confirmar rejeição' }).click();
  await expect(page.getByText('Informe o motivo da rejeição').first()).toBeVisible();
  await page.getByRole('textbox', { name: 'Motivo da rejeição' }).fill('Faltou a pauta assinada');
  await page.getByRole('button', { name: 'Confirmar rejeição' }).click();
  await expect(page.getByText('Relatório rejeitado')).toBeVisible();
  await expect(page.getByText('Rejeitado', { exact: true })).toBeVisible();

  // The author sees the reason in the city's list.
  await switchUser(page, 'condutor@demo.local');
  await page.goto(`/cidade/${id}/relatorio-administrativo`);
  await expect(row().getByText('Faltou a pauta assinada')).toBeVisible();
  await expect(row().getByText('Rejeitado')).toBeVisible();
});

test('the list says "Erro ao obter relatórios administrativos" when the server cannot be reached', async ({ page, request }) => {
  await signInAs(page, 'condutor@demo.local');
  const id = await cityId(request, await session(page), 'Joinville');
  await page.goto(`/cidade/${id}/geral`);
  await page.route('**/api/relatorioadministrativo/relatorioadministrativo/get-by-municipio/**', (route) =>
    route.abort('connectionrefused'),
  );
  await page.getByRole('link', { name: 'Relatórios Administrativos' }).click();
  await expect(page.getByText('Erro ao obter relatórios administrativos')).toBeVisible();
  await expect(page.getByText('Não foi possível carregar os relatórios administrativos.')).toBeVisible();
});
