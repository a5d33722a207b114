import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os, { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { defaultFilters, REPORTS, type ReportDefinition, type ReportFilters } from '../../src/domain/report-catalogue.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { seed } from '../../server/seed/index.ts';
import { freshPostgresDatabase, headersOf, postgresUrl, signIn } from './reliability.ts';
import { ms, percentile, startServer } from './server-process.ts';

/**
 * Issue 34, item 6: "on 100,000 municipality tasks and 50,000 reports, each report answers ≤ 500 ms
 * p50 on PGlite and ≤ 200 ms on PostgreSQL, and a 100,000-row Excel export streams in ≤ 10 s without
 * holding the workbook in memory (report the server's peak memory)".
 *
 * The demo seed, then its municipality tasks and field reports copied row for row (by SQL, in the
 * database) until there are TASKS and FIELD_REPORTS of them. Every served report of the catalogue
 * and every dashboard endpoint is asked for by the full admin over HTTP, first page of 50 with the
 * report's default filters (report 40, which needs one, by a municipality), RUNS times after one
 * warm-up; p50 against the goal. The floor in the same run: the catalogue list (auth, tenant, session,
 * no report SQL). Then report 1 (one row per task) exported to Excel: request → last byte, and the
 * server's peak resident memory (VmHWM) before and after.
 */

const PORT = 18141;
const TASKS = 100_000;
const FIELD_REPORTS = 50_000;
const RUNS = 5;
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
const GOAL_MS = { pglite: 500, postgres: 200 } as const;
const EXPORT_GOAL_MS = 10_000;

/**
 * Copies `table`'s rows (of the sc tenant) until it holds `target` of them, every column as it is
 * except the serial key and the `overrides` (SQL expressions over the source row `s` and the copy
 * number `g`). One statement: the database does the work.
 */
/** Rows of a raw statement: the one Db type leaves the drivers' result shape unknown. */
async function rowsOf<T>(database: Database, query: SQL): Promise<T[]> {
  return ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function fillTo(database: Database, table: string, key: string, target: number, overrides: Record<string, string> = {}) {
  const { db } = database;
  const columns = (
    await rowsOf<{ column_name: string }>(
      database,
      sql`select column_name from information_schema.columns
           where table_schema = current_schema() and table_name = ${table} order by ordinal_position`,
    )
  )
    .map((r) => r.column_name)
    .filter((c) => c !== key);
  const [{ n }] = (await rowsOf<{ n: number }>(database, sql.raw(`select count(*)::int as n from ${table} where tenant_id = 'sc'`))) as [
    { n: number },
  ];
  if (n === 0 || n >= target) return;
  const copies = Math.ceil((target - n) / n);
  const select = columns.map((c) => overrides[c] ?? `s.${c}`).join(', ');
  await db.execute(
    sql.raw(`
      insert into ${table} (${columns.join(', ')})
      select ${select} from ${table} s cross join generate_series(1, ${copies}) g
       where s.tenant_id = 'sc' limit ${target - n}`),
  );
}

async function prepare(database: Database): Promise<void> {
  await seed(database.db, { demoPassword: PASSWORD });
  await fillTo(database, 'municipio_tarefa', 'municipio_tarefa_id', TASKS);
  // A field report's public code and its meeting are unique: the copies have a code of their own and no meeting.
  await fillTo(database, 'relatorio', 'relatorio_id', FIELD_REPORTS, {
    codigo_publico: `md5(s.relatorio_id::text || '-' || g::text)`,
    encontro_id: 'null',
  });
  await database.db.execute(sql`analyze`);
}

/** p50 of RUNS timed calls after one warm-up; throws on a status other than 200. */
async function timed(label: string, call: () => Promise<Response>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i <= RUNS; i++) {
    const started = performance.now();
    const res = await call();
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
    if (i > 0) times.push(performance.now() - started);
  }
  return percentile(
    times.sort((a, b) => a - b),
    50,
  );
}

async function peakMemoryMb(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

type Target = {
  label: string;
  kind: keyof typeof GOAL_MS;
  env: Record<string, string>;
  open: () => Promise<Database>;
  cleanup: () => Promise<void>;
};

async function measure(target: Target): Promise<string[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-report-catalogue-'));
  try {
    const database = await target.open();
    const seeding = performance.now();
    try {
      await prepare(database);
    } finally {
      await database.close();
    }
    const seededIn = performance.now() - seeding;
    const server = await startServer({ dataDir, port: PORT, env: target.env });
    try {
      const headers = headersOf(await signIn(server.url, 'admin@demo.local'));
      const json = { ...headers, 'content-type': 'application/json' };
      const municipalities = (await (await fetch(`${server.url}/api/municipio`, { headers })).json()) as {
        municipioId?: number;
        id?: number;
      }[];
      const firstCity = municipalities[0]?.municipioId ?? municipalities[0]?.id ?? 1;
      const goal = GOAL_MS[target.kind];
      const rows: string[] = [];
      const floor = await timed('catalogue', () => fetch(`${server.url}/api/dashboard/catalogo-relatorios`, { headers }));
      let slowest = 0;
      for (const report of REPORTS) {
        const filtros: ReportFilters = report.requiresFilters ? { municipioId: [firstCity] } : defaultFilters(report);
        const body = JSON.stringify({ filtros, pagina: 1, tamanhoPagina: 50 });
        const p50 = await timed(report.route, () =>
          fetch(`${server.url}/api/dashboard/${report.route}`, { method: 'POST', headers: json, body }),
        );
        slowest = Math.max(slowest, p50);
        rows.push(
          `| ${target.label}: report ${report.id} ${report.title} (\`${report.route}\`), first page, p50 of ${RUNS} | ${ms(p50)} | ≤ ${goal} ms ${p50 <= goal ? '✅' : '❌'} |`,
        );
      }
      const dashboardCalls: [string, () => Promise<Response>][] = [
        [
          'dashboardadministrativo',
          () => fetch(`${server.url}/api/dashboard/dashboardadministrativo`, { method: 'POST', headers: json, body: '{}' }),
        ],
        ['get-analitico-por-indicador', () => fetch(`${server.url}/api/dashboard/get-analitico-por-indicador`, { headers })],
        [
          'get-andamento-municipios',
          () => fetch(`${server.url}/api/dashboard/get-andamento-municipios`, { method: 'POST', headers: json, body: '{}' }),
        ],
        ['get-andamento-solucoes/{id}', () => fetch(`${server.url}/api/dashboard/get-andamento-solucoes/${firstCity}`, { headers })],
        ['get-mini-dash/{id}', () => fetch(`${server.url}/api/municipio/get-mini-dash/${firstCity}`, { headers })],
      ];
      for (const [name, call] of dashboardCalls) {
        const p50 = await timed(name, call);
        slowest = Math.max(slowest, p50);
        rows.push(`| ${target.label}: dashboard \`${name}\`, p50 of ${RUNS} | ${ms(p50)} | ≤ ${goal} ms ${p50 <= goal ? '✅' : '❌'} |`);
      }
      rows.push(`| ${target.label}: floor, the catalogue list (auth, tenant, session; no report SQL), p50 of ${RUNS} | ${ms(floor)} | — |`);

      // The 100,000-row export: report 1 lists every task.
      const tasksReport = REPORTS.find((r) => r.id === 1) as ReportDefinition;
      const filtros = defaultFilters(tasksReport);
      const totalRes = await fetch(`${server.url}/api/dashboard/${tasksReport.route}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ filtros, pagina: 1, tamanhoPagina: 1 }),
      });
      const { total } = (await totalRes.json()) as { total: number };
      const before = await peakMemoryMb(server.child.pid!);
      const started = performance.now();
      const res = await fetch(`${server.url}/api/dashboard/${tasksReport.route}/exportar`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ filtros, formato: 'xlsx' }),
      });
      let bytes = 0;
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.length;
      const exportMs = performance.now() - started;
      if (res.status !== 200) throw new Error(`export: ${res.status}`);
      const after = await peakMemoryMb(server.child.pid!);
      rows.push(
        `| ${target.label}: report 1 exported to Excel, ${total.toLocaleString('en')} rows (${(bytes / 2 ** 20).toFixed(1)} MB), request → last byte | ${ms(exportMs)} | ≤ 10 s ${exportMs <= EXPORT_GOAL_MS && total >= TASKS ? '✅' : '❌'} |`,
        `| ${target.label}: the server's peak resident memory (VmHWM) before the export → after it | ${before.toFixed(0)} MB → ${after.toFixed(0)} MB | — |`,
        `| ${target.label}: data made (seed + copies + analyze) | ${ms(seededIn)}; slowest answer ${ms(slowest)} | — |`,
      );
      return rows;
    } finally {
      await server.stop();
    }
  } finally {
    await target.cleanup();
    await rm(dataDir, { recursive: true, force: true });
  }
}

export async function reportCatalogueBench(): Promise<string> {
  const loadAtStart = os.loadavg();
  const targets: Target[] = [];
  const pgliteDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-report-catalogue-pglite-'));
  targets.push({
    label: 'PGlite',
    kind: 'pglite',
    env: { DATABASE_URL: '', DATA_DIR: pgliteDir },
    open: () => openDatabase({ dataDir: pgliteDir }),
    cleanup: () => rm(pgliteDir, { recursive: true, force: true }),
  });
  const url = await postgresUrl();
  if (url) {
    const database = await freshPostgresDatabase(url, 'ce_bench_reports');
    targets.push({
      label: 'PostgreSQL',
      kind: 'postgres',
      env: { DATABASE_URL: database.url },
      open: () => openDatabase({ databaseUrl: database.url }),
      cleanup: database.drop,
    });
  }
  const rows: string[] = [];
  for (const target of targets) rows.push(...(await measure(target)));
  return [
    '## Report catalogue and dashboards at scale (issue 34)',
    '',
    `Command: \`BENCH_ONLY=report-catalogue npm run bench\` (scripts/bench/report-catalogue.ts). The demo seed, then its municipality tasks and field reports copied in the database to ${TASKS.toLocaleString('en')} tasks and ${FIELD_REPORTS.toLocaleString('en')} field reports; the built server; the full admin over HTTP, each report's first page of 50 with its default filters (report 40 by one municipality), p50 of ${RUNS} after a warm-up.${url ? '' : ' PostgreSQL did not answer: PGlite only.'} Load average ${loadAtStart.map((l) => l.toFixed(2)).join(' / ')} at the start, ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' / ')} at the end.`,
    '',
    '| measure | result | goal |',
    '| --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}
