import { readdir, readFile, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { withBenchServer } from './server-process.ts';

const PORT = 18141;
const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;

/** The demo logins of the brief, each in the variant it works in. */
const ROLES: { role: string; login: string; query?: string }[] = [
  { role: 'consultant (condutor)', login: 'condutor@demo.local' },
  { role: 'member (membro)', login: 'membro@demo.local' },
  { role: 'office: Administrador', login: 'administrador@demo.local' },
  { role: 'office: Operações', login: 'operacoes@demo.local' },
  { role: 'full admin', login: 'admin@demo.local' },
  { role: 'Sala user (?variante=sala)', login: 'sala@demo.local', query: '?variante=sala' },
  { role: 'territorial agent (agente)', login: 'agente@demo.local' },
];

/** Brotli size of a built file as the server sends it: its precompressed `.br` beside it, else the file. */
async function sentSize(url: string): Promise<number> {
  const file = path.join('dist', decodeURIComponent(new URL(url).pathname));
  return stat(`${file}.br`)
    .catch(() => stat(file))
    .then((s) => s.size);
}

/** Every file the precache held before issue 32 item 6 (the old glob: all of dist but source maps and the compressed copies). */
async function wholeBuild(): Promise<{ files: number; raw: number; sent: number }> {
  const files = (await readdir('dist', { recursive: true, withFileTypes: true }))
    .filter((entry) => entry.isFile() && /\.(html|js|css|svg|png|ico|webp|woff2|webmanifest|ttf)$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  let raw = 0;
  let sent = 0;
  for (const file of files) {
    raw += (await stat(file)).size;
    sent += await stat(`${file}.br`)
      .catch(() => stat(file))
      .then((s) => s.size);
  }
  return { files: files.length, raw, sent };
}

type Held = { groups: string[]; shell: string[]; screens: string[]; shellRaw: number; screensRaw: number };

/** What this device's Cache Storage holds once the worker has stored the user's screens (it writes the list last). */
async function held(page: Page): Promise<Held> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const result = await page.evaluate(async (): Promise<Held | null> => {
      const record = await (await caches.open('ce-offline-groups')).match('/offline-groups.json');
      const groups = record ? ((await record.json()) as string[]) : [];
      if (groups.length === 0) return null;
      const out = { groups, shell: [] as string[], screens: [] as string[], shellRaw: 0, screensRaw: 0 };
      for (const name of await caches.keys()) {
        const screens = name === 'ce-route-chunks';
        if (!screens && !name.startsWith('workbox-precache')) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          const size = (await (await cache.match(request))?.blob())?.size ?? 0;
          if (screens) {
            out.screens.push(request.url);
            out.screensRaw += size;
          } else {
            out.shell.push(request.url);
            out.shellRaw += size;
          }
        }
      }
      return out;
    });
    if (result) return result;
    if (Date.now() > deadline) throw new Error('the worker did not store the screens in 120 s');
    // Polling Cache Storage: the worker writes the list last, and tells the page only.
    await page.waitForTimeout(500);
  }
}

/**
 * Issue 32, item 6: what the service worker stores for each demo role. The shell is precached at
 * install (any visitor); after sign-in the worker downloads only the screens this user can open
 * offline. Sizes as stored (raw) and as sent (brotli, the build's .br files).
 */
export async function offlineFilesBench(): Promise<string> {
  const load = os.loadavg();
  const before = await wholeBuild();
  const { groups: allGroups } = JSON.parse(await readFile('dist/route-chunks.json', 'utf8')) as { groups: Record<string, string[]> };
  return withBenchServer({ name: 'offline-files', port: PORT, prepare: async () => undefined }, async ({ url, browser }) => {
    const rows: string[] = [];
    for (const { role, login, query = '' } of ROLES) {
      const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
      try {
        const page = await context.newPage();
        page.on('console', (message) => {
          if (message.type() === 'error') process.stderr.write(`offline-files (${login}): ${message.text()}\n`);
        });
        await page.goto(`${url}/auth/login${query}`);
        await page.getByLabel('E-mail ou CPF').fill(login);
        await page.getByLabel('Senha', { exact: true }).fill(process.env.DEMO_PASSWORD ?? 'demo1234');
        await page.getByRole('button', { name: 'Entrar' }).click();
        await page.waitForURL(/\/(cidade|sala-municipio-principal)/);
        const h = await held(page).catch((error: unknown) => {
          throw new Error(`${login}: ${String(error)}`);
        });
        let shellSent = 0;
        for (const file of h.shell) shellSent += await sentSize(file);
        let screensSent = 0;
        for (const file of h.screens) screensSent += await sentSize(file);
        rows.push(
          `| ${role} | ${h.shell.length} files, ${kb(h.shellRaw)} (${kb(shellSent)} br) | ${h.screens.length} files, ${kb(h.screensRaw)} (${kb(screensSent)} br) | ${h.shell.length + h.screens.length} files, ${kb(h.shellRaw + h.screensRaw)} (${kb(shellSent + screensSent)} br) | ${h.groups.join(', ')} |`,
        );
      } finally {
        await context.close();
      }
    }
    return [
      '## The app files each role keeps offline (issue 32, item 6)',
      '',
      `Load average at start ${load.map((n) => n.toFixed(2)).join(' / ')} (1/5/15 min), ${os.cpus().length} cores. A fresh browser profile per role at 412 px: sign in, wait until the worker has stored the role's screens, read Cache Storage (raw = as stored; br = as the server sends it, the build's .br files).`,
      `Before: the precache held every file of the build, ${before.files} files, ${kb(before.raw)} (${kb(before.sent)} br), for every visitor. The build has ${Object.keys(allGroups).length} groups of screens.`,
      '',
      '| role | shell (precache, at install) | screens (after sign-in) | total | groups |',
      '|---|---|---|---|---|',
      ...rows,
      '',
    ].join('\n');
  });
}
