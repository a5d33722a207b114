import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ms, percentile, startServer } from './server-process.ts';

const PORT = 18080;
const BARE_SERVER = 'scripts/bench/bare-server.ts';
const COLD_STARTS = 5;
const LOGINS = 100;
const LOAD_SECONDS = 10;
const CONNECTIONS = 10;

async function load(url: string, headers: Record<string, string> = {}) {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: LOAD_SECONDS, headers });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

/** Issue 2: cold start, login latency, and the cost of our stack on GET /api/municipio. */
export async function foundationBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-'));
  try {
    // First start migrates and seeds; the measured starts find the seed already applied.
    await (await startServer({ dataDir, port: PORT })).stop();
    // Each start of the API beside a start of bare Fastify (the floor: bundled and run by plain `node` too,
    // one route), taken in turns so that both meet the same load (issue 32, item 9).
    const starts: number[] = [];
    const bareStarts: number[] = [];
    for (let i = 0; i < COLD_STARTS; i++) {
      const server = await startServer({ dataDir, port: PORT });
      starts.push(server.readyMs);
      await server.stop();
      const bareServer = await startServer({ port: PORT + 1, script: BARE_SERVER });
      bareStarts.push(bareServer.readyMs);
      await bareServer.stop();
    }
    starts.sort((a, b) => a - b);
    bareStarts.sort((a, b) => a - b);

    const server = await startServer({ dataDir, port: PORT });
    const headers = { 'content-type': 'application/json', database: 'sc', branch: 'hlg' };
    const loginTimes: number[] = [];
    let token = '';
    for (let i = 0; i < LOGINS; i++) {
      const t0 = performance.now();
      const res = await fetch(`${server.url}/api/usuario/login`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ login: 'admin@demo.local', senha: process.env.DEMO_PASSWORD ?? 'demo1234' }),
      });
      loginTimes.push(performance.now() - t0);
      if (!res.ok) throw new Error(`login failed: ${res.status}`);
      token = ((await res.json()) as { token: string }).token;
    }
    loginTimes.sort((a, b) => a - b);
    const api = await load(`${server.url}/api/municipio`, { authorization: `Bearer ${token}`, database: 'sc', branch: 'hlg' });
    await server.stop();

    // The same query on the same data from a bare Fastify route (no tenant, auth, helmet or schema
    // serialisation), in a process of its own as the API runs (not in this load generator's), once
    // the server has released the data folder.
    const bare = await startServer({ dataDir, port: PORT + 1, script: BARE_SERVER });
    const bareQuery = await load(`${bare.url}/bare/municipio`);
    const bareStatic = await load(`${bare.url}/bare/static`);
    await bare.stop();

    const ratio = api.rps / bareQuery.rps;
    const cold = percentile(starts, 50);
    const bareCold = percentile(bareStarts, 50);
    return [
      '## Foundation (issues 2 and 32)',
      '',
      '| measure | result | goal |',
      '|---|---|---|',
      `| cold start of the built server, spawn to /api/health 200, seed already applied (median of ${COLD_STARTS}; min ${ms(starts[0]!)}, max ${ms(starts.at(-1)!)}) | ${ms(cold)} = ${(cold / bareCold).toFixed(1)} × bare Fastify | ≤ 2 s ${cold <= 2000 ? '✅' : '❌'} |`,
      `| for scale: bare Fastify bundled and started the same way (plain \`node\`, one route), spawn to 200 (median of ${COLD_STARTS}; min ${ms(bareStarts[0]!)}, max ${ms(bareStarts.at(-1)!)}) | ${ms(bareCold)} | — |`,
      `| login (argon2id) p50 / p99 over ${LOGINS} sequential logins | ${ms(percentile(loginTimes, 50))} / ${ms(percentile(loginTimes, 99))} | — |`,
      `| GET /api/municipio (full admin, 7 rows), ${CONNECTIONS} connections × ${LOAD_SECONDS} s | ${api.rps.toFixed(0)} req/s (p50 ${api.p50} ms, p99 ${api.p99} ms) | — |`,
      `| bare Fastify route, same query and data, in its own process | ${bareQuery.rps.toFixed(0)} req/s (p50 ${bareQuery.p50} ms, p99 ${bareQuery.p99} ms) | — |`,
      `| ratio API / bare route | ${ratio.toFixed(2)} | ≥ 0.4 ${ratio >= 0.4 ? '✅' : '❌'} |`,
      `| for scale: bare Fastify route answering a constant, no database | ${bareStatic.rps.toFixed(0)} req/s | — |`,
      '',
      'The API route pays for the tenant lookup, JWT verification, one query for the tenant permission version (the session itself is cached per user and reloaded only when database triggers have bumped that version), helmet headers and zod serialisation. Embedded PGlite runs every query on the one Node thread, so each query counts.',
      '',
    ].join('\n');
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
