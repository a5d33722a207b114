import type { APIRequestContext, Page } from '@playwright/test';
import { cityId, expect, goOffline, makeAvailableOffline, serviceWorkerReady, session, type Session, signInAs, test } from './fixtures.ts';

/**
 * Issue 4 end to end, against the real server: the member registration kind goes through the
 * outbox, offline and online, exactly once. Network loss is the browser's own offline mode (or a
 * refused connection to /api), never a stand-in for the server.
 */

async function serverMembersAll(request: APIRequestContext, s: Session, municipioId: number) {
  const response = await request.get(`/api/municipio/membro/get-membro-by-municipio/${municipioId}`, {
    headers: { authorization: `Bearer ${s.token}`, database: s.tenant.id },
  });
  return (await response.json()) as Array<{ membroId: number; nome: string; telefone: string }>;
}

/** Members of the city with this name, as the server has them. */
async function serverMembers(request: APIRequestContext, s: Session, municipioId: number, nome: string) {
  return (await serverMembersAll(request, s, municipioId)).filter((m) => m.nome === nome);
}

/** An 11-digit mobile number no one has yet: (48) 9NNNN-NNNk. */
function uniquePhone(k = 0): string {
  const n = String(Date.now()).slice(-7);
  return `489${n}${k}`;
}

async function openGroup(page: Page, municipioId: number, group = 'Comitê Gestor') {
  await page.goto(`/cidade/${municipioId}/grupo`);
  await page.getByRole('link', { name: group }).click();
  await expect(page.getByRole('heading', { level: 2, name: group })).toBeVisible();
}

async function fillMember(page: Page, nome: string, phone: string) {
  await page.getByRole('button', { name: 'Novo membro' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo membro' });
  await dialog.getByLabel('Nome', { exact: true }).fill(nome);
  await dialog.getByLabel('E-mail').fill(`${nome.toLowerCase().replace(/\W+/g, '.')}@exemplo.com.br`);
  await dialog.getByLabel('Telefone').fill(phone);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  return dialog;
}

function badge(page: Page) {
  return page.getByRole('link', { name: /^Sincronização:/ });
}

test('offline: a consultant registers a member, reloads, and it reaches the server once when back online', async ({
  page,
  context,
  request,
}) => {
  await signInAs(page, 'condutor@demo.local');
  await serviceWorkerReady(page);
  const s = await session(page);
  const id = await cityId(request, s, 'Florianópolis');
  await makeAvailableOffline(page, id, 'Florianópolis');
  await expect(page.getByText(/^Disponível offline · atualizado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)).toBeVisible();
  await openGroup(page, id);

  await goOffline(context, page);
  const nome = `Membro Offline ${Date.now()}`;
  const dialog = await fillMember(page, nome, uniquePhone());
  await expect(page.getByText('Membro salvo neste aparelho. Será enviado quando houver conexão.')).toBeVisible();
  await expect(dialog).toBeHidden();
  const row = page.getByRole('row').filter({ hasText: nome });
  await expect(row.getByText('pendente')).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Sincronização: offline. 1 item pendente');
  await expect(page.getByText('Sem conexão; mostrando os dados deste aparelho.')).toBeVisible();

  // A reload with no network: the app comes from the service worker, the data and the queue from IndexedDB.
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: nome }).getByText('pendente')).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Sincronização: offline. 1 item pendente');
  expect(await serverMembers(request, s, id, nome)).toHaveLength(0);

  // Offline, the city list shows the municipalities the device holds, and its header counts the queue.
  await page.goto('/cidade');
  await expect(page.getByText('Sem conexão; mostrando os dados deste aparelho.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Municípios' }).getByRole('link', { name: 'Florianópolis' })).toBeVisible();
  await expect(badge(page)).toHaveAccessibleName('Sincronização: offline. 1 item pendente');
  await openGroup(page, id);

  // Back online: the queue drains by itself, no reload.
  await context.setOffline(false);
  await expect(page.getByRole('row').filter({ hasText: nome }).getByText('pendente')).toHaveCount(0, { timeout: 20_000 });
  await expect(badge(page)).toHaveAccessibleName(/Nenhum item pendente$/);
  await expect.poll(async () => (await serverMembers(request, s, id, nome)).length).toBe(1);
  await expect(page.getByRole('row').filter({ hasText: nome })).toHaveCount(1);
});

test('a registration the server refuses waits in the sync centre, is corrected there and sent once', async ({ page, context, request }) => {
  await signInAs(page, 'condutor@demo.local');
  await serviceWorkerReady(page);
  const s = await session(page);
  const id = await cityId(request, s, 'Joinville');
  await openGroup(page, id);

  // A phone already registered: accepted on the device, refused by the server once online.
  const taken = (await serverMembersAll(request, s, id))[0]!.telefone;
  await goOffline(context, page);
  const nome = `Membro Corrigido ${Date.now()}`;
  await fillMember(page, nome, taken.replace(/\D/g, ''));
  await expect(page.getByText('Membro salvo neste aparelho. Será enviado quando houver conexão.')).toBeVisible();
  await context.setOffline(false);
  await expect(badge(page)).toHaveAccessibleName('Sincronização: requer atenção. 1 item pendente', { timeout: 20_000 });
  expect(await serverMembers(request, s, id, nome)).toHaveLength(0);

  await badge(page).click();
  await expect(page).toHaveURL(/\/sincronizacao$/);
  const item = page.getByRole('row').filter({ hasText: `Cadastro do membro ${nome}` });
  await expect(item).toContainText('requer atenção');
  await item.getByRole('button', { name: `Editar: Cadastro do membro ${nome}` }).click();
  const edit = page.getByRole('dialog', { name: 'Editar item da fila' });
  const phone = uniquePhone();
  await edit.getByLabel('Telefone').fill(`(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`);
  await edit.getByRole('button', { name: 'Salvar e reenviar' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Cadastro do membro ${nome}` })).toHaveCount(0, { timeout: 20_000 });
  await expect.poll(async () => (await serverMembers(request, s, id, nome)).length).toBe(1);
});

test('two open tabs replay the queue once between them, and a server that comes back is noticed without a reload', async ({
  page,
  context,
  request,
}) => {
  await signInAs(page, 'condutor@demo.local');
  await serviceWorkerReady(page);
  const s = await session(page);
  const id = await cityId(request, s, 'Chapecó');
  await openGroup(page, id);
  const other = await context.newPage();
  await other.goto(`/cidade/${id}/grupo`);
  await expect(other.getByRole('heading', { level: 2, name: 'Grupos' })).toBeVisible();

  // Every member POST that left either tab, and whether the server had already seen its key.
  const sent: { key: string | null; replayed: boolean }[] = [];
  for (const p of [page, other]) {
    p.on('response', (response) => {
      if (!response.url().endsWith('/api/municipio/membro/cadastrar-membro')) return;
      sent.push({
        key: response.request().headers()['idempotency-key'] ?? null,
        replayed: response.headers()['idempotency-replayed'] === 'true',
      });
    });
  }

  await goOffline(context, page);
  const names = [1, 2, 3].map((n) => `Membro Duas Abas ${n} ${Date.now()}`);
  for (const [k, nome] of names.entries()) {
    await fillMember(page, nome, uniquePhone(k + 1));
    await expect(page.getByText('Membro salvo neste aparelho. Será enviado quando houver conexão.').last()).toBeVisible();
  }
  await expect(badge(other)).toHaveAccessibleName('Sincronização: offline. 3 itens pendentes');

  // The server is unreachable at first (connections refused), then answers again.
  let refused = 0;
  await context.route('**/api/municipio/membro/cadastrar-membro', async (route) => {
    refused += 1;
    await route.abort('connectionrefused');
  });
  await context.setOffline(false);
  await expect.poll(() => refused, { timeout: 20_000 }).toBeGreaterThan(0);
  await context.unroute('**/api/municipio/membro/cadastrar-membro');

  for (const nome of names) await expect.poll(async () => (await serverMembers(request, s, id, nome)).length, { timeout: 60_000 }).toBe(1);
  await expect(badge(page)).toHaveAccessibleName(/Nenhum item pendente$/);
  await expect(badge(other)).toHaveAccessibleName(/Nenhum item pendente$/);
  // One drainer: each key reached the server once, never a second time from the other tab.
  const keys = sent.filter((r) => r.key).map((r) => r.key);
  expect(new Set(keys).size).toBe(keys.length);
  expect(sent.filter((r) => r.replayed)).toHaveLength(0);
});
