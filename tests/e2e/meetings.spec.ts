import type { Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { expect, fillDate, signInAs, test, userMenuItem } from './fixtures.ts';

/**
 * Meetings and calendar (issue 5): a consultant schedules, edits and deletes a meeting in the city
 * calendar; batch events only for admins and specialists in SC1; /eventos only for admins.
 */

type StoredSession = { token: string; tenant: { id: string } };

/** Calls the API with the session the app stored, as the app itself would. */
async function apiCall(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: unknown }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const session = JSON.parse(localStorage.getItem('ce:session') ?? 'null') as StoredSession;
      const response = await fetch(`/api/${url}`, {
        method,
        headers: { authorization: `Bearer ${session.token}`, database: session.tenant.id, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, json: await response.json().catch(() => null) };
    },
    { method, url, body },
  );
}

async function cityId(page: Page, nome: string): Promise<number> {
  const { json } = await apiCall(page, 'GET', 'municipio');
  const found = (json as Array<{ municipioId: number; nome: string }>).find((c) => c.nome === nome);
  if (!found) throw new Error(`${nome} is not among the signed-in user's cities`);
  return found.municipioId;
}

/** Picks `option` in the combobox named `label` (typing filters the list). */
async function choose(page: Page, label: string | RegExp, option: string | RegExp) {
  const input = page.getByRole('combobox', { name: label });
  await input.click();
  const list = page.getByRole('listbox');
  await list.getByRole('option', { name: option }).first().click();
  // A multi-select keeps its list open; Escape then closes the list only (on a closed one it would close the dialog).
  if (await list.isVisible()) await input.press('Escape');
  await expect(list).toBeHidden();
}

function cityTabs(page: Page) {
  return page.getByRole('navigation', { name: 'Seções do município' });
}

/** Next month's 15th at `time` in São Paulo time, so the entry is found by moving the calendar one month. */
function nextMonthDay() {
  const now = new Date();
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15)).toISOString().slice(0, 10);
  return { day, dateBr: `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}` };
}

// Creating, and then editing and deleting, are two tests: together they ran within 5 % of the time
// limit on a busy machine. The second starts from a meeting the API makes.
test('a consultant creates a meeting in the city calendar', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  const id = await cityId(page, 'Joinville');
  await page.goto(`/cidade/${id}/geral`);
  await cityTabs(page).getByRole('link', { name: 'Calendário', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/cidade/${id}/evento$`));
  await expect(page.getByRole('heading', { name: 'Calendário', level: 2 })).toBeVisible();
  // Month view by default, with the week view a click away.
  await expect(page.getByRole('button', { name: 'Mês', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: 'Semana', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Novo encontro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Encontro' });
  await expect(dialog).toBeVisible();

  // Saving empty: the group is required, and the fields keep what was typed.
  await dialog.getByLabel('Título (opcional)').fill('Planejamento do trimestre');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('Selecione o grupo')).toBeVisible();
  await expect(dialog.getByLabel('Título (opcional)')).toHaveValue('Planejamento do trimestre');

  const { day, dateBr } = nextMonthDay();
  await choose(page, 'Grupo', /.+/);
  await fillDate(dialog, 'Início', `${day}T14:00`);
  await fillDate(dialog, 'Fim', `${day}T13:00`);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(dialog.getByText('O fim deve ser depois do início')).toBeVisible();
  await fillDate(dialog, 'Fim', `${day}T16:00`);
  await choose(page, 'Tarefas do evento', /.+/);
  await dialog.getByRole('button', { name: 'Convidar membros do grupo' }).click();
  const guests = dialog.getByRole('list', { name: 'Convidados escolhidos' }).getByRole('listitem');
  await expect(guests.first()).toBeVisible();
  const invited = await guests.count();
  expect(invited).toBeGreaterThan(0);
  await guests.first().getByText('Confirmado').click();
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Encontro criado com sucesso')).toBeVisible();
  await expect(dialog).toBeHidden();

  // The calendar and the period's table both show it after moving to next month, with its guests.
  await page.getByRole('button', { name: 'Próximo' }).click();
  const calendar = page.getByRole('region', { name: /^Calendário de Joinville/ });
  await expect(calendar.getByRole('button', { name: /^Planejamento do trimestre/ })).toBeVisible();
  const row = page.getByRole('table', { name: 'Encontros do período' }).getByRole('row', { name: new RegExp(`${dateBr} 14:00`) });
  await expect(row).toContainText('Planejamento do trimestre');
  await page.getByRole('button', { name: /^Editar Planejamento do trimestre/ }).click();
  const edit = page.getByRole('dialog', { name: 'Editar encontro' });
  await expect(edit.getByRole('list', { name: 'Convidados escolhidos' }).getByRole('listitem')).toHaveCount(invited);
});

test('a consultant edits a meeting from its calendar entry by keyboard, and deletes it', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  const id = await cityId(page, 'Joinville');
  const groups = (await apiCall(page, 'GET', `municipio/grupo?municipioId=${id}`)).json as Array<{ grupoId: number }>;
  const { day, dateBr } = nextMonthDay();
  const titulo = `Revisão ${Date.now()}`;
  const created = await apiCall(page, 'POST', 'calendario/encontro', {
    municipioId: id,
    grupoId: groups[0]!.grupoId,
    titulo,
    inicioString: `${day}T14:00`,
    fimString: `${day}T16:00`,
  });
  expect(created.status).toBe(201);

  await page.goto(`/cidade/${id}/evento`);
  await page.getByRole('button', { name: 'Próximo' }).click();
  const calendar = page.getByRole('region', { name: /^Calendário de Joinville/ });
  const table = page.getByRole('table', { name: 'Encontros do período' });
  await calendar.getByRole('button', { name: new RegExp(`^${titulo} .*, ${dateBr} 14:00 até 16:00$`) }).focus();
  await page.keyboard.press('Enter');
  const edit = page.getByRole('dialog', { name: 'Editar encontro' });
  await expect(edit.getByLabel('Título (opcional)')).toHaveValue(titulo);
  await edit.getByLabel('Título (opcional)').fill(`${titulo} revisado`);
  await fillDate(edit, 'Início', `${day}T15:00`);
  await edit.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Encontro atualizado com sucesso')).toBeVisible();
  await expect(table.getByRole('row', { name: new RegExp(`${dateBr} 15:00`) })).toContainText(`${titulo} revisado`);

  // After a reload the meeting is read from the device and the server alike.
  await page.reload();
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(table.getByText(`${titulo} revisado`)).toBeVisible();

  // Delete, confirmed.
  await page.getByRole('button', { name: new RegExp(`^Editar ${titulo} revisado`) }).click();
  await page.getByRole('dialog', { name: 'Editar encontro' }).getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('alertdialog', { name: 'Excluir encontro' }).getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Encontro excluído com sucesso')).toBeVisible();
  await expect(table.getByText(`${titulo} revisado`)).toHaveCount(0);
  await expect(calendar.getByRole('button', { name: new RegExp(`^${titulo} revisado`) })).toHaveCount(0);
});

test('batch events show only to admins and specialists in SC1, and the API refuses the others', async ({ page }) => {
  const batch = (municipioId: number, grupoId: number) => ({
    municipioId,
    grupoId,
    uf: 'SC1',
    encontroType: 'encontro',
    datas: [{ inicioString: '2027-02-01T09:00', fimString: '2027-02-01T10:00' }],
  });

  // A conductor in the territorial agents' variant (SC1): no tab, the screen says no, the API answers 403.
  await signInAs(page, 'condutor@demo.local', '?variante=at&uf=SC1');
  const id = await cityId(page, 'Joinville');
  await page.goto(`/cidade/${id}/geral`);
  await expect(cityTabs(page).getByRole('link', { name: 'Agenda', exact: true })).toBeVisible();
  await expect(cityTabs(page).getByRole('link', { name: 'Eventos em Lote' })).toHaveCount(0);
  await page.goto(`/cidade/${id}/evento-em-lote`);
  await expect(
    page.getByText('Eventos em lote são permitidos apenas a administradores e consultores especialistas do município.'),
  ).toBeVisible();
  const groups = (await apiCall(page, 'GET', `municipio/grupo?municipioId=${id}`)).json as Array<{ grupoId: number }>;
  expect((await apiCall(page, 'POST', 'calendario/encontro/store-in-batch', batch(id, groups[0]!.grupoId))).status).toBe(403);

  // A specialist consultant of the same group and municipality, in SC1: the tab is there.
  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signInAs(page, 'especialista@demo.local', '?variante=at&uf=SC1');
  await page.goto(`/cidade/${id}/geral`);
  await cityTabs(page).getByRole('link', { name: 'Eventos em Lote' }).click();
  await expect(page.getByRole('heading', { name: 'Eventos em Lote', level: 2 })).toBeVisible();

  // An administrator in SC1 sees the tab and creates two meetings at once, with progress.
  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signInAs(page, 'administrador@demo.local', '?variante=at&uf=SC1');
  await page.goto(`/cidade/${id}/geral`);
  await cityTabs(page).getByRole('link', { name: 'Eventos em Lote' }).click();
  await expect(page.getByRole('heading', { name: 'Eventos em Lote', level: 2 })).toBeVisible();
  await choose(page, 'Grupo', /.+/);
  await choose(page, 'Atividades do evento', /.+/);
  await fillDate(page, 'Data', '2027-02-01');
  await page.getByRole('button', { name: 'Adicionar data', exact: true }).click();
  await fillDate(page, 'Data', '2027-02-08');
  await page.getByRole('button', { name: 'Adicionar data', exact: true }).click();
  await expect(page.getByText('2 datas escolhidas')).toBeVisible();
  await page.getByRole('button', { name: 'Criar 2 agendas' }).click();
  await expect(page.getByText('2 agendas criadas com sucesso')).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Criando agendas' })).toHaveAttribute('aria-valuetext', '2 de 2');
  const created = (
    await apiCall(page, 'POST', 'calendario/encontro/get-by-filtro', { municipioId: id, inicio: '2027-02-01', fim: '2027-02-08' })
  ).json as Array<{ inicioString: string }>;
  expect(created.map((m) => m.inicioString)).toEqual(expect.arrayContaining(['2027-02-01T09:00', '2027-02-08T09:00']));

  // The same administrator outside SC1 (the default variant, state SC): no tab.
  await page.goto(`/auth/login?variante=cidade-empreendedora&uf=SC`);
  await page.goto(`/cidade/${id}/geral`);
  await expect(cityTabs(page).getByRole('link', { name: 'Calendário', exact: true })).toBeVisible();
  await expect(cityTabs(page).getByRole('link', { name: 'Eventos em Lote' })).toHaveCount(0);
});

test('/eventos is only for admins', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  await page.goto('/eventos');
  await expect(page.getByText('Você não tem permissão para acessar esta página.')).toBeVisible();
  expect((await apiCall(page, 'POST', 'calendario/evento/get-by-filtro', {})).status).toBe(403);

  await userMenuItem(page, 'Sair');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await signInAs(page, 'admin@demo.local');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Gestão' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Eventos', exact: true }).click();
  await expect(page).toHaveURL(/\/eventos$/);
  await expect(page.getByRole('heading', { name: 'Eventos', level: 1 })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Eventos' }).getByText('Semana Global do Empreendedorismo')).toBeVisible();

  await page.getByRole('button', { name: 'Cadastrar evento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cadastrar evento' });
  await dialog.getByLabel('Título').fill('Oficina de vendas para o governo');
  await fillDate(dialog, 'Início', '2027-06-10T09:00');
  await fillDate(dialog, 'Fim', '2027-06-10T12:00');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Evento cadastrado com sucesso')).toBeVisible();
  const row = page.getByRole('row', { name: /Oficina de vendas para o governo/ });
  await expect(row).toContainText('10/06/2027 09:00');

  await row.getByRole('button', { name: 'Excluir evento Oficina de vendas para o governo' }).click();
  await page.getByRole('alertdialog', { name: 'Excluir evento' }).getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Evento excluído com sucesso')).toBeVisible();
  await expect(page.getByRole('row', { name: /Oficina de vendas para o governo/ })).toHaveCount(0);
});

test('meetings across municipalities: operations staff filter by municipality and period', async ({ page }) => {
  await signInAs(page, 'operacoes@demo.local');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('button', { name: 'Gestão' }).click();
  await page.getByRole('menu').getByRole('menuitem', { name: 'Encontros', exact: true }).click();
  await expect(page).toHaveURL(/\/encontros$/);
  await expect(page.getByRole('heading', { name: 'Encontros', level: 1 })).toBeVisible();

  // The seeded meetings lie around 16/11/2026.
  await fillDate(page, 'De', '2026-11-01');
  await fillDate(page, 'Até', '2026-12-31');
  await choose(page, 'Municípios', 'Chapecó');
  await page.getByRole('button', { name: 'Buscar' }).click();
  const table = page.getByRole('table', { name: 'Encontros encontrados' });
  // The first search's rows stay on screen until this one answers: wait for the answer's rows,
  // which must be Chapecó's only (and some).
  await expect.poll(async () => [...new Set(await table.getByRole('link').allInnerTexts())]).toEqual(['Chapecó']);

  // A period that ends before it starts is refused before asking the server.
  await fillDate(page, 'Até', '2026-10-01');
  await page.getByRole('button', { name: 'Buscar' }).click();
  await expect(page.getByText('A data final deve ser igual ou posterior à inicial')).toBeVisible();
});

test('the calendar fits a 360 px screen and has no serious accessibility violations', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAs(page, 'condutor@demo.local');
  const id = await cityId(page, 'Florianópolis');
  await page.goto(`/cidade/${id}/evento`);
  await expect(page.getByRole('button', { name: 'Semana', exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.getByRole('button', { name: 'Semana', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Semana', exact: true })).toHaveAttribute('aria-pressed', 'true');
  await page.mouse.move(0, 0);
  const axe = await new AxeBuilder({ page }).analyze();
  const bad = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(bad.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  await page.getByRole('button', { name: 'Novo encontro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Encontro' });
  await expect(dialog.getByLabel('Início', { exact: true })).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.width).toBeLessThanOrEqual(360);
  await expect(dialog.getByRole('combobox', { name: 'Grupo' })).toBeEnabled();
  const inDialog = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(inDialog.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);

  // The date is typed, or chosen by keyboard on a calendar that fits the phone; Escape closes only the calendar.
  await fillDate(dialog, 'Início', '2027-06-10T09:00');
  await dialog.getByRole('button', { name: 'Abrir calendário' }).first().focus();
  await page.keyboard.press('Enter');
  const picker = page.getByRole('application', { name: 'Calendário' });
  await expect(picker.getByRole('button', { name: 'junho de 2027: escolher o mês' })).toBeVisible();
  const pickerBox = (await picker.boundingBox())!;
  expect(pickerBox.x).toBeGreaterThanOrEqual(0);
  expect(pickerBox.x + pickerBox.width).toBeLessThanOrEqual(360);
  const withCalendar = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
  expect(withCalendar.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Abrir calendário' }).first().click();
  await expect(picker).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');
  await expect(picker).toBeHidden();
  await expect(dialog.getByLabel('Início', { exact: true })).toHaveValue('11/06/2027');
  await expect(dialog.getByLabel('Hora de início', { exact: true })).toHaveValue('09:00');
});
