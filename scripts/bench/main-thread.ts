/**
 * Issue 32, item 5: where the main thread goes on the consultant's report form and the member's
 * follow-up page and evidence tab (`MAIN_THREAD_PAGES=report,follow-up` picks pages by name).
 * Each page is opened signed in, at 412 px (the phone cards), in a fresh context with the CPU 4×
 * slower (Lighthouse's mobile profile); a V8 CPU profile runs from the navigation until the page has
 * settled (network idle), and its self-time is grouped by source through dist/assets/*.js.map:
 * Chakra (with Emotion, Panda's helpers and Zag), React, zod, Dexie, our code, the rest by package.
 *
 * Run on a build (`npm run build`): `node --import tsx scripts/bench/main-thread.ts`.
 * Not part of `npm run bench`: a diagnostic for choosing what to cut, not a goal.
 */
import { readFile } from 'node:fs/promises';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/seed/index.ts';
import { launchChromium, signIn, startServer } from './server-process.ts';

const PORT = Number(process.env.MAIN_THREAD_PORT ?? 8612);
const RUNS = Number(process.env.MAIN_THREAD_RUNS ?? 3);
const MEMBER_CITY = 'Florianópolis';

type Node = { id: number; callFrame: { url: string; lineNumber: number; columnNumber: number; functionName: string }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const maps = new Map<string, TraceMap | null>();
async function mapOf(url: string): Promise<TraceMap | null> {
  const file = new URL(url).pathname;
  if (!maps.has(file)) {
    try {
      maps.set(file, new TraceMap(await readFile(path.join('dist', `${file}.map`), 'utf8')));
    } catch {
      maps.set(file, null);
    }
  }
  return maps.get(file)!;
}

function groupOf(source: string): string {
  const modules = source.lastIndexOf('node_modules/');
  if (modules < 0) return source.includes('src/') ? 'our code (src/)' : `other (${source})`;
  const rest = source.slice(modules + 'node_modules/'.length).split('/');
  const name = rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0]!;
  if (/^@(chakra-ui|emotion|pandacss|zag-js|ark-ui)\//.test(name) || name === 'stylis') return 'Chakra (Chakra, Emotion, Zag, Ark)';
  if (name === 'react' || name === 'react-dom' || name === 'scheduler') return 'React';
  if (name === 'zod') return 'zod';
  if (name === 'dexie' || name === 'dexie-react-hooks') return 'Dexie';
  return name;
}

/** Where a frame comes from in the sources, through the map of its bundle. */
async function sourceOf(frame: Node['callFrame']): Promise<{ source: string; name: string } | null> {
  if (!frame.url.includes('/assets/')) return null;
  const map = await mapOf(frame.url);
  if (!map) return null;
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: frame.columnNumber });
  return pos.source
    ? { source: pos.source.replace(/^.*node_modules\//, ''), name: pos.name ?? (process.env.MAIN_THREAD_TASKS ? `${frame.functionName}@${pos.line}` : frame.functionName) }
    : null;
}

/**
 * With MAIN_THREAD_DETAIL: the Chakra entry points (a Chakra frame called from outside Chakra) by
 * their time including what they call: what renders or sets up the styling, not just where it spends.
 */
async function chakraEntries(profile: Profile, out: Map<string, number>): Promise<void> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const isChakra = new Map<number, string | null>();
  for (const n of profile.nodes) {
    const src = await sourceOf(n.callFrame);
    isChakra.set(n.id, src && groupOf(`node_modules/${src.source}`).startsWith('Chakra') ? `${src.name} (${src.source})` : null);
  }
  for (const [id, time] of self) {
    if (!isChakra.get(id)) continue;
    // Walk up to the outermost Chakra frame of this unbroken Chakra run.
    let entry = id;
    for (let p = parent.get(entry); p !== undefined && isChakra.get(p); p = parent.get(p)) entry = p;
    const key = isChakra.get(entry)!;
    out.set(key, (out.get(key) ?? 0) + time);
  }
  void byId;
}

/**
 * With MAIN_THREAD_TASKS: the profile cut into busy stretches (samples between two idle ones, about
 * a task each), and for each stretch over 250 ms its biggest sources by self-time: which code makes
 * which long task.
 */
async function stretches(profile: Profile): Promise<void> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let at = 0;
  let start = 0;
  let current = new Map<string, number>();
  const flush = async (end: number) => {
    const total = [...current.values()].reduce((a, b) => a + b, 0);
    if (total > 250) {
      const top = [...current].sort((a, b) => b[1] - a[1]).slice(0, 8);
      console.log(`  stretch ${start.toFixed(0)}–${end.toFixed(0)} ms (${total.toFixed(0)} ms busy): ${top.map(([k, v]) => `${k} ${v.toFixed(0)}`).join('; ')}`);
    }
    current = new Map();
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = (profile.timeDeltas[i] ?? 0) / 1000;
    at += delta;
    const node = byId.get(profile.samples[i]!)!;
    if (node.callFrame.functionName === '(idle)') {
      if (current.size > 0) await flush(at);
      start = at;
      continue;
    }
    const src = await sourceOf(node.callFrame);
    const key = src ? `${src.name || '?'} (${src.source.replace(/\/dist\/(esm\/)?/, '/')})` : node.callFrame.functionName || '(anonymous)';
    current.set(key, (current.get(key) ?? 0) + delta);
  }
  await flush(at);
}

/** Self-time in ms per group. */
async function shares(profile: Profile): Promise<Map<string, number>> {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000));
  const out = new Map<string, number>();
  for (const [id, time] of self) {
    const { url, lineNumber, columnNumber, functionName } = byId.get(id)!.callFrame;
    let group: string;
    if (!url) group = functionName.startsWith('(') ? functionName : 'browser (native)';
    else if (!url.includes('/assets/')) group = 'other scripts';
    else {
      const map = await mapOf(url);
      const source = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }).source : null;
      group = source ? groupOf(source) : 'unmapped bundle';
    }
    out.set(group, (out.get(group) ?? 0) + time);
  }
  return out;
}

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-main-thread-'));
  const database = await openDatabase({ dataDir });
  await seed(database.db, { demoPassword: process.env.DEMO_PASSWORD ?? 'demo1234' });
  await database.close();
  const server = await startServer({ dataDir, port: PORT });
  const browser = await launchChromium();
  try {
    const sessionOf = async (email: string) => {
      const signInPage = await browser.newPage();
      await signIn(signInPage, server.url, email);
      const stored = await signInPage.evaluate(() => localStorage.getItem('ce:session'));
      await signInPage.close();
      return stored!;
    };
    const session = await sessionOf('membro@demo.local');
    const consultant = await sessionOf('condutor@demo.local');
    const token = (JSON.parse(session) as { token: string }).token;
    const consultantToken = (JSON.parse(consultant) as { token: string }).token;
    const getJson = async <T,>(url: string): Promise<T> =>
      (await (await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${token}`, database: 'sc' } })).json()) as T;
    const city = (await getJson<Array<{ municipioId: number; nome: string }>>('/api/municipio')).find((c) => c.nome === MEMBER_CITY)!;
    const list = await getJson<Array<{ acompanhamentoId: number; finalizado: boolean; total: number; sim: number; nao: number }>>(
      `/api/acompanhamento/acompanhamentos/${city.municipioId}`,
    );
    const followup = list.find((f) => !f.finalizado && f.total - f.sim - f.nao > 0) ?? list[0]!;
    const consultantCity = (
      (await (await fetch(`${server.url}/api/municipio`, { headers: { authorization: `Bearer ${consultantToken}`, database: 'sc' } })).json()) as Array<{
        municipioId: number;
      }>
    )[0]!.municipioId;
    const only = process.env.MAIN_THREAD_PAGES?.split(',');
    const pages = [
      {
        name: 'report form (consultant)',
        path: `/cidade/${consultantCity}/relatorio/inserir`,
        ready: 'form[aria-label="Novo relatório"] input',
        session: consultant,
      },
      { name: 'follow-up (member)', path: `/cidade/${city.municipioId}/acompanhamento/obter/${followup.acompanhamentoId}`, ready: 'li button:has-text("Sim")', session },
      { name: 'evidence tab (member, respondida)', path: `/cidade/${city.municipioId}/evidencia/respondida`, ready: `a[href^="/cidade/${city.municipioId}/evidenciar/"]`, session },
    ].filter((plan) => !only || only.some((name) => plan.name.startsWith(name)));
    for (const plan of pages) {
      const totals = new Map<string, number>();
      const entries = new Map<string, number>();
      for (let run = 0; run < RUNS; run++) {
        const context = await browser.newContext({ viewport: { width: 412, height: 823 }, isMobile: true });
        await context.addInitScript((value) => localStorage.setItem('ce:session', value), plan.session);
        // The long tasks (over 50 ms) from the start: Lighthouse's blocking time is their time over 50 ms.
        await context.addInitScript(() => {
          const w = window as unknown as { __long: Array<[number, number]> };
          w.__long = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries()) w.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
          }).observe({ type: 'longtask', buffered: true });
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        await page.goto(`${server.url}${plan.path}`);
        await page.locator(plan.ready).first().waitFor({ timeout: 60_000 });
        const usableAt = await page.evaluate(() => performance.now());
        await page.waitForLoadState('networkidle');
        const long = await page.evaluate(() => (window as unknown as { __long: Array<[number, number]> }).__long);
        const blocking = long.reduce((sum, [, d]) => sum + Math.max(0, d - 50), 0);
        console.log(
          `${plan.name} run ${run + 1}: usable at ${Math.round(usableAt)} ms; long tasks (start+duration ms) ${long.map(([s, d]) => `${s}+${d}`).join(' ')}; blocking ${blocking} ms`,
        );
        const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
        // Load-independent: how many elements the page shows, and how many of them Chakra styled (an Emotion class each).
        if (run === 0) {
          const counts = await page.evaluate(() => ({
            elements: document.body.querySelectorAll('*').length,
            styled: document.body.querySelectorAll('[class*="css-"]').length,
          }));
          console.log(`${plan.name}: ${counts.elements} elements, ${counts.styled} of them styled by Chakra (css-… class)`);
        }
        for (const [group, time] of await shares(profile)) totals.set(group, (totals.get(group) ?? 0) + time / RUNS);
        if (process.env.MAIN_THREAD_DETAIL) await chakraEntries(profile, entries);
        if (process.env.MAIN_THREAD_TASKS && run === 0) await stretches(profile);
        await context.close();
      }
      const busy = [...totals].filter(([g]) => g !== '(idle)' && g !== '(program)');
      const total = busy.reduce((sum, [, t]) => sum + t, 0);
      console.log(`\n${plan.name}: ${total.toFixed(0)} ms busy (mean of ${RUNS}, CPU 4× slower; idle and (program) left out)`);
      console.log('| source | self-time | share |\n|---|---|---|');
      for (const [group, time] of busy.sort((a, b) => b[1] - a[1]).slice(0, 12)) {
        console.log(`| ${group} | ${time.toFixed(0)} ms | ${((100 * time) / total).toFixed(1)} % |`);
      }
      if (process.env.MAIN_THREAD_DETAIL) {
        console.log('\nChakra self-time by entry point (outermost Chakra frame):');
        for (const [key, time] of [...entries].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${(time / RUNS).toFixed(0)} ms  ${key}`);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
