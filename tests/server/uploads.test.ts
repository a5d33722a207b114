import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  IDEMPOTENCY_HEADER,
  MAX_UPLOAD_BYTES,
  UPLOAD_CHUNK_BYTES,
  UPLOAD_MESSAGES,
  type UploadPurpose,
  type UploadStatus,
} from '../../src/domain/uploads.ts';
import { upload, usuario } from '../../server/db/schema/index.ts';
import { claimUploads } from '../../server/features/uploads/commands.ts';
import { purgeStaleUploads } from '../../server/features/uploads/repository.ts';
import { AppError } from '../../server/lib/errors.ts';
import { authHeaders, createTestApp, type TestApp, demoSignIns } from './test-app.ts';

let t: TestApp;
const MiB = 1024 * 1024;

const token = demoSignIns(() => t);

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** A file that is a PDF by its magic bytes. */
function pdf(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from('%PDF-1.7\n').copy(bytes);
  return bytes;
}

function png(size: number): Buffer {
  const bytes = randomBytes(size);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
  return bytes;
}

/** A ZIP whose entry name (what tells a workbook from a document) sits past the first 2 KiB. */
function zipWithEntry(size: number, entry: string): Buffer {
  const bytes = Buffer.alloc(size, 0x20);
  Buffer.from([0x50, 0x4b, 0x03, 0x04]).copy(bytes);
  Buffer.from(entry).copy(bytes, 4096);
  return bytes;
}

async function start(file: Buffer, opts: { finalidade?: UploadPurpose; chave?: string; sha?: string; user?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/upload',
    headers: authHeaders(await token(opts.user ?? 'admin')),
    payload: {
      chave: opts.chave ?? randomUUID(),
      nome: 'relatorio.pdf',
      tamanho: file.length,
      sha256: opts.sha ?? sha256(file),
      finalidade: opts.finalidade ?? 'evidencia',
    },
  });
}

async function started(file: Buffer, opts: Parameters<typeof start>[1] = {}): Promise<UploadStatus> {
  const res = await start(file, opts);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function put(uploadId: string, offset: number, chunk: Buffer | Readable, user = 'admin') {
  return t.app.inject({
    method: 'PUT',
    url: `/api/upload/${uploadId}?offset=${offset}`,
    headers: { ...authHeaders(await token(user)), 'content-type': 'application/octet-stream' },
    payload: chunk,
  });
}

async function status(uploadId: string, user = 'admin') {
  return t.app.inject({ method: 'GET', url: `/api/upload/${uploadId}`, headers: authHeaders(await token(user)) });
}

async function conclude(uploadId: string, user = 'admin') {
  return t.app.inject({ method: 'POST', url: `/api/upload/${uploadId}/concluir`, headers: authHeaders(await token(user)) });
}

/** Sends `file` from `from` in chunks of `chunk` bytes, checking each answer. */
async function sendChunks(uploadId: string, file: Buffer, from = 0, chunk = UPLOAD_CHUNK_BYTES) {
  for (let offset = from; offset < file.length; offset += chunk) {
    const res = await put(uploadId, offset, file.subarray(offset, offset + chunk));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().recebido).toBe(Math.min(offset + chunk, file.length));
  }
}

async function storedRow(uploadId: string) {
  const [row] = await t.db.select().from(upload).where(eq(upload.uploadId, uploadId));
  return row!;
}

async function userId(email: string) {
  const [row] = await t.db
    .select({ usuarioId: usuario.usuarioId })
    .from(usuario)
    .where(and(eq(usuario.tenantId, 'sc'), eq(usuario.email, email)));
  return row!.usuarioId;
}

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('resumable upload', () => {
  it('uploads a PDF in 1 MiB chunks, keeps exactly its bytes and concludes (twice, same answer)', async () => {
    const file = pdf(2.5 * MiB);
    const chave = randomUUID();
    const opened = await started(file, { chave });
    expect(opened).toMatchObject({ recebido: 0, concluido: false, tipo: null, chunkBytes: UPLOAD_CHUNK_BYTES });
    await sendChunks(opened.uploadId, file);
    const done = await conclude(opened.uploadId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ recebido: file.length, concluido: true, tipo: 'pdf' });
    const row = await storedRow(opened.uploadId);
    expect(await t.app.storage.sha256(row.storageKey)).toBe(sha256(file));
    expect((await conclude(opened.uploadId)).json()).toEqual(done.json());
    // The same chave finds the same upload again (the client resuming after losing the answer).
    const reopened = await start(file, { chave });
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual(done.json());
  });

  it('resumes: after 2 of 3 chunks the status says how much arrived and the upload continues from there', async () => {
    const file = pdf(2.5 * MiB);
    const { uploadId } = await started(file);
    await sendChunks(uploadId, file.subarray(0, 2 * MiB));
    const now = await status(uploadId);
    expect(now.statusCode).toBe(200);
    expect(now.json()).toMatchObject({ recebido: 2 * MiB, concluido: false, tipo: 'pdf' });
    await sendChunks(uploadId, file, now.json().recebido);
    expect((await conclude(uploadId)).json()).toMatchObject({ concluido: true });
  });

  it('chunks of the sizes the client adapts to (1 MiB, then up to 8 MiB, then a short one) keep exactly the bytes', async () => {
    const file = pdf(19.5 * MiB);
    const { uploadId } = await started(file);
    let offset = 0;
    for (const size of [UPLOAD_CHUNK_BYTES, 8 * MiB, 256 * 1024, 8 * MiB, 8 * MiB]) {
      const end = Math.min(file.length, offset + size);
      const res = await put(uploadId, offset, file.subarray(offset, end));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().recebido).toBe(end);
      offset = end;
    }
    expect(offset).toBe(file.length);
    // The first chunk again (its answer was lost) changes nothing: the server says where it stands.
    const again = await put(uploadId, 0, file.subarray(0, UPLOAD_CHUNK_BYTES));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ recebido: file.length });
    expect((await conclude(uploadId)).json()).toMatchObject({ concluido: true, tipo: 'pdf' });
    expect(await t.app.storage.sha256((await storedRow(uploadId)).storageKey)).toBe(sha256(file));
  });

  it('the same chave with another size or hash is a 409', async () => {
    const file = pdf(1000);
    const chave = randomUUID();
    await started(file, { chave });
    const other = await start(pdf(1000), { chave });
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(UPLOAD_MESSAGES.chaveReutilizada);
  });

  it('a chunk at another offset than recebido is a 409 that says recebido', async () => {
    const file = pdf(2 * MiB);
    const { uploadId } = await started(file);
    await sendChunks(uploadId, file.subarray(0, MiB));
    for (const offset of [0, 2 * MiB - 10]) {
      const res = await put(uploadId, offset, file.subarray(offset, offset + 10));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: UPLOAD_MESSAGES.deslocamentoInvalido, recebido: MiB });
    }
  });

  it('a wrong hash at concluir is a 400 and the upload starts over from 0', async () => {
    const file = pdf(1.5 * MiB);
    const { uploadId } = await started(file, { sha: sha256(pdf(100)) });
    await sendChunks(uploadId, file);
    const res = await conclude(uploadId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.hashDiferente);
    expect((await status(uploadId)).json()).toMatchObject({ recebido: 0, concluido: false });
    expect(await t.app.storage.size((await storedRow(uploadId)).storageKey)).toBe(0);
  });

  it('concluir before every byte arrived is a 400', async () => {
    const file = pdf(1.5 * MiB);
    const { uploadId } = await started(file);
    await sendChunks(uploadId, file.subarray(0, MiB));
    const res = await conclude(uploadId);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.tamanhoDiferente);
  });

  it('bytes past the declared size are refused while streaming and nothing of the chunk is kept', async () => {
    const file = pdf(1.5 * MiB);
    const { uploadId } = await started(file);
    const tooMuch = Buffer.concat([file, randomBytes(0.5 * MiB)]);
    // A stream has no Content-Length: the cap can only be enforced while the bytes arrive.
    const pieces = Array.from({ length: 32 }, (_, i) => tooMuch.subarray(i * 64 * 1024, (i + 1) * 64 * 1024));
    const streamed = await put(uploadId, 0, Readable.from(pieces));
    expect(streamed.statusCode).toBe(400);
    expect(streamed.json().message).toBe(UPLOAD_MESSAGES.tamanhoExcedido);
    expect((await status(uploadId)).json().recebido).toBe(0);

    await sendChunks(uploadId, file.subarray(0, MiB));
    const withLength = await put(uploadId, MiB, tooMuch.subarray(MiB, 2 * MiB));
    expect(withLength.statusCode).toBe(400);
    expect(withLength.json().message).toBe(UPLOAD_MESSAGES.tamanhoExcedido);
    const streamedLater = await put(uploadId, MiB, Readable.from([tooMuch.subarray(MiB, 1.5 * MiB), tooMuch.subarray(1.5 * MiB)]));
    expect(streamedLater.statusCode).toBe(400);
    expect((await status(uploadId)).json().recebido).toBe(MiB);
    expect(await t.app.storage.size((await storedRow(uploadId)).storageKey)).toBe(MiB);
    // The upload is still good: the right bytes complete it.
    await sendChunks(uploadId, file, MiB);
    expect((await conclude(uploadId)).json()).toMatchObject({ concluido: true });
  });

  it('a PNG sent as evidence is refused by its magic bytes and nothing is kept', async () => {
    const file = png(300 * 1024);
    const { uploadId } = await started(file, { finalidade: 'evidencia' });
    const res = await put(uploadId, 0, file);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.tipoNaoPermitido('PDF ou Excel'));
    expect((await status(uploadId)).json()).toMatchObject({ recebido: 0, tipo: null });
    // The same bytes are fine where pictures are taken.
    const photo = await started(file, { finalidade: 'foto' });
    await sendChunks(photo.uploadId, file);
    expect((await conclude(photo.uploadId)).json()).toMatchObject({ concluido: true, tipo: 'png' });
  });

  it('a first chunk too small to tell the type is accepted; the whole header decides at concluir', async () => {
    const workbook = zipWithEntry(20 * 1024, 'xl/workbook.xml');
    const wb = await started(workbook);
    await sendChunks(wb.uploadId, workbook, 0, 2048);
    const done = await conclude(wb.uploadId);
    expect(done.json()).toMatchObject({ concluido: true, tipo: 'xlsx' });

    const document = zipWithEntry(20 * 1024, 'word/document.xml');
    const doc = await started(document);
    await sendChunks(doc.uploadId, document, 0, 2048);
    const refused = await conclude(doc.uploadId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(UPLOAD_MESSAGES.tipoNaoPermitido('PDF ou Excel'));
    expect((await status(doc.uploadId)).json()).toMatchObject({ recebido: 0, concluido: false });
  });

  it('a file declared larger than 25 MB is refused with the spec message', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: authHeaders(await token('admin')),
      payload: { chave: randomUUID(), nome: 'grande.pdf', tamanho: MAX_UPLOAD_BYTES + 1, sha256: sha256(pdf(10)), finalidade: 'evidencia' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(UPLOAD_MESSAGES.arquivoGrande);
  });

  it("another user can neither read, append to nor conclude someone's upload", async () => {
    const file = pdf(1000);
    const { uploadId } = await started(file);
    for (const res of [
      await status(uploadId, 'condutor'),
      await put(uploadId, 0, file, 'condutor'),
      await conclude(uploadId, 'condutor'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(UPLOAD_MESSAGES.uploadNaoEncontrado);
    }
    expect((await status(uploadId)).json().recebido).toBe(0);
  });

  it('takes no part in the generic Idempotency-Key handling (each step is idempotent by itself)', async () => {
    const file = pdf(1000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { ...authHeaders(await token('admin')), [IDEMPOTENCY_HEADER]: 'x' },
      payload: { chave: randomUUID(), nome: 'a.pdf', tamanho: file.length, sha256: sha256(file), finalidade: 'evidencia' },
    });
    expect(res.statusCode).toBe(201);
  });
});

describe('claimUploads (for record endpoints) and purging', () => {
  async function concluded(file: Buffer, finalidade: UploadPurpose = 'evidencia') {
    const { uploadId } = await started(file, { finalidade });
    await sendChunks(uploadId, file);
    expect((await conclude(uploadId)).statusCode).toBe(200);
    return uploadId;
  }

  async function claimError(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(AppError);
    return { status: (error as AppError).statusCode, message: (error as AppError).message };
  }

  it('hands a concluded upload over once; refuses unfinished, foreign and already used ones', async () => {
    const admin = await userId('admin@demo.local');
    const condutor = await userId('condutor@demo.local');
    const file = pdf(1.2 * MiB);
    const done = await concluded(file);
    const unfinished = (await started(pdf(2000))).uploadId;
    const claim = (uploadIds: string[], usuarioId = admin) =>
      claimUploads(t.db, t.app.storage, { tenantId: 'sc', usuarioId, uploadIds, finalidade: 'evidencia' });

    expect(await claimError(claim([unfinished]))).toEqual({ status: 400, message: UPLOAD_MESSAGES.uploadIncompleto });
    expect(await claimError(claim([done], condutor))).toEqual({ status: 404, message: UPLOAD_MESSAGES.uploadNaoEncontrado });
    expect(
      await claimError(claimUploads(t.db, t.app.storage, { tenantId: 'ms', usuarioId: admin, uploadIds: [done], finalidade: 'evidencia' })),
    ).toEqual({
      status: 404,
      message: UPLOAD_MESSAGES.uploadNaoEncontrado,
    });

    const [file1] = await claim([done]);
    expect(file1).toMatchObject({
      uploadId: done,
      nome: 'relatorio.pdf',
      tamanho: file.length,
      sha256: sha256(file),
      tipo: 'pdf',
      mime: 'application/pdf',
    });
    expect(await t.app.storage.sha256(file1!.storageKey)).toBe(sha256(file));
    expect(await claimError(claim([done]))).toEqual({ status: 409, message: UPLOAD_MESSAGES.uploadJaUsado });
  });

  it('a claim of several uploads is all or nothing when one of them was already used', async () => {
    const admin = await userId('admin@demo.local');
    const a = await concluded(pdf(3000));
    const b = await concluded(pdf(3000));
    await claimUploads(t.db, t.app.storage, { tenantId: 'sc', usuarioId: admin, uploadIds: [b], finalidade: 'evidencia' });
    expect(
      await claimError(claimUploads(t.db, t.app.storage, { tenantId: 'sc', usuarioId: admin, uploadIds: [a, b], finalidade: 'evidencia' })),
    ).toEqual({
      status: 409,
      message: UPLOAD_MESSAGES.uploadJaUsado,
    });
    expect((await storedRow(a)).claimedAt).toBeNull();
  });

  it('a photo upload cannot be claimed as evidence', async () => {
    const admin = await userId('admin@demo.local');
    const photo = await concluded(png(5000), 'foto');
    expect(
      await claimError(
        claimUploads(t.db, t.app.storage, { tenantId: 'sc', usuarioId: admin, uploadIds: [photo], finalidade: 'evidencia' }),
      ),
    ).toEqual({
      status: 400,
      message: UPLOAD_MESSAGES.tipoNaoPermitido('PDF ou Excel'),
    });
  });

  it('purges unfinished uploads idle for more than 7 days with their bytes; keeps recent and claimed ones', async () => {
    const admin = await userId('admin@demo.local');
    const stale = (await started(pdf(2 * MiB))).uploadId;
    await sendChunks(stale, pdf(2 * MiB).subarray(0, MiB));
    const recent = (await started(pdf(2000))).uploadId;
    const claimed = await concluded(pdf(4000));
    await claimUploads(t.db, t.app.storage, { tenantId: 'sc', usuarioId: admin, uploadIds: [claimed], finalidade: 'evidencia' });
    const staleKey = (await storedRow(stale)).storageKey;
    expect(await t.app.storage.size(staleKey)).toBe(MiB);
    await t.db
      .update(upload)
      .set({ atualizadoEm: sql`now() - interval '8 days'` })
      .where(sql`${upload.uploadId} in (${stale}, ${claimed})`);

    expect(await purgeStaleUploads(t.db, t.app.storage)).toBeGreaterThanOrEqual(1);
    expect((await status(stale)).statusCode).toBe(404);
    expect(await t.app.storage.size(staleKey)).toBe(0);
    expect((await status(recent)).statusCode).toBe(200);
    const kept = await storedRow(claimed);
    expect(await t.app.storage.size(kept.storageKey)).toBe(4000);
  });
});
