import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { UPLOAD_CHUNK_BYTES } from '../../src/domain/uploads.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { encontro, municipio, municipioGrupo } from '../../server/db/schema/index.ts';
import { seed } from '../../server/seed/index.ts';
import { ms, percentile, startServer, stopProcess } from './server-process.ts';

const PORT = 18097;
const DEVICES = Number(process.env.BENCH_RELIABILITY_DEVICES ?? 200);
const COPIES = 3;
/** Issue 13 item 1: repeats of one create under one key, against one create alone. */
const REPEATS = 30;
const SINGLE_RUNS = 3;
const REPEAT_ROUNDS = 3;
const READ_RUNS = 5;
const CITY = 'Florianópolis';
const USER = 'condutor@demo.local';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
/** The file cut off by the crash, sent in the client's chunks. */
const UPLOAD_BYTES = 6 * UPLOAD_CHUNK_BYTES;
/** Chunks accepted before the one the crash cuts off (half of it sent). */
const CHUNKS_BEFORE_KILL = 2;
/** The client's retry interval after the connection broke. */
const RETRY_EVERY_MS = 100;
/** Crash rounds per database: a restart's time varies with the machine's load, so the median is reported. */
const CRASH_ROUNDS = 3;
const DEFAULT_PG_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

type Target = {
  label: string;
  dataDir: string;
  env: Record<string, string>;
  /** Seeds the database the server will use; closes it before the server starts. */
  prepare: () => Promise<Database>;
  cleanup: () => Promise<void>;
};

type Burst = {
  requests: number;
  wallMs: number;
  latencies: number[];
  /** 5xx other than the 503 + Retry-After of the write gate, which the devices retry. */
  fiveXX: number;
  /** 503 + Retry-After answers (the write gate, or a key still in progress elsewhere), each retried. */
  refusedBusy: number;
  otherNon2xx: number;
  networkErrors: number;
  /** Devices whose copies did not all answer 2xx with the same report. */
  devicesDisagreeing: number;
  stored: number;
  /** GET /api/municipio during the flush, one after another, sorted. */
  reads: number[];
};

type Crash = { restartMs: number; retryMs: number; concluded: boolean; leftInTmp: number };

/** PostgreSQL from DATABASE_URL, or the machine's at 127.0.0.1:5432 when it answers; null otherwise. */
export async function postgresUrl(): Promise<string | null> {
  const url = process.env.DATABASE_URL || DEFAULT_PG_URL;
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

/** Seed data plus one meeting without a report per device, in the consultant's municipality. */
export async function seedMeetings(database: Database, count = DEVICES + SINGLE_RUNS + REPEAT_ROUNDS): Promise<void> {
  const { db } = database;
  await seed(db, { demoPassword: PASSWORD });
  const [city] = await db
    .select()
    .from(municipio)
    .where(and(eq(municipio.tenantId, 'sc'), eq(municipio.nome, CITY)));
  const [group] = await db.select().from(municipioGrupo).where(eq(municipioGrupo.municipioId, city!.municipioId));
  const meetings = Array.from({ length: count }, (_, i) => ({
    tenantId: 'sc',
    municipioId: city!.municipioId,
    grupoId: group!.grupoId,
    titulo: `Encontro do dispositivo ${i + 1}`,
    inicio: new Date(Date.UTC(2027, 1, 1, 12) + i * 86_400_000),
    fim: new Date(Date.UTC(2027, 1, 1, 14) + i * 86_400_000),
  }));
  for (let i = 0; i < meetings.length; i += 100) await db.insert(encontro).values(meetings.slice(i, i + 100));
}

async function pgliteTarget(): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-reliability-pglite-'));
  return {
    label: 'PGlite (embedded)',
    dataDir,
    // The server inherits this process's environment: an empty DATABASE_URL keeps it on PGlite.
    env: { DATABASE_URL: '' },
    prepare: () => openDatabase({ dataDir }),
    cleanup: () => rm(dataDir, { recursive: true, force: true }),
  };
}

/**
 * A database of a bench's own on the PostgreSQL server at `url` (`<prefix>_<pid>`, dropped first if a
 * killed run left it): its URL, and `drop` for the end of the run.
 */
export async function freshPostgresDatabase(url: string, prefix: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const own = new URL(url);
  own.pathname = `/${name}`;
  return {
    url: own.toString(),
    drop: async () => {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
      await admin.end();
    },
  };
}

/** A fresh database on the PostgreSQL server, created for this run and dropped after it. */
async function postgresTarget(url: string): Promise<Target> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-reliability-pg-'));
  const database = await freshPostgresDatabase(url, 'ce_bench_reliability');
  return {
    label: 'PostgreSQL 127.0.0.1',
    dataDir,
    env: { DATABASE_URL: database.url },
    prepare: () => openDatabase({ databaseUrl: database.url }),
    cleanup: async () => {
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function signIn(url: string, login = USER): Promise<string> {
  const res = await fetch(`${url}/api/usuario/login`, {
    method: 'POST',
    headers: { database: 'sc', 'content-type': 'application/json' },
    body: JSON.stringify({ login, senha: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export const headersOf = (token: string) => ({ authorization: `Bearer ${token}`, database: 'sc', branch: 'hlg' });

async function meetingsWithoutReport(url: string, token: string): Promise<{ municipioId: number; encontroIds: number[] }> {
  // Ordered by id: the devices take the first DEVICES, the repeat figures the rest.
  const cities = (await (await fetch(`${url}/api/municipio`, { headers: headersOf(token) })).json()) as {
    municipioId: number;
    nome: string;
  }[];
  const municipioId = cities.find((c) => c.nome === CITY)!.municipioId;
  const res = await fetch(`${url}/api/calendario/encontro/get-by-municipio-sem-relatorio/${municipioId}`, { headers: headersOf(token) });
  if (!res.ok) throw new Error(`meetings: ${res.status} ${await res.text()}`);
  const meetings = (await res.json()) as { encontroId: number; titulo: string | null }[];
  const encontroIds = meetings.filter((m) => m.titulo?.startsWith('Encontro do dispositivo')).map((m) => m.encontroId);
  if (encontroIds.length < DEVICES + SINGLE_RUNS + REPEAT_ROUNDS)
    throw new Error(`only ${encontroIds.length} bench meetings without a report`);
  return { municipioId, encontroIds: encontroIds.sort((a, b) => a - b) };
}

/** The report as the outbox sends it (report-create: POST relatorio, JSON, files already uploaded). */
export function reportBody(municipioId: number, encontroId: number): string {
  return JSON.stringify({
    municipioId,
    encontroId,
    titulo: '',
    descricao: '<p>Encontro com o grupo: diagnóstico e próximos passos.</p>',
    tipoExecucaoRelatorioId: 1,
    horasUtilizadasString: '2',
    pfAtendidas: '12',
    pjAtendidas: '3',
    inicioString: '2027-02-01T09:00',
    fimString: '2027-02-01T11:00',
    observacoes: null,
    complemento: null,
    convidadosRelatorio: [],
    tarefasRelatorio: [],
    arquivosUploadIds: [],
  });
}

async function createReport(url: string, token: string, body: string, key: string): Promise<{ status: number; ms: number }> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/relatorio`, {
    method: 'POST',
    headers: { ...headersOf(token), 'content-type': 'application/json', 'idempotency-key': key },
    body,
  });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - t0 };
}

async function readCities(url: string, token: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(`${url}/api/municipio`, { headers: headersOf(token) });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET /api/municipio: ${res.status}`);
  return performance.now() - t0;
}

type Repeats = { singleMs: number; burstMs: number; all2xx: boolean; readAloneMs: number; readDuringMs: number };
const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/**
 * Issue 13 item 1: one create alone (median of SINGLE_RUNS), then REPEATS concurrent copies of one
 * create under one key (until the last answer), with GET /api/municipio started during them,
 * against that read alone (median of READ_RUNS); the copies and the read during them are the
 * medians of REPEAT_ROUNDS rounds.
 */
async function repeats(url: string, token: string, municipioId: number, encontroIds: number[]): Promise<Repeats> {
  const singles: number[] = [];
  for (const encontroId of encontroIds.slice(0, SINGLE_RUNS)) {
    const one = await createReport(url, token, reportBody(municipioId, encontroId), randomUUID());
    if (one.status !== 201) throw new Error(`single create: ${one.status}`);
    singles.push(one.ms);
  }
  const reads: number[] = [];
  for (let i = 0; i < READ_RUNS; i++) reads.push(await readCities(url, token));
  const bursts: number[] = [];
  const readsDuring: number[] = [];
  let all2xx = true;
  for (const encontroId of encontroIds.slice(SINGLE_RUNS, SINGLE_RUNS + REPEAT_ROUNDS)) {
    const body = reportBody(municipioId, encontroId);
    const key = randomUUID();
    const started = performance.now();
    const copies = Array.from({ length: REPEATS }, () => createReport(url, token, body, key));
    const during = readCities(url, token);
    const answers = await Promise.all(copies);
    bursts.push(performance.now() - started);
    readsDuring.push(await during);
    all2xx &&= answers.every((a) => a.status >= 200 && a.status < 300);
  }
  return { singleMs: median(singles), burstMs: median(bursts), all2xx, readAloneMs: median(reads), readDuringMs: median(readsDuring) };
}

const sleep = (msecs: number) => new Promise((resolve) => setTimeout(resolve, msecs));

/** The outbox's backoff (src/offline/engine.ts): full jitter doubling from 2 s, at least Retry-After. */
export function outboxBackoff(attempts: number, retryAfterMs: number): number {
  const ceiling = Math.min(60_000, 2_000 * 2 ** Math.max(0, attempts - 1));
  return Math.max(Math.floor(Math.random() * ceiling), retryAfterMs);
}

/**
 * Every device at once, each sending its report COPIES times concurrently under its own key; a
 * copy refused with 503 and Retry-After is sent again after the outbox's backoff, as the app does.
 * Meanwhile one interactive user reads GET /api/municipio, one read after another, until the last
 * device has its answer.
 */
async function burst(url: string, token: string, municipioId: number, allIds: number[]): Promise<Burst> {
  const encontroIds = allIds.slice(0, DEVICES);
  const latencies: number[] = [];
  let fiveXX = 0;
  let refusedBusy = 0;
  let otherNon2xx = 0;
  let networkErrors = 0;
  let devicesDisagreeing = 0;
  const reads: number[] = [];
  let flushing = true;
  const reader = (async () => {
    while (flushing) reads.push(await readCities(url, token));
  })();
  const started = performance.now();
  await Promise.all(
    encontroIds.map(async (encontroId) => {
      const key = randomUUID();
      const body = reportBody(municipioId, encontroId);
      const answers = await Promise.all(
        Array.from({ length: COPIES }, async () => {
          const t0 = performance.now();
          for (let attempt = 1; ; attempt++) {
            try {
              const res = await fetch(`${url}/api/relatorio`, {
                method: 'POST',
                headers: { ...headersOf(token), 'content-type': 'application/json', 'idempotency-key': key },
                body,
              });
              const text = await res.text();
              const retryAfter = res.headers.get('retry-after');
              if (res.status === 503 && retryAfter !== null) {
                refusedBusy++;
                await sleep(outboxBackoff(attempt, Number(retryAfter) * 1000));
                continue;
              }
              latencies.push(performance.now() - t0);
              if (res.status >= 500) fiveXX++;
              else if (res.status >= 300) otherNon2xx++;
              return res.ok ? (JSON.parse(text) as { relatorioId: number }).relatorioId : null;
            } catch {
              networkErrors++;
              return null;
            }
          }
        }),
      );
      if (answers.some((id) => id === null) || new Set(answers).size !== 1) devicesDisagreeing++;
    }),
  );
  const wallMs = performance.now() - started;
  flushing = false;
  await reader;
  const list = await fetch(`${url}/api/relatorio/get-by-municipio/${municipioId}`, { headers: headersOf(token) });
  const rows = (await list.json()) as { encontroId: number | null }[];
  const ours = new Set(encontroIds);
  const stored = rows.filter((r) => r.encontroId !== null && ours.has(r.encontroId)).length;
  return {
    requests: encontroIds.length * COPIES,
    wallMs,
    latencies: latencies.sort((a, b) => a - b),
    fiveXX,
    refusedBusy,
    otherNon2xx,
    networkErrors,
    devicesDisagreeing,
    stored,
    reads: reads.sort((a, b) => a - b),
  };
}

async function incomingFiles(dataDir: string): Promise<{ name: string; size: number }[]> {
  const dir = path.join(dataDir, 'files', 'uploads-tmp');
  if (!existsSync(dir)) return [];
  return Promise.all((await readdir(dir)).map(async (name) => ({ name, size: (await stat(path.join(dir, name))).size })));
}

/** Sends bytes[offset, offset + UPLOAD_CHUNK_BYTES) as one chunk, as the client does; the new `recebido`, or null if refused. */
async function putChunk(url: string, token: string, uploadId: string, bytes: Buffer, offset: number): Promise<number | null> {
  const res = await fetch(`${url}/api/upload/${uploadId}?offset=${offset}`, {
    method: 'PUT',
    headers: { ...headersOf(token), 'content-type': 'application/octet-stream' },
    body: new Uint8Array(bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES)),
  });
  return res.ok ? ((await res.json()) as { recebido: number }).recebido : null;
}

/**
 * kill -9 while a chunk is arriving, the server started again at once (as a supervisor would), and
 * a client retrying every RETRY_EVERY_MS as the app's does: the status tells it what the server
 * has, then it sends the next chunk from there. Measures kill → first accepted chunk against
 * spawn → healthy, then sends the rest and concludes.
 */
async function crashMidUpload(target: Target, server: Awaited<ReturnType<typeof startServer>>, token: string) {
  const bytes = Buffer.alloc(UPLOAD_BYTES, 0x20);
  bytes.write('%PDF-1.4\n');
  for (let i = 64; i < bytes.length; i += 997) bytes[i] = i & 0xff;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const opened = await fetch(`${server.url}/api/upload`, {
    method: 'POST',
    headers: { ...headersOf(token), 'content-type': 'application/json' },
    body: JSON.stringify({ chave: randomUUID(), nome: 'lista de presença.pdf', tamanho: bytes.length, sha256, finalidade: 'anexo' }),
  });
  if (opened.status !== 201) throw new Error(`upload: ${opened.status} ${await opened.text()}`);
  const { uploadId } = (await opened.json()) as { uploadId: string };

  // The first chunks arrive; the next one starts and the rest of it never comes from this connection.
  let offset = 0;
  while (offset < CHUNKS_BEFORE_KILL * UPLOAD_CHUNK_BYTES) {
    const next = await putChunk(server.url, token, uploadId, bytes, offset);
    if (next === null) throw new Error(`chunk at ${offset} refused`);
    offset = next;
  }
  const chunk = http.request(`${server.url}/api/upload/${uploadId}?offset=${offset}`, {
    method: 'PUT',
    headers: { ...headersOf(token), 'content-type': 'application/octet-stream', 'content-length': UPLOAD_CHUNK_BYTES },
  });
  chunk.on('error', () => {});
  chunk.write(bytes.subarray(offset, offset + UPLOAD_CHUNK_BYTES / 2));
  // Killed while the server is writing that chunk: once its partial file in uploads-tmp holds bytes.
  const deadline = Date.now() + 10_000;
  while (!(await incomingFiles(target.dataDir)).some((f) => f.size > 0)) {
    if (Date.now() > deadline) throw new Error('the chunk never reached uploads-tmp');
    await sleep(5);
  }

  const killedAt = performance.now();
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;

  const retry = (async () => {
    for (;;) {
      try {
        const status = await fetch(`${server.url}/api/upload/${uploadId}`, { headers: headersOf(token) });
        if (status.ok) {
          const { recebido } = (await status.json()) as { recebido: number };
          const next = await putChunk(server.url, token, uploadId, bytes, recebido);
          if (next !== null) return { ms: performance.now() - killedAt, recebido: next };
        }
      } catch {
        // Not listening yet.
      }
      await sleep(RETRY_EVERY_MS);
    }
  })();
  const restarted = await startServer({ dataDir: target.dataDir, port: PORT, env: target.env });
  const retried = await retry;
  chunk.destroy();
  for (offset = retried.recebido; offset < bytes.length;) {
    const next = await putChunk(restarted.url, token, uploadId, bytes, offset);
    if (next === null) break;
    offset = next;
  }
  const concluded = await fetch(`${restarted.url}/api/upload/${uploadId}/concluir`, { method: 'POST', headers: headersOf(token) });
  const leftInTmp = (await incomingFiles(target.dataDir)).length;
  return { restarted, figures: { restartMs: restarted.readyMs, retryMs: retried.ms, concluded: concluded.ok, leftInTmp } satisfies Crash };
}

async function run(target: Target): Promise<{ repeats: Repeats; burst: Burst; crashes: Crash[] }> {
  const database = await target.prepare();
  await seedMeetings(database);
  await database.close();
  let server = await startServer({ dataDir: target.dataDir, port: PORT, env: target.env });
  try {
    const token = await signIn(server.url);
    const { municipioId, encontroIds } = await meetingsWithoutReport(server.url, token);
    const repeated = await repeats(server.url, token, municipioId, encontroIds.slice(DEVICES));
    const figures = await burst(server.url, token, municipioId, encontroIds);
    const crashes: Crash[] = [];
    for (let round = 0; round < CRASH_ROUNDS; round++) {
      const crashed = await crashMidUpload(target, server, token);
      server = crashed.restarted;
      crashes.push(crashed.figures);
    }
    return { repeats: repeated, burst: figures, crashes };
  } finally {
    await stopProcess(server.child);
    await target.cleanup();
  }
}

const mark = (ok: boolean) => (ok ? '✅' : '❌');

/** Issue 13, item 12: idempotent bursts and a crash mid-upload, on PGlite and on PostgreSQL when it answers. */
export async function reliabilityBench(): Promise<string> {
  const loadAtStart = loadavg()[0]!;
  const targets = [await pgliteTarget()];
  const pgUrl = await postgresUrl();
  if (pgUrl) targets.push(await postgresTarget(pgUrl));
  const results: { label: string; repeats: Repeats; burst: Burst; crashes: Crash[] }[] = [];
  for (const target of targets) {
    process.stdout.write(`bench: reliability on ${target.label}...\n`);
    results.push({ label: target.label, ...(await run(target)) });
  }

  // The machine may be shared: times stretch with its load, counts (5xx, duplicates) do not.
  const load = `Load average (1 min) at the start and end of the suite: ${loadAtStart.toFixed(1)} and ${loadavg()[0]!.toFixed(1)}, on ${cpus().length} cores.`;
  const burstRows = results.map(({ label, burst: b }) => {
    const duplicates = Math.max(0, b.stored - DEVICES);
    return `| ${label} | ${b.requests} in ${ms(b.wallMs)} | ${(b.requests / (b.wallMs / 1000)).toFixed(0)} | ${ms(percentile(b.latencies, 50))} / ${ms(percentile(b.latencies, 99))} | ${b.refusedBusy} | ${b.fiveXX} ${mark(b.fiveXX === 0)} | ${b.otherNon2xx + b.networkErrors} ${mark(b.otherNon2xx + b.networkErrors === 0)} | ${b.stored} of ${DEVICES} | ${duplicates} ${mark(duplicates === 0)} | ${b.devicesDisagreeing} |`;
  });
  const readRows = results.map(({ label, repeats: r, burst: b }) => {
    const p95 = percentile(b.reads, 95);
    return `| ${label} | ${ms(r.readAloneMs)} | ${b.reads.length} | ${ms(percentile(b.reads, 50))} | ${ms(p95)} ${mark(p95 < 1000)} | ${ms(b.reads[b.reads.length - 1] ?? 0)} |`;
  });
  const repeatRows = results.map(({ label, repeats: r }) => {
    const createRatio = r.burstMs / r.singleMs;
    const readRatio = r.readDuringMs / r.readAloneMs;
    return `| ${label} | ${ms(r.singleMs)} | ${ms(r.burstMs)} (${r.all2xx ? 'all 2xx' : 'not all 2xx'}) | ${createRatio.toFixed(2)} ≤ 2 ${mark(createRatio <= 2 && r.all2xx)} | ${ms(r.readAloneMs)} | ${ms(r.readDuringMs)} | ${readRatio.toFixed(2)} ≤ 2 ${mark(readRatio <= 2)} |`;
  });
  const crashRows = results.map(({ label, crashes }) => {
    const restart = crashes.map((c) => c.restartMs);
    const retry = crashes.map((c) => c.retryMs);
    const margin = crashes.map((c) => c.retryMs - c.restartMs);
    const met = crashes.filter((c) => c.retryMs <= c.restartMs + 1000).length;
    const concluded = crashes.filter((c) => c.concluded).length;
    const left = Math.max(...crashes.map((c) => c.leftInTmp));
    return `| ${label} | ${ms(median(restart))} (max ${ms(Math.max(...restart))}) | ${ms(median(retry))} (max ${ms(Math.max(...retry))}) | ${ms(median(margin))} (max ${ms(Math.max(...margin))}) | ${met} of ${crashes.length} rounds ${mark(met === crashes.length)} | ${concluded} of ${crashes.length} | ${left} |`;
  });
  return [
    '## Reliability (issue 13)',
    '',
    `${DEVICES} simulated devices, all at once, each sending ${COPIES} concurrent copies of one new report (POST /api/relatorio, JSON as the outbox sends it, one Idempotency-Key per device, one meeting per device), against the server started as in production (\`server/main.ts\`, one process) on a fresh database. Duplicates are the reports stored for the devices' meetings beyond one each; a device "disagrees" when its copies did not all answer 2xx with the same report. Command: \`BENCH_ONLY=reliability npm run bench\`${pgUrl ? '' : ' (PostgreSQL did not answer at 127.0.0.1:5432 nor DATABASE_URL: PGlite only)'}.`,
    '',
    load,
    '',
    `First, ${REPEATS} concurrent copies of one create under one key (median of ${REPEAT_ROUNDS} rounds), against one create alone (median of ${SINGLE_RUNS}), and GET /api/municipio started during those copies, against the same read alone (median of ${READ_RUNS}):`,
    '',
    '| database | one create | the copies, until the last answer | copies / one | read alone | read during the copies | during / alone |',
    '|---|---|---|---|---|---|---|',
    ...repeatRows,
    '',
    "Then the devices. Outbox writes take turns (server/plugins/write-gate.ts: 4 at once per process, 100 waiting, 8 per user, defaults of WRITE_CONCURRENCY, WRITE_QUEUE_MAX, WRITES_PER_USER); one beyond is answered 503 with Retry-After and sent again after the outbox's backoff (at least Retry-After, full jitter doubling from 2 s), so a request is counted once, from its first send to its final answer. All devices sign in as one user, so the per-user limit is the one that binds here:",
    '',
    '| database | requests | requests/s | p50 / p99 until the final answer | 503 + Retry-After, sent again | other 5xx (goal 0) | other non-2xx or no answer (goal 0) | reports stored | duplicates (goal 0) | devices disagreeing |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...burstRows,
    '',
    'An interactive user reading GET /api/municipio during the flush, one read after another from the first send to the last answer, against the same read with the server idle (the floor: median of the reads alone above):',
    '',
    '| database | read alone (floor) | reads during the flush | p50 | p95 (goal < 1 s) | slowest |',
    '|---|---|---|---|---|---|',
    ...readRows,
    '',
    `Then a resumable upload (${UPLOAD_BYTES / 2 ** 20} MB in the client's ${UPLOAD_CHUNK_BYTES / 2 ** 20} MB chunks) is cut off by \`kill -9\` of the server in the middle of its chunk ${CHUNKS_BEFORE_KILL + 1}, once half of it was sent and its partial file in uploads-tmp holds bytes; the server is started again at once (same DATA_DIR and instance name), and the client asks for the upload's status and sends the chunk from there every ${RETRY_EVERY_MS} ms until it is accepted, then the rest; ${CRASH_ROUNDS} rounds per database. Restart: spawn → /api/health answers; retry: kill → the first accepted chunk (it includes the time the process takes to die and the first request's own time on a cold process).`,
    '',
    `| database | restart alone, median of ${CRASH_ROUNDS} | kill → first accepted retry, median | retry − restart, median | retry ≤ restart + 1 s | upload concluded afterwards (size, SHA-256, type) | partial files left in uploads-tmp |`,
    '|---|---|---|---|---|---|---|',
    ...crashRows,
    '',
  ].join('\n');
}
