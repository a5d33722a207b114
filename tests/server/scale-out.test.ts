import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_MESSAGES } from '../../src/domain/uploads.ts';
import { startS3Server } from './s3-server.ts';
import { authHeaders, createTestApp, createTestDatabase, login, type TestApp } from './test-app.ts';

/*
 * Two server instances on one database and one bucket, as behind a reverse proxy (issue 33,
 * item 3): whichever instance a request reaches, the session, the upload's bytes and its write
 * lease are the same.
 */

const MiB = 1024 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

let bucket: Awaited<ReturnType<typeof startS3Server>>;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let a: TestApp;
let b: TestApp;
let token: string;

beforeAll(async () => {
  bucket = await startS3Server();
  database = await createTestDatabase();
  a = await createTestApp({ database, config: { storage: bucket.config, instanceId: 'instancia-a' } });
  b = await createTestApp({ database, config: { storage: bucket.config, instanceId: 'instancia-b' } });
  // Signed in on one instance, used on both.
  token = await login(a, 'admin@demo.local');
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await database?.close();
  await database?.drop();
  await bucket?.close();
});

/** A file that is a PDF by its magic bytes. */
function pdf(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

async function start(on: TestApp, file: Buffer) {
  const res = await on.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: authHeaders(token),
    payload: { chave: randomUUID(), nome: 'ata.pdf', tamanho: file.length, sha256: sha256(file), finalidade: 'evidencia' },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().uploadId as string;
}

const put = (on: TestApp, uploadId: string, offset: number, chunk: Buffer) =>
  on.app.inject({
    method: 'PUT',
    url: `/api/upload/${uploadId}?offset=${offset}`,
    headers: { ...authHeaders(token), 'content-type': 'application/octet-stream' },
    payload: chunk,
  });

describe('several instances on one database and one bucket', () => {
  it('a resumable upload whose chunks alternate between instances concludes with exactly its bytes', async () => {
    const file = pdf(3.5 * MiB);
    const uploadId = await start(a, file);
    const instances = [a, b, a, b];
    for (const [i, on] of instances.entries()) {
      const res = await put(on, uploadId, i * MiB, file.subarray(i * MiB, (i + 1) * MiB));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().recebido).toBe(Math.min((i + 1) * MiB, file.length));
    }
    const concluded = await b.app.inject({ method: 'POST', url: `/api/upload/${uploadId}/concluir`, headers: authHeaders(token) });
    expect(concluded.statusCode, concluded.body).toBe(200);
    expect(concluded.json()).toMatchObject({ concluido: true, tipo: 'pdf', recebido: file.length });
    const seen = await a.app.inject({ method: 'GET', url: `/api/upload/${uploadId}`, headers: authHeaders(token) });
    expect(seen.json()).toMatchObject({ concluido: true });
  });

  it('the same chunk sent to both instances at once is appended once', async () => {
    const file = pdf(2 * MiB);
    const uploadId = await start(b, file);
    expect((await put(b, uploadId, 0, file.subarray(0, MiB))).statusCode).toBe(200);
    const second = file.subarray(MiB);
    const answers = await Promise.all([put(a, uploadId, MiB, second), put(b, uploadId, MiB, second)]);
    const codes = answers.map((r) => r.statusCode).sort();
    // One wins the write lease; the other finds the offset moved (409) or the lease held (503, retry).
    expect(codes[0], answers.map((r) => r.body).join(' | ')).toBe(200);
    expect([409, 503]).toContain(codes[1]);
    const lost = answers.find((r) => r.statusCode !== 200)!;
    if (lost.statusCode === 409) expect(lost.json()).toEqual({ message: UPLOAD_MESSAGES.deslocamentoInvalido, recebido: file.length });
    const concluded = await a.app.inject({ method: 'POST', url: `/api/upload/${uploadId}/concluir`, headers: authHeaders(token) });
    expect(concluded.statusCode, concluded.body).toBe(200);
    expect(await b.app.storage.sha256(`uploads/${uploadId}`)).toBe(sha256(file));
  });

  it('/api/health on each instance reports the database and the bucket', async () => {
    for (const on of [a, b]) {
      const res = await on.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.json()).toEqual({ status: 'ok', database: 'ok', storage: 'ok' });
    }
  });
});
