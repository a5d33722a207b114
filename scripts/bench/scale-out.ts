import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { openDatabase } from '../../server/db/client.ts';
import { relatorio, relatorioArquivo } from '../../server/db/schema/index.ts';
import { startS3Server } from '../../tests/server/s3-server.ts';
import { freshPostgresDatabase, headersOf, outboxBackoff, postgresUrl, reportBody, seedMeetings, signIn } from './reliability.ts';
import { ms, startServer, stopProcess } from './server-process.ts';

/**
 * Issue 33 item 4: three server instances behind nginx, on one PostgreSQL and one S3 bucket (s3rver
 * on loopback), against one instance behind the same nginx, in the same run. Each of DEVICES devices
 * uploads an attachment on the resumable upload, then sends its report with it COPIES times at once
 * under one idempotency key, retrying as the outbox does (a 503 with Retry-After, or a connection the
 * proxy could not complete); meanwhile resumable uploads send their chunks to the instances in turn,
 * straight to each instance. In the third phase one instance is killed with SIGKILL once a third of
 * the devices have their answer. Afterwards the database and the bucket are read: every acknowledged
 * report exists once, with its one attachment, whose bytes the proxy serves back intact.
 *
 * nginx may resend a POST to another instance when the first one dies before answering
 * (`proxy_next_upstream ... non_idempotent`): safe here because every write the app sends carries an
 * idempotency key (reports), a client key (upload start) or an offset (chunks).
 */

const DEVICES = Number(process.env.BENCH_SCALE_DEVICES ?? 500);
const COPIES = 3;
const INSTANCES = 3;
const ALTERNATING_UPLOADS = Number(process.env.BENCH_SCALE_UPLOADS ?? 30);
const ALTERNATING_CHUNK = 256 * 1024;
const ALTERNATING_CHUNKS = 4;
const ATTACHMENT_BYTES = 16 * 1024;
const PROXY_ONE = 18120;
const PROXY_ALL = 18121;
const FIRST_PORT = 18122;
const SAMPLE_DOWNLOADS = 25;
const MAX_ATTEMPTS = 30;

type Stats = {
  /** 5xx answered by an instance (not the proxy's 502/504 and not a 503 with Retry-After). */
  serverFiveXX: number;
  /** 503 + Retry-After (write gate, key in progress elsewhere, lease held): retried after it. */
  busyRetried: number;
  /** The proxy could not complete the request (an instance died under it): retried. */
  proxyRetried: number;
  networkRetried: number;
  otherNon2xx: number;
  failedDevices: number;
  disagreeingDevices: number;
};
const newStats = (): Stats => ({
  serverFiveXX: 0,
  busyRetried: 0,
  proxyRetried: 0,
  networkRetried: 0,
  otherNon2xx: 0,
  failedDevices: 0,
  disagreeingDevices: 0,
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const sleep = (msecs: number) => new Promise((resolve) => setTimeout(resolve, msecs));

function pdf(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

/** One request as the outbox sends it: retried on 503 + Retry-After, a proxy 502/504 or a broken connection. */
async function send(stats: Stats, request: () => Promise<Response>): Promise<Response | null> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
    let res: Response;
    try {
      res = await request();
    } catch {
      stats.networkRetried++;
      await sleep(outboxBackoff(attempt, 0));
      continue;
    }
    const retryAfter = res.headers.get('retry-after');
    if (res.status === 503 && retryAfter !== null) {
      await res.arrayBuffer();
      stats.busyRetried++;
      await sleep(outboxBackoff(attempt, Number(retryAfter) * 1000));
      continue;
    }
    if ((res.status === 502 || res.status === 504) && res.headers.get('server')?.startsWith('nginx')) {
      await res.arrayBuffer();
      stats.proxyRetried++;
      await sleep(outboxBackoff(attempt, 0));
      continue;
    }
    if (res.status >= 500) {
      stats.serverFiveXX++;
      if (process.env.BENCH_DEBUG) console.error(`5xx: ${res.status} ${res.url} ${await res.clone().text()}`);
    }
    return res;
  }
  return null;
}

type Device = { relatorioId: number; sha256: string } | null;

/** An attachment on the resumable upload, then the report with it, COPIES times under one key. */
async function device(url: string, token: string, municipioId: number, encontroId: number, stats: Stats): Promise<Device> {
  const file = pdf(ATTACHMENT_BYTES);
  const hash = sha256(file);
  const json = { ...headersOf(token), 'content-type': 'application/json' };
  const chave = randomUUID();
  const started = await send(stats, () =>
    fetch(`${url}/api/upload`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ chave, nome: 'ata.pdf', tamanho: file.length, sha256: hash, finalidade: 'anexo' }),
    }),
  );
  if (!started?.ok) return fail(stats, started);
  const { uploadId } = (await started.json()) as { uploadId: string };
  const put = await send(stats, () =>
    fetch(`${url}/api/upload/${uploadId}?offset=0`, {
      method: 'PUT',
      headers: { ...headersOf(token), 'content-type': 'application/octet-stream' },
      body: new Uint8Array(file),
    }),
  );
  // A resent chunk that the first attempt already appended answers 409 with the bytes held.
  if (!put || (!put.ok && !(put.status === 409 && ((await put.json()) as { recebido: number }).recebido === file.length)))
    return fail(stats, put);
  const concluded = await send(stats, () => fetch(`${url}/api/upload/${uploadId}/concluir`, { method: 'POST', headers: headersOf(token) }));
  if (!concluded?.ok) return fail(stats, concluded);

  const key = randomUUID();
  const body = JSON.stringify({ ...JSON.parse(reportBody(municipioId, encontroId)), arquivosUploadIds: [uploadId] });
  const answers = await Promise.all(
    Array.from({ length: COPIES }, async () => {
      const res = await send(stats, () =>
        fetch(`${url}/api/relatorio`, { method: 'POST', headers: { ...json, 'idempotency-key': key }, body }),
      );
      if (!res?.ok) {
        if (res && res.status < 500) stats.otherNon2xx++;
        return null;
      }
      return ((await res.json()) as { relatorioId: number }).relatorioId;
    }),
  );
  if (answers.some((id) => id === null)) return fail(stats, null);
  if (new Set(answers).size !== 1) {
    stats.disagreeingDevices++;
    return null;
  }
  return { relatorioId: answers[0]!, sha256: hash };
}

async function fail(stats: Stats, res: Response | null): Promise<null> {
  if (res && res.status < 500 && !res.ok) stats.otherNon2xx++;
  stats.failedDevices++;
  return null;
}

/** A resumable upload whose chunks go to the instances in turn (straight, not through the proxy); a dead one is skipped. */
async function alternatingUpload(proxy: string, instances: () => string[], token: string, stats: Stats): Promise<boolean> {
  const file = pdf(ALTERNATING_CHUNK * ALTERNATING_CHUNKS);
  const hash = sha256(file);
  const json = { ...headersOf(token), 'content-type': 'application/json' };
  const started = await send(stats, () =>
    fetch(`${proxy}/api/upload`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ chave: randomUUID(), nome: 'planilha.pdf', tamanho: file.length, sha256: hash, finalidade: 'anexo' }),
    }),
  );
  if (!started?.ok) return false;
  const { uploadId } = (await started.json()) as { uploadId: string };
  let offset = 0;
  for (let turn = 0; offset < file.length && turn < ALTERNATING_CHUNKS * 10; turn++) {
    const alive = instances();
    const target = alive[turn % alive.length]!;
    try {
      const res = await fetch(`${target}/api/upload/${uploadId}?offset=${offset}`, {
        method: 'PUT',
        headers: { ...headersOf(token), 'content-type': 'application/octet-stream' },
        body: new Uint8Array(file.subarray(offset, offset + ALTERNATING_CHUNK)),
      });
      if (res.ok || res.status === 409) offset = ((await res.json()) as { recebido: number }).recebido;
      else if (res.status === 503) {
        stats.busyRetried++;
        await res.arrayBuffer();
      } else {
        if (res.status >= 500) stats.serverFiveXX++;
        return false;
      }
    } catch {
      // The instance died under the chunk: resume from what the bucket holds, on the next instance.
      stats.networkRetried++;
      const status = await send(stats, () => fetch(`${proxy}/api/upload/${uploadId}`, { headers: headersOf(token) }));
      if (!status?.ok) return false;
      offset = ((await status.json()) as { recebido: number }).recebido;
    }
  }
  const concluded = await send(stats, () =>
    fetch(`${proxy}/api/upload/${uploadId}/concluir`, { method: 'POST', headers: headersOf(token) }),
  );
  return concluded?.ok === true && ((await concluded.json()) as { concluido: boolean }).concluido;
}

type Phase = {
  label: string;
  wallMs: number;
  devices: Device[];
  stats: Stats;
  uploadsConcluded: number;
  uploadsTried: number;
  stored: number;
  attachments: number;
  duplicates: number;
  lostAcknowledged: number;
  sampleIntact: number;
  sampled: number;
};

async function runPhase(
  label: string,
  proxy: string,
  token: string,
  municipioId: number,
  encontroIds: number[],
  opts: { instances?: () => string[]; killAfter?: { count: number; kill: () => void } },
  verify: (phase: Omit<Phase, 'stored' | 'attachments' | 'duplicates' | 'lostAcknowledged' | 'sampleIntact' | 'sampled'>) => Promise<Phase>,
): Promise<Phase> {
  const stats = newStats();
  let answered = 0;
  const started = performance.now();
  const uploads = opts.instances
    ? Array.from({ length: ALTERNATING_UPLOADS }, () => alternatingUpload(proxy, opts.instances!, token, stats))
    : [];
  const devices = await Promise.all(
    encontroIds.map(async (encontroId) => {
      const result = await device(proxy, token, municipioId, encontroId, stats);
      answered++;
      if (opts.killAfter && answered === opts.killAfter.count) opts.killAfter.kill();
      return result;
    }),
  );
  const concluded = (await Promise.all(uploads)).filter(Boolean).length;
  const wallMs = performance.now() - started;
  process.stdout.write(
    `scale-out: ${label}: ${devices.filter(Boolean).length}/${encontroIds.length} devices in ${(wallMs / 1000).toFixed(1)} s\n`,
  );
  return verify({ label, wallMs, devices, stats, uploadsConcluded: concluded, uploadsTried: uploads.length });
}

function nginxConfig(dir: string, ports: number[]): string {
  const upstream = (name: string, list: number[]) =>
    `upstream ${name} {\n${list.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=2s;`).join('\n')}\n    keepalive 64;\n  }`;
  const server = (port: number, name: string) => `server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://${name};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_next_upstream error timeout http_502 non_idempotent;
      proxy_next_upstream_tries ${INSTANCES};
      proxy_read_timeout 120s;
    }
  }`;
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log crit;
events { worker_connections 8192; }
http {
  access_log off;
  client_max_body_size 16m;
  # Request bodies (chunks up to 8 MiB) stay in memory: nginx must hold them to resend one to another instance.
  client_body_buffer_size 9m;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${upstream('one', ports.slice(0, 1))}
  ${upstream('all', ports)}
  ${server(PROXY_ONE, 'one')}
  ${server(PROXY_ALL, 'all')}
}
`;
}

async function waitFor(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in 30 s`);
    await sleep(50);
  }
}

export async function scaleOutBench(): Promise<string> {
  const nginx = spawnSync('nginx', ['-v']).error ? null : 'nginx';
  if (!nginx) throw new Error('scale-out: nginx não encontrado (apt-get install nginx)');
  const pgUrl = await postgresUrl();
  if (!pgUrl) throw new Error('scale-out: precisa de PostgreSQL (DATABASE_URL ou 127.0.0.1:5432)');
  const load = loadavg()[0]!.toFixed(1);

  const work = await mkdtemp(path.join(tmpdir(), 'ce-bench-scale-'));
  const bucket = await startS3Server('ce-bench-scale');
  const database = await freshPostgresDatabase(pgUrl, 'ce_bench_scale');
  const databaseUrl = database.url;

  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  let proxyProcess: ChildProcess | null = null;
  try {
    const seeding = await openDatabase({ databaseUrl });
    await seedMeetings(seeding, 3 * DEVICES);
    await seeding.close();

    const secret = randomBytes(48).toString('base64url');
    const ports = Array.from({ length: INSTANCES }, (_, i) => FIRST_PORT + i);
    const s3 = bucket.config;
    const env = (i: number): Record<string, string> => ({
      DATABASE_URL: databaseUrl,
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint!,
      S3_REGION: s3.region,
      S3_BUCKET: s3.bucket,
      S3_ACCESS_KEY_ID: s3.credentials!.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.credentials!.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
      INSTANCE_ID: `instancia-${i + 1}`,
      // One signing secret for all (README, deployment): a token from one instance is valid on the others.
      JWT_SECRET: secret,
    });
    // Started together: the migrations run once (advisory lock), the others wait for it.
    const startedAt = performance.now();
    servers.push(...(await Promise.all(ports.map((port, i) => startServer({ dataDir: path.join(work, `i${i}`), port, env: env(i) })))));
    const allHealthyMs = performance.now() - startedAt;

    // nginx's workers run as an unprivileged user when started by root: its folders must be theirs to write.
    await chmod(work, 0o755);
    for (const sub of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) await mkdir(path.join(work, sub), { recursive: true, mode: 0o777 });
    const conf = path.join(work, 'nginx.conf');
    await writeFile(conf, nginxConfig(work, ports));
    proxyProcess = spawn('nginx', ['-c', conf, '-p', work], { stdio: ['ignore', 'ignore', 'inherit'] });
    await waitFor(`http://127.0.0.1:${PROXY_ALL}/api/health`);
    await waitFor(`http://127.0.0.1:${PROXY_ONE}/api/health`);

    const one = `http://127.0.0.1:${PROXY_ONE}`;
    const all = `http://127.0.0.1:${PROXY_ALL}`;
    const token = await signIn(all);
    const citiesRes = await fetch(`${all}/api/municipio`, { headers: headersOf(token) });
    if (!citiesRes.ok) throw new Error(`scale-out: GET /api/municipio ${citiesRes.status} ${await citiesRes.text()}`);
    const cities = (await citiesRes.json()) as { municipioId: number; nome: string }[];
    const municipioId = cities.find((c) => c.nome === 'Florianópolis')!.municipioId;
    const meetings = (await (
      await fetch(`${all}/api/calendario/encontro/get-by-municipio-sem-relatorio/${municipioId}`, { headers: headersOf(token) })
    ).json()) as { encontroId: number; titulo: string | null }[];
    const ids = meetings
      .filter((m) => m.titulo?.startsWith('Encontro do dispositivo'))
      .map((m) => m.encontroId)
      .sort((a, b) => a - b);
    if (ids.length < 3 * DEVICES) throw new Error(`scale-out: só ${ids.length} encontros sem relatório`);

    const db = await openDatabase({ databaseUrl });
    const verify = async (
      phase: Omit<Phase, 'stored' | 'attachments' | 'duplicates' | 'lostAcknowledged' | 'sampleIntact' | 'sampled'>,
      encontroIds: number[],
    ): Promise<Phase> => {
      const acked = phase.devices.filter((d): d is NonNullable<Device> => d !== null);
      const rows = await db.db
        .select({ relatorioId: relatorio.relatorioId, encontroId: relatorio.encontroId })
        .from(relatorio)
        .where(inArray(relatorio.encontroId, encontroIds));
      const perMeeting = new Map<number, number>();
      for (const row of rows) perMeeting.set(row.encontroId!, (perMeeting.get(row.encontroId!) ?? 0) + 1);
      const storedIds = new Set(rows.map((r) => r.relatorioId));
      const files = acked.length
        ? await db.db
            .select({ arquivoId: relatorioArquivo.arquivoId, relatorioId: relatorioArquivo.relatorioId, sha256: relatorioArquivo.sha256 })
            .from(relatorioArquivo)
            .where(
              inArray(
                relatorioArquivo.relatorioId,
                acked.map((d) => d.relatorioId),
              ),
            )
        : [];
      const filesPer = new Map<number, typeof files>();
      for (const f of files) filesPer.set(f.relatorioId, [...(filesPer.get(f.relatorioId) ?? []), f]);
      const lost = acked.filter(
        (d) =>
          !storedIds.has(d.relatorioId) ||
          (filesPer.get(d.relatorioId) ?? []).length !== 1 ||
          filesPer.get(d.relatorioId)![0]!.sha256 !== d.sha256,
      ).length;
      // The bytes in the bucket, read back through the proxy, for a sample of the acknowledged reports.
      const sample = acked.filter((_, i) => i % Math.max(1, Math.floor(acked.length / SAMPLE_DOWNLOADS)) === 0).slice(0, SAMPLE_DOWNLOADS);
      let intact = 0;
      for (const d of sample) {
        const file = filesPer.get(d.relatorioId)?.[0];
        if (!file) continue;
        const res = await fetch(`${all}/api/arquivo/anexo/download/${file.arquivoId}`, { method: 'POST', headers: headersOf(token) });
        if (res.ok && sha256(new Uint8Array(await res.arrayBuffer())) === d.sha256) intact++;
        else if (process.env.BENCH_DEBUG) console.error(`download: ${res.status} ${res.url} ${res.ok ? 'bytes differ' : await res.text()}`);
      }
      return {
        ...phase,
        stored: rows.length,
        attachments: files.length,
        duplicates: [...perMeeting.values()].filter((n) => n > 1).length,
        lostAcknowledged: lost,
        sampleIntact: intact,
        sampled: sample.length,
      };
    };
    const slice = (k: number) => ids.slice(k * DEVICES, (k + 1) * DEVICES);
    const ports3 = ports.map((p) => `http://127.0.0.1:${p}`);
    let killed = -1;
    let restarted: Promise<void> = Promise.resolve();
    let restartMs = 0;
    const alive = () => ports3.filter((_, i) => i !== killed);

    const single = await runPhase('1 instância', one, token, municipioId, slice(0), {}, (p) => verify(p, slice(0)));
    const three = await runPhase(`${INSTANCES} instâncias`, all, token, municipioId, slice(1), { instances: alive }, (p) =>
      verify(p, slice(1)),
    );
    const crash = await runPhase(
      `${INSTANCES} instâncias, uma morta com kill -9 a um terço e reiniciada`,
      all,
      token,
      municipioId,
      slice(2),
      {
        instances: alive,
        killAfter: {
          count: Math.floor(DEVICES / 3),
          // SIGKILL mid-run, then the process supervisor (systemd, a container runtime) starts it again on
          // its port; its new boot takes over the claims its dead one left at once. (Never restarted, another
          // instance takes them over after the 2-minute abandonment interval of server/plugins/idempotency.ts.)
          kill: () => {
            killed = INSTANCES - 1;
            const dead = servers[killed]!;
            dead.child.kill('SIGKILL');
            restarted = startServer({ dataDir: path.join(work, `i${killed}`), port: ports[killed]!, env: env(killed) }).then((again) => {
              servers.push(again);
              restartMs = again.readyMs;
              killed = -1;
            });
          },
        },
      },
      async (p) => (await restarted, verify(p, slice(2))),
    );
    await db.close();

    const rate = (p: Phase) => p.devices.filter(Boolean).length / (p.wallMs / 1000);
    const ratio = rate(three) / rate(single);
    const row = (p: Phase) =>
      `| ${p.label} | ${p.devices.filter(Boolean).length} / ${DEVICES} | ${(p.wallMs / 1000).toFixed(1)} s | ${rate(p).toFixed(1)} | ${p.stored} | ${p.duplicates} | ${p.lostAcknowledged} | ${p.attachments} | ${p.sampleIntact} / ${p.sampled} | ${p.uploadsTried ? `${p.uploadsConcluded} / ${p.uploadsTried}` : '—'} | ${p.stats.serverFiveXX} | ${p.stats.busyRetried} | ${p.stats.proxyRetried + p.stats.networkRetried} | ${p.stats.otherNon2xx} |`;
    const phases = [single, three, crash];
    const clean = phases.every(
      (p) => p.duplicates === 0 && p.lostAcknowledged === 0 && p.stats.serverFiveXX === 0 && p.devices.every(Boolean),
    );
    const lines = [
      '## Scale-out: three instances behind nginx on PostgreSQL and S3 (issue 33)',
      '',
      `\`BENCH_ONLY=scale-out npm run bench\` (scripts/bench/scale-out.ts): ${INSTANCES} built servers (STORAGE=s3 on s3rver, one PostgreSQL database) behind nginx round-robin, against one of them behind the same nginx; ${DEVICES} devices per phase, each an attachment on the resumable upload then its report with it sent ${COPIES} times at once under one key, retried as the outbox does; ${ALTERNATING_UPLOADS} resumable uploads of ${ALTERNATING_CHUNKS} × ${ALTERNATING_CHUNK / 1024} KiB whose chunks go to the instances in turn. ${cpus().length} cores, load ${load} at the start; the ${INSTANCES} instances were healthy ${ms(allHealthyMs)} after starting together (migrations once).`,
      '',
      '| phase | devices answered | wall | devices/s | reports stored | duplicated meetings | acknowledged but lost | attachments | bytes intact (sample) | alternating uploads concluded | server 5xx | 503 retried | proxy/connection retried | other 4xx |',
      '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
      ...phases.map(row),
      '',
      `Throughput of ${INSTANCES} instances / 1 instance, same run: **${ratio.toFixed(2)}** (${cpus().length} cores shared by every instance, PostgreSQL, s3rver, nginx and the load generator; the 503 column shows how much of the time is the devices' backoff).`,
      `In the third phase the killed instance was started again by the bench (as a process supervisor would) and was healthy ${ms(restartMs)} later; nginx (max_fails=1, fail_timeout=2s) sent nothing to it meanwhile.`,
      `Correctness: ${clean ? '0 duplicates, 0 acknowledged reports lost, 0 server 5xx in every phase ✅' : 'a goal was missed ❌ (see the table)'}.`,
      '',
    ];
    if (!clean) process.exitCode = 1;
    return lines.join('\n');
  } finally {
    if (proxyProcess) await stopProcess(proxyProcess);
    // The instance killed with SIGKILL has exited already (exitCode stays null, signalCode is set).
    await Promise.all(servers.filter((s) => s.child.signalCode === null).map((s) => s.stop()));
    await database.drop();
    await bucket.close();
    await rm(work, { recursive: true, force: true });
  }
}
