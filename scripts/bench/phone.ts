import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants } from 'node:zlib';
import type { Browser } from 'playwright-core';
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/seed/index.ts';
import { launchChromium, ms, signIn, startServer } from './server-process.ts';
import { buildStackFloor } from './shell.ts';

// PHONE_PORT: another port, so that a second worktree's bench can run beside this one.
const PORT = Number(process.env.PHONE_PORT ?? 18137);
const SESSION_KEY = 'ce:session';
const CITY = 'Florianópolis';
/** A mid-range phone's width (Lighthouse's mobile is 412 px). */
const VIEWPORT = { width: 412, height: 915 };
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * What counts as usable on each page: the first element that takes the user's input, found by a CSS
 * selector (and its text when given). Checked on every DOM change by an init script, so the moment is
 * the browser's, not the test driver's poll.
 */
type Usable = { css: string; text?: string };

type PagePlan = { name: string; path: string; session: string | null; usable: Usable; goal: number; api?: RegExp };

type PageRun = {
  jsBytes: number;
  jsFiles: number;
  usableMs: number;
  /** Start of the page's first data request, ms after navigation. */
  apiStartMs: number | null;
  /** Cumulative layout shift until the page has settled (network idle). */
  cls: number;
  settledBytes: number;
  settledFiles: number;
  /** Where the bytes until usable come from: package or source folder, brotli bytes attributed. */
  contributors: Array<[string, number]>;
};

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** The generated columns of each segment of a source map line, with the index of its source (base64 VLQ, fields 1 and 2). */
function segmentsOf(line: string): Array<{ column: number; source: number | null }> {
  const out: Array<{ column: number; source: number | null }> = [];
  for (const segment of line.split(',')) {
    if (segment === '') continue;
    const values: number[] = [];
    let value = 0;
    let shift = 0;
    for (const char of segment) {
      const digit = BASE64.indexOf(char);
      value += (digit & 31) << shift;
      if (digit & 32) shift += 5;
      else {
        values.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
    }
    out.push({ column: values[0]!, source: values.length > 1 ? values[1]! : null });
  }
  return out;
}

/** A source's bucket: its npm package (scoped ones whole), else its folder under src/. */
// PHONE_DETAIL=40: the 40 biggest source files of each page instead of its 10 biggest packages or folders.
const DETAIL = Number(process.env.PHONE_DETAIL ?? 0);

function bucketOf(source: string): string {
  if (DETAIL) return source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, '');
  const npm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (npm) return npm[1]!;
  const own = /(?:^|\/)(src|sw)\/((?:[^/]+\/)?)/.exec(source);
  if (own) return `${own[1]}/${own[2]!.replace(/\/$/, '') || '(root)'}`;
  return source.replace(/^(\.\.\/)+/, '');
}

/**
 * Attributes a built file's sent bytes to where its code comes from, from its source map: each
 * generated character belongs to the source of the segment it follows, and the file's brotli size
 * is shared out in proportion (brotli compresses code of different origins alike enough to rank them).
 */
async function addContributors(totals: Map<string, number>, pathname: string, sent: number): Promise<void> {
  const file = path.join('dist', decodeURIComponent(pathname));
  let map: { sources: string[]; mappings: string };
  let code: string;
  try {
    [map, code] = [JSON.parse(await readFile(`${file}.map`, 'utf8')) as typeof map, await readFile(file, 'utf8')];
  } catch {
    totals.set('(no source map)', (totals.get('(no source map)') ?? 0) + sent);
    return;
  }
  const chars = new Map<string, number>();
  const codeLines = code.split('\n');
  let source = 0;
  map.mappings.split(';').forEach((line, index) => {
    const segments = segmentsOf(line);
    const length = codeLines[index]?.length ?? 0;
    let column = 0;
    let current: string | null = null;
    let lastColumn: number | null = null;
    for (const segment of segments) {
      column += segment.column;
      if (segment.source !== null) source += segment.source;
      if (current !== null) chars.set(current, (chars.get(current) ?? 0) + Math.max(0, column - (lastColumn ?? column)));
      current = segment.source !== null ? bucketOf(map.sources[source] ?? '?') : '(generated)';
      lastColumn = column;
    }
    if (current !== null) chars.set(current, (chars.get(current) ?? 0) + Math.max(0, length - (lastColumn ?? length)));
  });
  const total = [...chars.values()].reduce((a, b) => a + b, 0) || 1;
  for (const [bucket, count] of chars) totals.set(bucket, (totals.get(bucket) ?? 0) + (sent * count) / total);
}

/** Brotli size of a built asset as the server sends it: its precompressed `.br` beside it, else the file itself. */
async function sentSize(pathname: string): Promise<number> {
  const file = path.join('dist', decodeURIComponent(pathname));
  try {
    return (await stat(`${file}.br`)).size;
  } catch {
    return (await stat(file)).size;
  }
}

/** The stack floor (scripts/bench/stack-floor) built like the app, brotli at the build's level. */
async function stackFloorBrotli(): Promise<{ bytes: number; files: number }> {
  const outDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-phone-floor-'));
  try {
    await buildStackFloor(outDir);
    const files = (await readdir(path.join(outDir, 'assets'))).filter((f) => f.endsWith('.js'));
    let bytes = 0;
    for (const file of files) {
      const source = await readFile(path.join(outDir, 'assets', file));
      bytes += brotliCompressSync(source, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: zlibConstants.BROTLI_MAX_QUALITY } }).length;
    }
    return { bytes, files: files.length };
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/** A first visit of one page in a fresh profile (the session, when signed in, is the only thing stored). */
async function pageRun(browser: Browser, baseUrl: string, plan: PagePlan): Promise<PageRun> {
  const context = await browser.newContext({ viewport: VIEWPORT, deviceScaleFactor: 2.625, isMobile: true, hasTouch: true });
  try {
    // A string, not a function: tsx names the functions it compiles with a helper the page does not have.
    await context.addInitScript(`(() => {
      const session = ${JSON.stringify(plan.session)};
      const usable = ${JSON.stringify(plan.usable)};
      localStorage.setItem('ce:cookies-aceitos-em', String(Date.now()));
      if (session) localStorage.setItem(${JSON.stringify(SESSION_KEY)}, session);
      window.__cls = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__cls += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
      const observer = new MutationObserver(() => {
        if (window.__usableAt !== undefined) return;
        const hit = Array.from(document.querySelectorAll(usable.css)).some(
          (el) => (usable.text === undefined || (el.textContent || '').trim() === usable.text) && !el.disabled,
        );
        if (hit) {
          window.__usableAt = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(document, { childList: true, subtree: true, attributes: true });
    })();`);
    const page = await context.newPage();
    await page.goto(`${baseUrl}${plan.path}`);
    try {
      await page.waitForFunction(() => (window as unknown as { __usableAt?: number }).__usableAt !== undefined, null, { timeout: 60_000 });
    } catch {
      throw new Error(`${plan.name}: not usable in 60 s (at ${page.url()}; waiting for ${JSON.stringify(plan.usable)})`);
    }
    const usableMs = await page.evaluate(() => (window as unknown as { __usableAt: number }).__usableAt);
    const resources = async () =>
      page.evaluate(() =>
        performance.getEntriesByType('resource').map((e) => ({ name: e.name, start: e.startTime, end: (e as PerformanceResourceTiming).responseEnd })),
      );
    const early = await resources();
    const js = early.filter((r) => new URL(r.name).pathname.endsWith('.js') && r.start <= usableMs);
    let jsBytes = 0;
    const totals = new Map<string, number>();
    for (const r of js) {
      const pathname = new URL(r.name).pathname;
      const sent = await sentSize(pathname);
      if (DETAIL) console.log(`${plan.name}\t${pathname}\t${sent}\t${Math.round(r.start)}`);
      jsBytes += sent;
      await addContributors(totals, pathname, sent);
    }
    const api = plan.api ? early.find((r) => plan.api!.test(new URL(r.name).pathname)) : undefined;
    // Settled: the page with everything it fetches after being usable (the editor on idle, the offline store).
    await page.waitForLoadState('networkidle');
    const settled = (await resources()).filter((r) => new URL(r.name).pathname.endsWith('.js') && !/\/sw\.js$/.test(r.name));
    let settledBytes = 0;
    for (const r of settled) settledBytes += await sentSize(new URL(r.name).pathname);
    const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
    return {
      jsBytes,
      jsFiles: js.length,
      usableMs,
      apiStartMs: api ? api.start : null,
      cls,
      settledBytes,
      settledFiles: settled.length,
      contributors: [...totals].sort((a, b) => b[1] - a[1]).slice(0, DETAIL || 10),
    };
  } finally {
    await context.close();
  }
}

async function storedSession(browser: Browser, baseUrl: string, login: string): Promise<{ session: string; token: string }> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, baseUrl, login);
    const session = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
    if (!session) throw new Error('no session stored after signing in');
    return { session, token: (JSON.parse(session) as { token: string }).token };
  } finally {
    await context.close();
  }
}

async function getJson<T>(baseUrl: string, token: string, url: string): Promise<T> {
  const res = await fetch(`${baseUrl}${url}`, { headers: { authorization: `Bearer ${token}`, database: 'sc' } });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Issue 32: what a phone downloads before each field screen can be used (JS, brotli as the server
 * sends it, a fresh profile at 412 px), against the stack floor built in the same run; the files on
 * that path, when the page's data request starts, and the layout shift until the page settles.
 */
export async function phoneBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-phone-'));
  const database = await openDatabase({ dataDir });
  await seed(database.db, { demoPassword: process.env.DEMO_PASSWORD ?? 'demo1234' });
  await database.close();
  const load = os.loadavg();
  const server = await startServer({ dataDir, port: PORT });
  const browser = await launchChromium();
  try {
    const floor = await stackFloorBrotli();
    const consultant = await storedSession(browser, server.url, 'condutor@demo.local');
    const member = await storedSession(browser, server.url, 'membro@demo.local');
    const consultantCity = (await getJson<Array<{ municipioId: number }>>(server.url, consultant.token, '/api/municipio'))[0]!.municipioId;
    const memberCity = (await getJson<Array<{ municipioId: number; nome: string }>>(server.url, member.token, '/api/municipio')).find(
      (c) => c.nome === CITY,
    )!.municipioId;
    const followups = await getJson<Array<{ acompanhamentoId: number; finalizado: boolean; total: number; sim: number; nao: number }>>(
      server.url,
      member.token,
      `/api/acompanhamento/acompanhamentos/${memberCity}`,
    );
    const followup = followups.find((f) => !f.finalizado && f.total - f.sim - f.nao > 0) ?? followups[0]!;

    const plans: PagePlan[] = [
      { name: '/auth/login', path: '/auth/login', session: null, usable: { css: 'form input' }, goal: 1.1 },
      { name: '/cidade (consultant)', path: '/cidade', session: consultant.session, usable: { css: 'main table tbody tr td, main ul li' }, goal: 1.4, api: /^\/api\/municipio$/ },
      {
        name: 'report form (consultant)',
        path: `/cidade/${consultantCity}/relatorio/inserir`,
        session: consultant.session,
        usable: { css: 'form[aria-label="Novo relatório"] input' },
        goal: 1.6,
        api: /^\/api\/municipio\/\d+$/,
      },
      {
        name: 'follow-up (member)',
        path: `/cidade/${memberCity}/acompanhamento/obter/${followup.acompanhamentoId}`,
        session: member.session,
        usable: { css: 'li button', text: 'Sim' },
        goal: 1.6,
        api: /^\/api\/acompanhamento\//,
      },
      {
        name: 'evidence tab (member, respondida)',
        path: `/cidade/${memberCity}/evidencia/respondida`,
        session: member.session,
        usable: { css: `a[href^="/cidade/${memberCity}/evidenciar/"]` },
        goal: 1.6,
        api: /^\/api\/pergunta\//,
      },
    ];
    const rows: string[] = [];
    const contributorRows: string[] = [];
    const missed: string[] = [];
    // PHONE_PAGES=report,follow-up: only the pages whose names start so (while working).
    const only = process.env.PHONE_PAGES?.split(',');
    for (const plan of plans.filter((p) => !only || only.some((name) => p.name.startsWith(name)))) {
      let run: PageRun;
      try {
        run = await pageRun(browser, server.url, plan);
      } catch (error) {
        missed.push(String(error));
        rows.push(`| ${plan.name} | ❌ ${String(error).replace(/\|/g, '/')} | | | | | |`);
        continue;
      }
      const ratio = run.jsBytes / floor.bytes;
      const ok = ratio <= plan.goal;
      const filesOk = run.jsFiles <= 40;
      const clsOk = run.cls <= 0.1;
      if (!ok) missed.push(`${plan.name}: ${ratio.toFixed(2)} × floor > ${plan.goal}`);
      if (!filesOk) missed.push(`${plan.name}: ${run.jsFiles} files > 40`);
      if (!clsOk) missed.push(`${plan.name}: CLS ${run.cls.toFixed(3)} > 0.1`);
      contributorRows.push(`| ${plan.name} | ${run.contributors.map(([bucket, bytes]) => `${bucket} ${kb(bytes)}`).join(', ')} |`);
      rows.push(
        `| ${plan.name} | ${kb(run.jsBytes)} = ${ratio.toFixed(2)} × floor ${ok ? '✅' : '❌'} (≤ ${plan.goal}) | ${run.jsFiles} ${filesOk ? '✅' : '❌'} | ${run.cls.toFixed(3)} ${clsOk ? '✅' : '❌'} | ${ms(run.usableMs)} | ${run.apiStartMs === null ? '—' : ms(run.apiStartMs)} | ${kb(run.settledBytes)} (${run.settledFiles} files) |`,
      );
    }
    const section = [
      '## Phone: bytes until usable (issue 32)',
      '',
      `Fresh Chromium profile at 412 px; JS transferred until the page's first input is in the DOM (the login's fields, /cidade's first row or card, the report form's fields, the follow-up's first "Sim", the evidence tab's first question), each file counted at the size the server sends (its brotli \`.br\`, else the file). The stack floor (scripts/bench/stack-floor), brotli at the build's level, in the same run: ${kb(floor.bytes)} (${floor.files} file). Load average at the start: ${load.map((l) => l.toFixed(2)).join(', ')} on ${os.cpus().length} cores; bytes, files and layout shift do not depend on it, times do.`,
      '',
      '| page | JS until usable (brotli) | JS files until usable (≤ 40) | layout shift until settled (≤ 0.1) | usable at | first data request starts | for scale: JS once settled |',
      '|---|---|---|---|---|---|---|',
      ...rows,
      '',
      'Top 10 contributors to the JS until usable (npm package or folder under src/; brotli bytes shared out by each file\'s source map):',
      '',
      '| page | contributors |',
      '|---|---|',
      ...contributorRows,
      '',
    ].join('\n');
    if (missed.length > 0) process.stderr.write(`bench phone: goals missed:\n  ${missed.join('\n  ')}\n`);
    return section;
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
