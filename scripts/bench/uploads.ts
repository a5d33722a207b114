import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { uploadPaths } from '../../src/app/upload-paths.ts';
import { MAX_UPLOAD_BYTES } from '../../src/domain/uploads.ts';
import type { FileRecord, OfflineDb } from '../../src/offline/db.ts';
import { createFetchTransport } from '../../src/offline/fetch-transport.ts';
import { SyncFailure } from '../../src/offline/failures.ts';
import { uploadFile, type Send } from '../../src/offline/uploader.ts';
import { startServer, stopProcess } from './server-process.ts';

const PORT = 18098;
const PLAIN_PORT = 18099;
const PROXY_PORT = 18100;
const USER = 'condutor@demo.local';
const PASSWORD = process.env.DEMO_PASSWORD ?? 'demo1234';
/** Size of the loopback comparison file (MB). */
const LOOPBACK_MB = Number(process.env.BENCH_UPLOADS_MB ?? 25);
/**
 * Pairs of a plain then a resumable upload, back to back: the ratio is the median of the pairs' ratios,
 * so a change in the machine's load between pairs moves both sides of a ratio alike.
 */
const RUNS = Number(process.env.BENCH_UPLOADS_RUNS ?? 9);
/** Issue 15 item 2: a 25 MB evidence over 1.6 Mbps, the link dropped once 60% of the file went up. */
const THROTTLED_BYTES = MAX_UPLOAD_BYTES;
const LINK_BYTES_PER_SECOND = 1_600_000 / 8;
const DROP_AT = 0.6;
const RESENT_LIMIT = 0.45;

async function signIn(url: string): Promise<{ token: string; userId: number }> {
  const res = await fetch(`${url}/api/usuario/login`, {
    method: 'POST',
    headers: { database: 'sc', 'content-type': 'application/json' },
    body: JSON.stringify({ login: USER, senha: PASSWORD }),
  });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  const body = (await res.json()) as { token: string; usuario?: { usuarioId?: number } };
  return { token: body.token, userId: body.usuario?.usuarioId ?? 0 };
}

/** A PDF by its magic bytes, the rest pseudo-random (nothing compresses it on the way). */
function pdfBytes(size: number, seed: number): Buffer<ArrayBuffer> {
  const bytes = Buffer.alloc(size);
  let x = seed * 2654435761 || 1;
  for (let i = 0; i < size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes.writeUInt32LE(x >>> 0, i);
  }
  bytes.write(`%PDF-1.4 bench ${seed}\n`, 0, 'latin1');
  return bytes;
}

function fileRecord(bytes: Buffer<ArrayBuffer>, name: string): FileRecord {
  return {
    id: randomUUID(),
    outboxId: randomUUID(),
    name,
    type: 'application/pdf',
    size: bytes.length,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    blob: new Blob([bytes], { type: 'application/pdf' }),
    purpose: 'evidencia',
    uploadId: null,
    uploaded: 0,
    done: false,
  };
}

/**
 * The uploader only writes progress to the device's store (db.files.update): kept in memory here,
 * the browser's IndexedDB is not what is measured.
 */
function memoryStore(): OfflineDb {
  const progress = new Map<string, Partial<FileRecord>>();
  return {
    files: {
      update: async (id: string, changes: Partial<FileRecord>) => {
        progress.set(id, { ...progress.get(id), ...changes });
        return 1;
      },
    },
  } as unknown as OfflineDb;
}

/** The engine's send (src/offline/engine.ts) without its timers: no answer is a network SyncFailure. */
function sendVia(baseUrl: string, token: string, userId: number): Send {
  const transport = createFetchTransport({ tenant: 'sc', userId, token }, baseUrl);
  return async (request) => {
    try {
      return await transport({ ...request, signal: new AbortController().signal });
    } catch (error) {
      throw new SyncFailure({ class: 'network', status: null, message: String(error), retryAfterMs: null });
    }
  };
}

/**
 * The plain comparison: a Node HTTP server in its own process (like the API's) that streams each
 * request body to a file with stream.pipeline and answers its size. No protocol, no database.
 */
const PLAIN_SERVER = `
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { pipeline } = require('node:stream/promises');
const dir = process.env.PLAIN_DIR;
let n = 0;
http.createServer(async (req, res) => {
  const file = path.join(dir, 'plain-' + (n++));
  try {
    await pipeline(req, fs.createWriteStream(file));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ size: fs.statSync(file).size }));
    fs.rmSync(file, { force: true });
  } catch (e) {
    res.writeHead(500).end(String(e));
  }
}).listen(Number(process.env.PLAIN_PORT), '127.0.0.1', () => process.stdout.write('ready\\n'));
`;

async function startPlainServer(dir: string) {
  const child = spawn(process.execPath, ['-e', PLAIN_SERVER], {
    env: { ...process.env, PLAIN_DIR: dir, PLAIN_PORT: String(PLAIN_PORT) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout!.once('data', () => resolve());
    child.once('exit', (code) => reject(new Error(`plain server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${PLAIN_PORT}`, stop: () => stopProcess(child) };
}

async function plainUpload(url: string, bytes: Buffer<ArrayBuffer>): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${url}/file`, {
    method: 'PUT',
    headers: { 'content-type': 'application/octet-stream' },
    body: new Blob([bytes]),
  });
  const { size } = (await res.json()) as { size: number };
  if (!res.ok || size !== bytes.length) throw new Error(`plain upload: ${res.status} ${size}`);
  return performance.now() - started;
}

async function resumableUpload(send: Send, bytes: Buffer<ArrayBuffer>, name: string): Promise<number> {
  const file = fileRecord(bytes, name);
  const started = performance.now();
  await uploadFile(memoryStore(), file, send, uploadPaths, () => undefined);
  return performance.now() - started;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mbps = (bytes: number, ms: number) => bytes / 2 ** 20 / (ms / 1000);

/**
 * A TCP proxy in front of the API standing for the device's link: client → server bytes leave at
 * `bytesPerSecond` (answers are not throttled, they are small). `dropAt` bytes after it started it
 * cuts every connection once, then lets new ones through; it counts what went up after the drop.
 */
function throttledLink(target: number, bytesPerSecond: number, dropAt: number) {
  let sent = 0;
  let dropped = false;
  let sentAfterDrop = 0;
  let droppedAtMs = 0;
  const sockets = new Set<net.Socket>();
  // One shared token bucket: the link's capacity, whatever the number of connections.
  let available = 0;
  let last = performance.now();
  const waiters: (() => void)[] = [];
  const refill = setInterval(() => {
    const now = performance.now();
    available = Math.min(bytesPerSecond / 10, available + ((now - last) / 1000) * bytesPerSecond);
    last = now;
    while (waiters.length > 0 && available > 0) waiters.shift()!();
  }, 5);
  const take = () => (available > 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));

  const server = net.createServer((client) => {
    const upstream = net.connect(target, '127.0.0.1');
    sockets.add(client);
    sockets.add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close);
    upstream.on('error', close);
    client.on('close', close);
    upstream.on('close', close);
    upstream.on('data', (data) => client.write(data));
    // Upstream bytes go in slices of at most 16 KiB as the bucket allows.
    let queue = Promise.resolve();
    client.on('data', (data: Buffer) => {
      client.pause();
      queue = queue.then(async () => {
        for (let at = 0; at < data.length;) {
          await take();
          if (upstream.destroyed) return;
          const slice = data.subarray(at, at + Math.min(16 * 1024, Math.max(1, Math.floor(available))));
          available -= slice.length;
          at += slice.length;
          if (!dropped && sent + slice.length >= dropAt) {
            // The link goes down: this slice and everything in flight is lost.
            dropped = true;
            droppedAtMs = performance.now();
            for (const socket of sockets) socket.destroy();
            return;
          }
          if (dropped) sentAfterDrop += slice.length;
          else sent += slice.length;
          upstream.write(slice);
        }
        client.resume();
      });
    });
  });
  return {
    listen: () => new Promise<void>((resolve) => server.listen(PROXY_PORT, '127.0.0.1', resolve)),
    close: async () => {
      clearInterval(refill);
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    stats: () => ({ sent, dropped, sentAfterDrop, droppedAtMs }),
  };
}

type Throttled = {
  totalMs: number;
  resumeMs: number;
  beforeDrop: number;
  sentAfterDrop: number;
  recebidoAtResume: number;
  concluded: boolean;
};

/** The uploader over the throttled link; the engine's retry (a new drain) after the drop, at once. */
async function throttledResume(apiPort: number, token: string, userId: number): Promise<Throttled> {
  const bytes = pdfBytes(THROTTLED_BYTES, 99);
  const link = throttledLink(apiPort, LINK_BYTES_PER_SECOND, Math.floor(THROTTLED_BYTES * DROP_AT));
  await link.listen();
  const send = sendVia(`http://127.0.0.1:${PROXY_PORT}/api`, token, userId);
  const file = fileRecord(bytes, 'evidencia-25mb.pdf');
  const store = memoryStore();
  const started = performance.now();
  let recebidoAtResume = -1;
  let concluded = false;
  try {
    for (let attempt = 0; attempt < 3 && !concluded; attempt++) {
      try {
        await uploadFile(store, file, send, uploadPaths, (_f, uploaded) => {
          if (link.stats().dropped && recebidoAtResume < 0) recebidoAtResume = uploaded;
        });
        concluded = true;
      } catch (error) {
        if (!(error instanceof SyncFailure) || error.failure.class !== 'network') throw error;
      }
    }
  } finally {
    await link.close();
  }
  const totalMs = performance.now() - started;
  const stats = link.stats();
  return {
    totalMs,
    resumeMs: performance.now() - stats.droppedAtMs,
    beforeDrop: stats.sent,
    sentAfterDrop: stats.sentAfterDrop,
    recebidoAtResume,
    concluded,
  };
}

/**
 * Issue 15: resumable evidence uploads (the client's uploader, src/offline/uploader.ts, over plain
 * fetch as the service worker sends) against a plain streamed upload of the same bytes, in one run;
 * then a 25 MB evidence over a throttled link that drops at 60%.
 */
export async function uploadsBench(): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ce-bench-uploads-'));
  const server = await startServer({ dataDir, port: PORT });
  const plain = await startPlainServer(dataDir);
  try {
    const { token, userId } = await signIn(server.url);
    const send = sendVia(`${server.url}/api`, token, userId);
    const size = LOOPBACK_MB * 2 ** 20;
    if (size > MAX_UPLOAD_BYTES) throw new Error(`BENCH_UPLOADS_MB over the ${MAX_UPLOAD_BYTES} byte cap`);
    const bytes = pdfBytes(size, 1);
    // Warm-up of both paths (JIT, connection pools, first write of the folders).
    await plainUpload(plain.url, bytes);
    await resumableUpload(send, bytes, 'aquecimento.pdf');
    const plainMs: number[] = [];
    const resumableMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      plainMs.push(await plainUpload(plain.url, bytes));
      resumableMs.push(await resumableUpload(send, bytes, `evidencia-${run}.pdf`));
    }
    const plainRate = mbps(size, median(plainMs));
    const resumableRate = mbps(size, median(resumableMs));
    const ratios = plainMs.map((plainRun, i) => plainRun / resumableMs[i]!);
    const ratio = median(ratios);

    // BENCH_UPLOADS_THROTTLED=0 skips the 2-minute throttled run while iterating on the loopback figures.
    const throttled =
      process.env.BENCH_UPLOADS_THROTTLED === '0'
        ? { totalMs: 0, resumeMs: 0, beforeDrop: 0, sentAfterDrop: 0, recebidoAtResume: 0, concluded: false }
        : await throttledResume(PORT, token, userId);
    const resentShare = throttled.sentAfterDrop / THROTTLED_BYTES;
    const resumeOk = throttled.concluded && resentShare < RESENT_LIMIT;

    const lines = [
      '## Evidence uploads (issue 15)',
      '',
      `\`BENCH_ONLY=uploads npm run bench\` (scripts/bench/uploads.ts). The API runs as a child process on PGlite; the client is the app's own uploader (src/offline/uploader.ts) over the service worker's fetch transport, from the bench process, over loopback. The plain comparison is a ${LOOPBACK_MB} MB PUT of the same bytes to a tiny Node HTTP server in its own process (same process type as the API) that streams the body to a file in the same temporary folder with stream.pipeline: no protocol, no database, no hash. ${RUNS} pairs (a plain upload, then a resumable one) after one warm-up of each; medians. The machine's load at the time of the run: ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' / ')} (1 / 5 / 15 min) on ${cpus().length} CPUs.`,
      '',
      '| measure | result | goal |',
      '| --- | --- | --- |',
      `| plain streamed upload, ${LOOPBACK_MB} MB (median; min ${ms(Math.min(...plainMs))}, max ${ms(Math.max(...plainMs))}) | ${ms(median(plainMs))} = ${plainRate.toFixed(0)} MB/s | — |`,
      `| resumable upload, ${LOOPBACK_MB} MB: open, chunks, concluir (SHA-256, type) (median; min ${ms(Math.min(...resumableMs))}, max ${ms(Math.max(...resumableMs))}) | ${ms(median(resumableMs))} = ${resumableRate.toFixed(0)} MB/s | — |`,
      `| ratio resumable / plain throughput, median of the ${RUNS} back-to-back pairs (min ${Math.min(...ratios).toFixed(2)}, max ${Math.max(...ratios).toFixed(2)}) | ${ratio.toFixed(2)} | ≥ 0.5 ${ratio >= 0.5 ? '✅' : '❌'} |`,
      `| 25 MB evidence over a 1.6 Mbps link dropped once ${(DROP_AT * 100).toFixed(0)}% of the file went up: bytes sent after the resume (headers included) | ${(throttled.sentAfterDrop / 2 ** 20).toFixed(2)} MB = ${(resentShare * 100).toFixed(1)}% of the file (server held ${(throttled.recebidoAtResume / 2 ** 20).toFixed(2)} MB at the resume; concluded: ${throttled.concluded ? 'yes' : 'no'}) | < ${RESENT_LIMIT * 100}% ${resumeOk ? '✅' : '❌'} |`,
      `| for scale: that upload start to concluded / resume to concluded | ${(throttled.totalMs / 1000).toFixed(1)} s / ${(throttled.resumeMs / 1000).toFixed(1)} s | — |`,
      '',
    ];
    if (!resumeOk) process.exitCode = 1;
    return lines.join('\n');
  } finally {
    await plain.stop();
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

const ms = (n: number) => `${n.toFixed(0)} ms`;
