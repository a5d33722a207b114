import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { openDatabase } from '../../server/db/client.ts';
import { listMunicipalities } from '../../server/features/municipalities/repository.ts';
import { ms, percentile, startServer } from './server-process.ts';

const PORT = 18080;
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
    const starts: number[] = [];
    for (let i = 0; i < COLD_STARTS; i++) {
      const server = await startServer({ dataDir, port: PORT });
      starts.push(server.readyMs);
      await server.stop();
    }
    starts.sort((a, b) => a - b);

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
    // serialisation), in this process, once the server has released the data folder.
    const database = await openDatabase({ dataDir });
    const bare = Fastify({ logger: false });
    bare.get('/bare/municipio', () => listMunicipalities(database.db, 'sc'));
    bare.get('/bare/static', () => ({ ok: true }));
    await bare.listen({ port: PORT + 1, host: '127.0.0.1' });
    const bareQuery = await load(`http://127.0.0.1:${PORT + 1}/bare/municipio`);
    const bareStatic = await load(`http://127.0.0.1:${PORT + 1}/bare/static`);
    await bare.close();
    await database.close();

    const ratio = api.rps / bareQuery.rps;
    const cold = percentile(starts, 50);
    return [
      '## Foundation (issue 2)',
      '',
      '| measure | result | goal |',
      '|---|---|---|',
      `| cold start of the built server to healthy, seed already applied (median of ${COLD_STARTS}; min ${ms(starts[0])}, max ${ms(starts.at(-1)!)}) | ${ms(cold)} | ≤ 5 s ${cold <= 5000 ? '✅' : '❌'} |`,
      `| login (argon2id) p50 / p99 over ${LOGINS} sequential logins | ${ms(percentile(loginTimes, 50))} / ${ms(percentile(loginTimes, 99))} | — |`,
      `| GET /api/municipio (full admin, 7 rows), ${CONNECTIONS} connections × ${LOAD_SECONDS} s | ${api.rps.toFixed(0)} req/s (p50 ${api.p50} ms, p99 ${api.p99} ms) | — |`,
      `| bare Fastify route, same query and data | ${bareQuery.rps.toFixed(0)} req/s (p50 ${bareQuery.p50} ms, p99 ${bareQuery.p99} ms) | — |`,
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
