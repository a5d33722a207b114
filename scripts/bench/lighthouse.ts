import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import * as chromeLauncher from 'chrome-launcher';
import Fastify from 'fastify';
import lighthouse from 'lighthouse';
import puppeteer, { type Browser } from 'puppeteer-core';
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/seed/index.ts';
import { buildStackFloor } from './shell.ts';
import { CHROMIUM_ARGS, launchChromium, ms, signIn, startServer } from './server-process.ts';

const PORT = 8610;
const FLOOR_PORT = 8611;
// Lighthouse varies from run to run; the run with the median performance score is reported.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const SESSION_KEY = 'ce:session';
/** The member's city in the seed, as in phone.ts: it has follow-ups with open questions and answered evidence. */
const MEMBER_CITY = 'Florianópolis';

type Scores = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  tbt: number;
  fcp: number;
  lcp: number;
  failed: string[];
  /** Why Lighthouse could not measure the page (no paint, a load error), when it could not. */
  error?: string;
};

/** What an audit found, in a few words (the Chrome issue types, for inspector-issues). */
function auditDetail(details: unknown): string {
  const items = (details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  const words = items.map((item) => String(item.issueType ?? item.description ?? item.node ?? '')).filter(Boolean);
  return words.length > 0 ? ` (${[...new Set(words)].slice(0, 3).join('; ')})` : '';
}

/**
 * One Lighthouse run in its default profile (mobile, simulated throttling: a slow 4G network and a
 * 4× slower CPU), storage reset as for a first visit; with `session`, the stored session is put
 * back into localStorage before the page's scripts run, as a signed-in user's device holds it.
 */
async function audit(url: string, session?: string): Promise<Scores> {
  // A Chrome of its own per run, on a new profile (chrome-launcher makes a new --user-data-dir each
  // launch): a really first visit (issue 32, item 10). Lighthouse's own storage reset leaves
  // localStorage, IndexedDB and cookies, so a second run in one browser was a return visit.
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const port = chrome.port;
  let browser: Browser | undefined;
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
    const page = await browser.newPage();
    // And, belt and braces, nothing of the site's storage of any type before the run.
    const origin = new URL(url).origin;
    const cdp = await page.createCDPSession();
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'all' });
    await cdp.send('Network.clearBrowserCookies');
    await cdp.detach();
    if (session) {
      await page.evaluateOnNewDocument(
        (key, value) => {
          if (location.protocol.startsWith('http')) localStorage.setItem(key, value);
        },
        SESSION_KEY,
        session,
      );
    }
    const result = await lighthouse(
      url,
      { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { categories, audits, runtimeError } = result.lhr;
    // A page that failed to load (no paint, an error) has no scores: say why instead of zeros.
    const error = runtimeError ? `${runtimeError.code}: ${runtimeError.message}` : undefined;
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    // What keeps accessibility or best practices below 100, to fix or to explain.
    const failed = ['accessibility', 'best-practices'].flatMap((id) =>
      (categories[id]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && audits[ref.id]?.score !== null && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${ref.id}${auditDetail(audits[ref.id]?.details)}`),
    );
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      tbt: audits['total-blocking-time']?.numericValue ?? NaN,
      fcp: audits['first-contentful-paint']?.numericValue ?? NaN,
      lcp: audits['largest-contentful-paint']?.numericValue ?? NaN,
      failed,
      error,
    };
  } finally {
    await browser?.disconnect();
    chrome.kill();
  }
}

async function medianAudit(url: string, session?: string): Promise<Scores> {
  const runs: Scores[] = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(url, session));
  runs.sort((a, b) => a.performance - b.performance || a.tbt - b.tbt);
  return runs[Math.floor(runs.length / 2)]!;
}

/** The stored session of a user signed in through the login page (server-process.ts signIn). */
async function storedSession(baseUrl: string, login: string): Promise<string> {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    await signIn(page, baseUrl, login);
    const session = await page.evaluate((key) => localStorage.getItem(key), SESSION_KEY);
    if (!session) throw new Error('no session stored after signing in');
    return session;
  } finally {
    await browser.close();
  }
}

/** The stack floor (scripts/bench/stack-floor) served as the app is: compressed, one page for every path. */
async function serveStackFloor(root: string) {
  const app = Fastify();
  await app.register(fastifyCompress, { threshold: 1024 });
  await app.register(fastifyStatic, { root });
  app.setNotFoundHandler((_request, reply) => reply.sendFile('index.html'));
  await app.listen({ port: FLOOR_PORT, host: '127.0.0.1' });
  return app;
}

const mark = (ok: boolean) => (ok ? '✅' : '❌');
const seconds = (n: number) => `${(n / 1000).toFixed(1)} s`;

/** Issues 12 and 32: Lighthouse (mobile, simulated throttling) on the login, the city list, the report form, the follow-up and the evidence tab. */
export async function lighthouseBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-lighthouse-'));
  const floorDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-floor-'));
  // Seeded before the server starts: on a busy machine, seeding at boot can outlast its health wait.
  const database = await openDatabase({ dataDir });
  await seed(database.db, { demoPassword: process.env.DEMO_PASSWORD ?? 'demo1234' });
  await database.close();
  const server = await startServer({ dataDir, port: PORT });
  await buildStackFloor(floorDir);
  const floorServer = await serveStackFloor(floorDir);
  try {
    // A consultant, the field user, on one of their municipalities.
    const session = await storedSession(server.url, 'condutor@demo.local');
    const { token } = JSON.parse(session) as { token: string };
    // Tenant sc: the default of localhost, where the session was made.
    const cities = (await (
      await fetch(`${server.url}/api/municipio`, { headers: { authorization: `Bearer ${token}`, database: 'sc' } })
    ).json()) as Array<{
      municipioId: number;
      nome: string;
    }>;
    const city = cities[0]!;
    // Issue 32: the member's follow-up page and evidence tab, on the city and follow-up phone.ts measures.
    const member = await storedSession(server.url, 'membro@demo.local');
    const memberToken = (JSON.parse(member) as { token: string }).token;
    const getJson = async <T,>(url: string): Promise<T> => {
      const res = await fetch(`${server.url}${url}`, { headers: { authorization: `Bearer ${memberToken}`, database: 'sc' } });
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      return (await res.json()) as T;
    };
    const memberCity = (await getJson<Array<{ municipioId: number; nome: string }>>('/api/municipio')).find(
      (c) => c.nome === MEMBER_CITY,
    )!.municipioId;
    const followups = await getJson<Array<{ acompanhamentoId: number; finalizado: boolean; total: number; sim: number; nao: number }>>(
      `/api/acompanhamento/acompanhamentos/${memberCity}`,
    );
    const followup = followups.find((f) => !f.finalizado && f.total - f.sim - f.nao > 0) ?? followups[0]!;
    {
      const pages: [string, Scores][] = [
        ['/auth/login', await medianAudit(`${server.url}/auth/login`)],
        ['/cidade (consultant)', await medianAudit(`${server.url}/cidade`, session)],
        [
          `/cidade/${city.municipioId}/relatorio/inserir (${city.nome}, consultant)`,
          await medianAudit(`${server.url}/cidade/${city.municipioId}/relatorio/inserir`, session),
        ],
        [
          'follow-up (member)',
          await medianAudit(`${server.url}/cidade/${memberCity}/acompanhamento/obter/${followup.acompanhamentoId}`, member),
        ],
        ['evidence tab (member, respondida)', await medianAudit(`${server.url}/cidade/${memberCity}/evidencia/respondida`, member)],
      ];
      const floor = await medianAudit(`http://127.0.0.1:${FLOOR_PORT}/`);
      const rows = pages.map(
        ([name, s]) =>
          `| ${name} | ${s.performance} ${mark(s.performance >= 90)} | ${s.accessibility} ${mark(s.accessibility === 100)} | ${s.bestPractices} ${mark(s.bestPractices === 100)} | ${ms(s.tbt)} | ${seconds(s.fcp)} | ${seconds(s.lcp)} |`,
      );
      const errors = [...pages, ['stack floor', floor] as const].filter(([, s]) => s.error).map(([name, s]) => `${name}: ${s.error}`);
      const failed = pages.filter(([, s]) => s.failed.length > 0).map(([name, s]) => `${name}: ${s.failed.join(', ')}`);
      return [
        '## Lighthouse (issue 12)',
        '',
        `Lighthouse 12.2.3, its default mobile profile with simulated throttling (slow 4G, CPU 4× slower), Debian Chromium headless; each run of a page from a really first visit (a Chrome of its own on a new profile, the site's storage of every type cleared), the signed-in ones with the session put back into localStorage; the run with the median performance score of ${RUNS}.`,
        '',
        '| page | performance (≥ 90) | accessibility (100) | best practices (100) | TBT | FCP | LCP |',
        '|---|---|---|---|---|---|---|',
        ...rows,
        `| for scale: the stack floor (scripts/bench/stack-floor: React, the router, Chakra, the virtualiser, 5,000 rows), served compressed | ${floor.performance} | ${floor.accessibility} | ${floor.bestPractices} | ${ms(floor.tbt)} | ${seconds(floor.fcp)} | ${seconds(floor.lcp)} |`,
        '',
        '| measure | result | goal |',
        '|---|---|---|',
        // Issue 32, item 5: every page's total blocking time within 1.3 × the floor's, in the same run.
        ...pages.map(
          ([name, s]) =>
            `| ${name}: TBT / stack floor TBT (${ms(s.tbt)} / ${ms(floor.tbt)}) | ${(s.tbt / Math.max(floor.tbt, 1)).toFixed(2)} | ≤ 1.3 ${mark(s.tbt <= 1.3 * floor.tbt)} |`,
        ),
        '',
        ...(errors.length ? ['Pages Lighthouse could not measure:', '', ...errors.map((line) => `- ${line}`), ''] : []),
        ...(failed.length
          ? ['Audits below full marks in accessibility or best practices:', '', ...failed.map((line) => `- ${line}`), '']
          : []),
      ].join('\n');
    }
  } finally {
    await floorServer.close();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
    await rm(floorDir, { recursive: true, force: true });
  }
}
