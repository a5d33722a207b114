import { readFile, writeFile } from 'node:fs/promises';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { VARIANT_IDS } from '../../src/domain/variants.ts';
import { expect, signInAs, test, userMenuItem } from './fixtures.ts';

const SW_FILE = 'dist/sw.js';

/** Resolves once a service worker controls the page, i.e. the whole precache has been stored. */
async function serviceWorkerControls(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (navigator.serviceWorker.controller) return;
    await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
  });
}

/** The app's offline files in Cache Storage: the precached shell and the user's screens, by path. */
function cachedFiles(page: Page) {
  return page.evaluate(async () => {
    const out: { shell: string[]; screens: string[] } = { shell: [], screens: [] };
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      const paths = (await cache.keys()).map((request) => new URL(request.url).pathname);
      if (name === 'ce-route-chunks') out.screens.push(...paths);
      else if (name.startsWith('workbox-precache')) out.shell.push(...paths);
    }
    return out;
  });
}

/** The build's groups of signed-in screens (dist/route-chunks.json), as URL paths. */
async function routeChunks(): Promise<Record<string, string[]>> {
  const { groups } = JSON.parse(await readFile('dist/route-chunks.json', 'utf8')) as { groups: Record<string, string[]> };
  return Object.fromEntries(Object.entries(groups).map(([group, files]) => [group, files.map((file) => `/${file}`)]));
}

/**
 * The groups of screens the worker holds for the signed-in user, once it has stored them (it writes
 * the list last), and checks that its cache holds exactly their files.
 */
async function offlineScreens(page: Page, { signedIn = true } = {}): Promise<string[]> {
  let groups: string[] = [];
  await expect
    .poll(
      async () => {
        // No list while the worker is storing (it removes the list first and writes it last).
        const stored = await page.evaluate(async () => {
          const record = await (await caches.open('ce-offline-groups')).match('/offline-groups.json');
          return record ? ((await record.json()) as string[]) : null;
        });
        groups = stored ?? [];
        return stored !== null && (signedIn ? stored.length > 0 : stored.length === 0);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  const all = await routeChunks();
  const wanted = [...new Set(groups.flatMap((group) => all[group] ?? []))].sort();
  expect((await cachedFiles(page)).screens.sort()).toEqual(wanted);
  return groups;
}

/** The request really cannot reach the network (so whatever loads came from the service worker). */
async function expectNetworkDown(page: Page) {
  const outcome = await page.evaluate(() =>
    fetch('/api/health', { cache: 'no-store' }).then(
      () => 'answered',
      () => 'failed',
    ),
  );
  expect(outcome).toBe('failed');
}

/** The signed-in frame: logo, main menu and user menu. */
async function expectShell(page: Page) {
  await expect(page.getByRole('banner').getByRole('img', { name: 'Cidade Empreendedora' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Menu do usuário/ })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
}

/**
 * Serves the build's service worker plus a message handler answering a version, so a test can tell
 * positively which worker controls the page: 'old' is served before the page first registers it,
 * 'new' is a published new version (other bytes, so the browser installs it). The build's
 * precompressed copies (sw.js.br, sw.js.gz), which the server prefers, are written with it.
 * `restore` puts the build's files back.
 */
async function serviceWorkerVersions() {
  const original = await readFile(SW_FILE);
  const copies = { br: await readFile(`${SW_FILE}.br`), gz: await readFile(`${SW_FILE}.gz`) };
  const write = async (body: Buffer, br: Buffer, gz: Buffer) => {
    await writeFile(SW_FILE, body);
    await writeFile(`${SW_FILE}.br`, br);
    await writeFile(`${SW_FILE}.gz`, gz);
  };
  return {
    serve: (version: 'old' | 'new') => {
      const body = Buffer.concat([
        original,
        Buffer.from(`\nself.addEventListener('message', (e) => { if (e.data === 'e2e:version') e.ports[0]?.postMessage('${version}'); });\n`),
      ]);
      return write(body, brotliCompressSync(body), gzipSync(body));
    },
    restore: () => write(original, copies.br, copies.gz),
  };
}

/** The version the controlling worker answers; fails when no worker controls the page. */
function controllingVersion(page: Page) {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const controller = navigator.serviceWorker.controller;
        if (!controller) return reject(new Error('no service worker controls the page'));
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        controller.postMessage('e2e:version', [channel.port2]);
      }),
  );
}

function checkForUpdate(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

function updateNotice(page: Page) {
  return page.getByRole('status').filter({ hasText: 'Nova versão disponível' });
}

test('offline, a reload opens the login screen from the service worker', async ({ page, context }) => {
  await page.goto('/auth/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await serviceWorkerControls(page);

  await context.setOffline(true);
  const response = await page.reload();
  expect(response?.fromServiceWorker()).toBe(true);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByLabel('E-mail ou CPF')).toBeEditable();
  await expectNetworkDown(page);
});

test('offline, a signed-in consultant gets the shell on reload and on a deep link', async ({ page, context }) => {
  await signInAs(page, 'condutor@demo.local');
  await expectShell(page);
  await serviceWorkerControls(page);
  // The city screens come after sign-in, with the rest of what a consultant opens offline.
  expect(await offlineScreens(page)).toEqual(expect.arrayContaining(['frame', 'municipalities', 'field-reports', 'followups', 'evidence']));

  await context.setOffline(true);
  const reloaded = await page.reload();
  expect(reloaded?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveURL(/\/cidade$/);
  await expectShell(page);
  await expectNetworkDown(page);

  // A screen never opened online: its lazy route chunk comes from the precache too.
  const deep = await page.goto('/cidade/1/geral');
  expect(deep?.fromServiceWorker()).toBe(true);
  await expect(page).toHaveURL(/\/cidade\/1\/geral$/);
  await expectShell(page);
  // The city area's own screen rendered (its lazy chunk came from the precache): a city never opened
  // online is not on the device, so it says so at once, inside the frame (issue 12 item 9).
  const absent = page.getByRole('main').getByRole('alert');
  await expect(absent).toContainText('Este município não está disponível offline neste aparelho.');
});

test("offline, every variant's logo, icons and manifest are served from the precache", async ({ page, context }) => {
  await page.goto('/auth/login');
  await serviceWorkerControls(page);
  await context.setOffline(true);
  await expectNetworkDown(page);

  const results = await page.evaluate(async (ids) => {
    const out: Record<string, string> = {};
    for (const id of ids) {
      for (const file of ['logo.svg', 'icon.svg', 'maskable.svg', 'manifest.webmanifest']) {
        const url = `/variants/${id}/${file}`;
        try {
          const res = await fetch(url);
          const body = await res.text();
          out[url] = !res.ok
            ? `HTTP ${res.status}`
            : file.endsWith('.svg')
              ? String(body.includes('<svg'))
              : (JSON.parse(body) as { name: string }).name;
        } catch (error) {
          out[url] = `failed: ${String(error)}`;
        }
      }
    }
    return out;
  }, VARIANT_IDS);

  expect(Object.keys(results)).toHaveLength(VARIANT_IDS.length * 4);
  for (const [url, result] of Object.entries(results)) {
    if (url.endsWith('.svg')) expect(result, url).toBe('true');
    else expect(result, url).toMatch(/^[^\s].+/);
  }
  expect(results['/variants/sala/manifest.webmanifest']).toBe('Sala do Empreendedor');
});

test('the precache is the shell; after sign-in only the screens the user can open offline are cached, and a sign-out removes them', async ({
  page,
}) => {
  await page.goto('/auth/login');
  await serviceWorkerControls(page);
  const all = await routeChunks();
  const signedOut = await cachedFiles(page);
  // A signed-out visitor's device holds the shell only: no signed-in screen of any feature.
  const screenFiles = new Set(Object.values(all).flat());
  expect(signedOut.shell).toContain('/index.html');
  expect(signedOut.shell.filter((file) => screenFiles.has(file))).toEqual([]);
  expect(signedOut.screens).toEqual([]);

  // A member answers follow-ups: not the field reports, the administration registers or the dashboards.
  await signInAs(page, 'membro@demo.local');
  await expectShell(page);
  const member = await offlineScreens(page);
  expect(member).toContain('followups');
  expect(member).toContain('municipalities');
  for (const group of ['field-reports', 'registers', 'dashboard', 'payments', 'users', 'access', 'public']) expect(member).not.toContain(group);

  // The sync centre says how much the app's own files take.
  await page.goto('/sincronizacao');
  await expect(page.getByText(/^Arquivos do aplicativo: [\d,]+ (KB|MB) em \d+ arquivos$/)).toBeVisible();

  await userMenuItem(page, 'Sair');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(await offlineScreens(page, { signedIn: false })).toEqual([]);
});

test('after using the app online, Cache Storage holds the shell and no API answer', async ({ page }) => {
  await signInAs(page, 'condutor@demo.local');
  await serviceWorkerControls(page);
  // Load API answers while the worker controls the page: the city list, a city and its groups.
  await page.reload();
  await page.getByRole('link', { name: 'Florianópolis' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Florianópolis' })).toBeVisible();
  await page.getByRole('link', { name: 'Grupos' }).click();
  await expect(page.getByRole('link', { name: 'Comitê Gestor' })).toBeVisible();

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      urls.push(...(await cache.keys()).map((request) => new URL(request.url).pathname));
    }
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((url) => url.startsWith('/assets/')).length).toBeGreaterThan(10);
  expect(cached.filter((url) => url.startsWith('/api'))).toEqual([]);
});

test('a new version is offered, Atualizar reloads into it and IndexedDB data survives', async ({ page }) => {
  const versions = await serviceWorkerVersions();
  await versions.serve('old');
  try {
    await page.goto('/auth/login');
    await serviceWorkerControls(page);
    await page.evaluate(
      () =>
        new Promise<void>((resolve, reject) => {
          const open = indexedDB.open('e2e-survives-update', 1);
          open.onupgradeneeded = () => open.result.createObjectStore('items');
          open.onsuccess = () => {
            const tx = open.result.transaction('items', 'readwrite');
            tx.objectStore('items').put({ texto: 'rascunho de relatório' }, 'chave');
            tx.oncomplete = () => {
              open.result.close();
              resolve();
            };
            tx.onerror = () => reject(tx.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
    expect(await controllingVersion(page)).toBe('old');
    await expect(updateNotice(page)).toBeHidden();

    await versions.serve('new');
    await checkForUpdate(page);
    await expect(updateNotice(page)).toBeVisible();
    // Waiting is not enough: the old worker keeps control until the user asks.
    expect(await controllingVersion(page)).toBe('old');

    await page.evaluate(() => Object.assign(window, { e2eBeforeUpdate: true }));
    await Promise.all([page.waitForEvent('load'), updateNotice(page).getByRole('button', { name: 'Atualizar' }).click()]);
    expect(await page.evaluate(() => 'e2eBeforeUpdate' in window)).toBe(false);
    await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
    expect(await controllingVersion(page)).toBe('new');
    await expect(updateNotice(page)).toBeHidden();

    const kept = await page.evaluate(
      () =>
        new Promise<unknown>((resolve, reject) => {
          const open = indexedDB.open('e2e-survives-update', 1);
          open.onsuccess = () => {
            const request = open.result.transaction('items').objectStore('items').get('chave');
            request.onsuccess = () => resolve(request.result);
            request.onerror = () => reject(request.error);
          };
          open.onerror = () => reject(open.error);
        }),
    );
    expect(kept).toEqual({ texto: 'rascunho de relatório' });
  } finally {
    await versions.restore();
  }
});

test('Atualizar never reloads while a form holds unsaved input', async ({ page }) => {
  const versions = await serviceWorkerVersions();
  await versions.serve('old');
  try {
    await signInAs(page, 'analista@demo.local');
    await page.goto('/usuario/atualizar-senha');
    const currentPassword = page.getByLabel('Senha atual');
    await expect(currentPassword).toBeVisible();
    await serviceWorkerControls(page);
    await currentPassword.fill('algo digitado');

    await versions.serve('new');
    await checkForUpdate(page);
    await expect(updateNotice(page)).toBeVisible();
    await page.evaluate(() => Object.assign(window, { e2eBeforeUpdate: true }));

    await updateNotice(page).getByRole('button', { name: 'Atualizar' }).click();
    await expect(updateNotice(page)).toContainText('Salve ou descarte as alterações do formulário antes de atualizar.');
    // Still the same page, with the input, under the old worker; the new one still waits.
    expect(await page.evaluate(() => 'e2eBeforeUpdate' in window)).toBe(true);
    await expect(currentPassword).toHaveValue('algo digitado');
    expect(await controllingVersion(page)).toBe('old');
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting !== null)).toBe(true);

    // Back to the form's initial values: nothing left to lose, so Atualizar goes ahead.
    await currentPassword.fill('');
    await Promise.all([page.waitForEvent('load'), updateNotice(page).getByRole('button', { name: 'Atualizar' }).click()]);
    expect(await page.evaluate(() => 'e2eBeforeUpdate' in window)).toBe(false);
    await expect(page).toHaveURL(/\/usuario\/atualizar-senha$/);
    expect(await controllingVersion(page)).toBe('new');
  } finally {
    await versions.restore();
  }
});
