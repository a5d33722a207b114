import { chromium, type Browser, type Page } from 'playwright-core';
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildServer } from '../build-server.ts';

const bundles = new Map<string, Promise<string>>();

/**
 * `script` bundled as `npm run build` bundles the server (scripts/build-server.ts), once per bench
 * process, into a folder of its own: the API and the bare Fastify floor are then started the same
 * way, by plain `node` with no TypeScript loader, as `npm start` starts the server.
 */
function bundled(script: string): Promise<string> {
  let bundle = bundles.get(script);
  if (!bundle) {
    // Inside the project, as dist-server/ is: the bundle imports its packages from node_modules.
    bundle = mkdir('.tmp', { recursive: true })
      .then(() => mkdtemp(path.resolve('.tmp', 'bench-bundle-')))
      .then((outDir) => {
        process.once('exit', () => rmSync(outDir, { recursive: true, force: true }));
        return buildServer({ entry: script, outDir });
      });
    bundles.set(script, bundle);
  }
  return bundle;
}

/**
 * Starts the built server (`server/main.ts` bundled), or another `script` built and started the
 * same way (the bare Fastify floor, scripts/bench/bare-server.ts), as a child process and resolves
 * once /api/health answers 200; `readyMs` is the time from the spawn (the bundling is before it).
 */
export async function startServer(opts: { dataDir?: string; port: number; env?: Record<string, string>; script?: string }) {
  const main = await bundled(opts.script ?? 'server/main.ts');
  const started = performance.now();
  const child = spawn(process.execPath, [main], {
    env: { ...process.env, DATA_DIR: opts.dataDir ?? '', PORT: String(opts.port), LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${opts.port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left behind holding the port for the next run.
      child.kill('SIGTERM');
      throw new Error('server did not become healthy in 120 s');
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  return { url, child, readyMs: performance.now() - started, stop: () => stopProcess(child) };
}

export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)];
}

export const ms = (n: number) => `${n.toFixed(n < 10 ? 1 : 0)} ms`;

/** Debian Chromium as this machine runs it (see playwright.config.ts). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian Chromium with the arguments above. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** Signs in through the login page, as a user would, and waits for the city list. */
export async function signIn(page: Page, baseUrl: string, login = 'condutor@demo.local'): Promise<void> {
  await page.goto(`${baseUrl}/auth/login`);
  await page.getByLabel('E-mail ou CPF').fill(login);
  await page.getByLabel('Senha', { exact: true }).fill(process.env.DEMO_PASSWORD ?? 'demo1234');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(/\/cidade$/);
}

/**
 * A suite's whole life in one place: a fresh data dir filled by `prepare`, the built server on it and
 * Chromium; all three removed afterwards, whatever the run threw (a server left behind holds the port
 * for the next suite). New suites use it; the older ones still spell it out.
 */
export async function withBenchServer<P, T>(
  opts: { name: string; port: number; prepare: (dataDir: string) => Promise<P> },
  run: (ctx: { url: string; browser: Browser; prepared: P }) => Promise<T>,
): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `ce-bench-${opts.name}-`));
  try {
    const prepared = await opts.prepare(dataDir);
    const server = await startServer({ dataDir, port: opts.port });
    try {
      const browser = await launchChromium();
      try {
        return await run({ url: server.url, browser, prepared });
      } finally {
        await browser.close();
      }
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
