import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { seed } from '../../server/seed/index.ts';
import { ms, percentile, startServer } from './server-process.ts';

const PORT = 18098;
const TASKS = 100_000;
const RUNS = 50;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';

type Row = Record<string, unknown>;

/**
 * The demo data plus 100,000 municipality tasks spread over the tenant's municipality solutions
 * (about one in five named by a field report, half of those done), written in SQL before the server starts.
 */
async function prepare(dataDir: string): Promise<{ grupoSolucaoId: number; municipioId: number; total: number }> {
  const database = await openDatabase({ dataDir });
  const { db } = database;
  try {
    await seed(db, { demoPassword: PASSWORD });
    await db.execute(sql`
      insert into municipio_tarefa (tenant_id, municipio_id, municipio_solucao_id, nome, descricao, horas)
      select 'sc', ms.municipio_id, ms.municipio_solucao_id, 'Tarefa de carga ' || g, '', (g % 16) + 1
        from generate_series(1, ${TASKS}) g
        join lateral (select * from municipio_solucao where tenant_id = 'sc' order by municipio_solucao_id
                       offset (g % (select count(*) from municipio_solucao where tenant_id = 'sc')) limit 1) ms on true`);
    await db.execute(sql`
      insert into relatorio_tarefa (tenant_id, relatorio_id, municipio_tarefa_id, cumprida)
      select 'sc', r.relatorio_id, mt.municipio_tarefa_id, mt.municipio_tarefa_id % 2 = 0
        from municipio_tarefa mt
        join lateral (select relatorio_id from relatorio where tenant_id = 'sc' and municipio_id = mt.municipio_id
                       order by relatorio_id limit 1) r on true
       where mt.tenant_id = 'sc' and mt.nome like 'Tarefa de carga %' and mt.municipio_tarefa_id % 5 = 0
      on conflict do nothing`);
    await db.execute(sql`analyze`);
    const pick = (await db.execute(sql`
      select mg.grupo_solucao_id, count(*) as n
        from municipio_tarefa mt join municipio_solucao ms using (municipio_solucao_id)
        join municipio_grupo_solucao mg using (municipio_grupo_solucao_id)
       where mt.tenant_id = 'sc' group by 1 order by 2 desc limit 1`)) as unknown as { rows: Row[] };
    const city = (await db.execute(sql`
      select municipio_id from municipio_tarefa where tenant_id = 'sc' group by 1 order by count(*) desc limit 1`)) as unknown as {
      rows: Row[];
    };
    const total = (await db.execute(sql`select count(*) as n from municipio_tarefa where tenant_id = 'sc'`)) as unknown as { rows: Row[] };
    return {
      grupoSolucaoId: Number(pick.rows[0]!.grupo_solucao_id),
      municipioId: Number(city.rows[0]!.municipio_id),
      total: Number(total.rows[0]!.n),
    };
  } finally {
    await database.close();
  }
}

async function timeFilter(url: string, token: string, filter: object): Promise<{ p50: number; p95: number; rows: number; total: number }> {
  const headers = { authorization: `Bearer ${token}`, database: 'sc', branch: 'hlg', 'content-type': 'application/json' };
  const send = async () => {
    const started = performance.now();
    const res = await fetch(`${url}/api/municipio/municipiotarefa/get-andamento-by-filtro`, {
      method: 'POST',
      headers,
      body: JSON.stringify(filter),
    });
    const body = (await res.json()) as { linhas: unknown[]; total: number };
    if (!res.ok) throw new Error(`get-andamento-by-filtro answered ${res.status}`);
    return { ms: performance.now() - started, rows: body.linhas.length, total: body.total };
  };
  await send(); // warm-up: plans, JIT
  const times: number[] = [];
  let last = { rows: 0, total: 0 };
  for (let i = 0; i < RUNS; i++) {
    const run = await send();
    times.push(run.ms);
    last = run;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), ...last };
}

/** Issue 16: POST municipiotarefa/get-andamento-by-filtro over 100,000 municipality tasks on PGlite. */
export async function solutionsBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-solutions-'));
  const { grupoSolucaoId, municipioId, total } = await prepare(dataDir);
  const server = await startServer({ dataDir, port: PORT });
  try {
    const login = await fetch(`${server.url}/api/usuario/login`, {
      method: 'POST',
      headers: { database: 'sc', 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'admin@demo.local', senha: PASSWORD }),
    });
    const { token } = (await login.json()) as { token: string };
    const period = { dataInicio: '2025-01-01', dataFim: '2026-12-31' };
    const group = await timeFilter(server.url, token, { grupoSolucaoId, ...period });
    const city = await timeFilter(server.url, token, { municipioId, ...period });
    const row = (label: string, r: Awaited<ReturnType<typeof timeFilter>>) =>
      `| ${label} (${r.total} tasks match, ${r.rows} answered; ${RUNS} sequential calls after a warm-up) | p50 ${ms(r.p50)}, p95 ${ms(r.p95)} | ≤ 150 ms p50 ${r.p50 <= 150 ? '✅' : '❌'} |`;
    return [
      '## Solutions and task progress (issue 16)',
      '',
      `\`BENCH_ONLY=solutions npm run bench\` (scripts/bench/solutions.ts): the demo data plus ${TASKS.toLocaleString('en')} municipality tasks (${total.toLocaleString('en')} in the tenant; one in five named by a field report), PGlite, the built server as a child process, the full admin (every municipality), fetch from the bench process over loopback.`,
      '',
      '| measure | result | goal |',
      '|---|---|---|',
      row('POST municipiotarefa/get-andamento-by-filtro, one group of solutions + a period, all municipalities', group),
      row('the same, one municipality + a period', city),
      '',
    ].join('\n');
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
