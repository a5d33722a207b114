import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MAX_CHUNK_BYTES, sha256Hex, UPLOAD_CHUNK_BYTES } from '../domain/uploads.ts';
import { openOfflineDb, type FileRecord, type OfflineDb } from './db.ts';
import { getUploadPaths } from './routes.ts';
import { FakeApi } from './testing/fake-api.ts';
import { CHUNK_TARGET_MS, MIN_CHUNK_BYTES, nextChunkBytes, uploadFile, type Send } from './uploader.ts';

const MiB = 1024 * 1024;
let dbCounter = 0;
const opened: OfflineDb[] = [];

afterEach(() => {
  vi.restoreAllMocks();
  opened.splice(0).forEach((db) => db.close());
});

async function pdfRecord(size: number): Promise<{ db: OfflineDb; file: FileRecord }> {
  const db = await openOfflineDb('uploader-test', ++dbCounter);
  opened.push(db);
  const bytes = new Uint8Array(size);
  bytes.set(new TextEncoder().encode('%PDF-1.7\n'));
  for (let i = 16; i < size; i += 4099) bytes[i] = i & 0xff;
  const blob = new Blob([bytes], { type: 'application/pdf' });
  const file: FileRecord = {
    id: crypto.randomUUID(),
    outboxId: crypto.randomUUID(),
    name: 'evidencia.pdf',
    type: 'application/pdf',
    size,
    sha256: await sha256Hex(blob),
    blob,
    purpose: 'evidencia',
    uploadId: null,
    uploaded: 0,
    done: false,
  };
  await db.files.put(file);
  return { db, file };
}

/**
 * The fake server over a link of `bytesPerMs`: the uploader's clock (performance.now) advances by
 * the time each request's body takes to go up. Records the size of every chunk sent.
 */
function linkOf(bytesPerMs: number) {
  const api = new FakeApi();
  const transport = api.transport();
  let clock = 0;
  vi.spyOn(performance, 'now').mockImplementation(() => clock);
  const chunks: number[] = [];
  const send: Send = async (request, bytes) => {
    if (request.method === 'PUT') chunks.push(bytes);
    clock += 1 + bytes / bytesPerMs;
    return transport({ ...request, signal: new AbortController().signal });
  };
  return { send, chunks };
}

describe('chunk size follows the link', () => {
  it('nextChunkBytes aims at CHUNK_TARGET_MS of sending, within MIN_CHUNK_BYTES..MAX_CHUNK_BYTES', () => {
    // Loopback: 1 MiB in 5 ms would allow far more than the cap.
    expect(nextChunkBytes(MiB, MiB, 5)).toBe(MAX_CHUNK_BYTES);
    // Growth is at most 8× per chunk.
    expect(nextChunkBytes(MIN_CHUNK_BYTES, MIN_CHUNK_BYTES, 1)).toBe(8 * MIN_CHUNK_BYTES);
    // 1.6 Mbps (200 bytes/ms): about 2 s of sending, in whole 64 KiB pages.
    const slow = nextChunkBytes(MiB, MiB, MiB / 200);
    expect(slow).toBeLessThanOrEqual(200 * CHUNK_TARGET_MS);
    expect(slow).toBeGreaterThan(200 * CHUNK_TARGET_MS - 64 * 1024);
    expect(slow % (64 * 1024)).toBe(0);
    // Never below the floor, however slow.
    expect(nextChunkBytes(MIN_CHUNK_BYTES, MIN_CHUNK_BYTES, 60_000)).toBe(MIN_CHUNK_BYTES);
  });

  it('on a fast link the first chunk is UPLOAD_CHUNK_BYTES and the next ones MAX_CHUNK_BYTES', async () => {
    const { db, file } = await pdfRecord(20 * MiB);
    const { send, chunks } = linkOf(1_000_000);
    await uploadFile(db, file, send, getUploadPaths(), () => undefined);
    expect(chunks).toEqual([UPLOAD_CHUNK_BYTES, MAX_CHUNK_BYTES, MAX_CHUNK_BYTES, 3 * MiB]);
    expect(await db.files.get(file.id)).toMatchObject({ done: true, uploaded: 20 * MiB });
  });

  it('on a 1.6 Mbps link chunks shrink to about 2 s each, so a dropped connection loses little', async () => {
    const { db, file } = await pdfRecord(4 * MiB);
    const { send, chunks } = linkOf(200);
    await uploadFile(db, file, send, getUploadPaths(), () => undefined);
    expect(chunks[0]).toBe(UPLOAD_CHUNK_BYTES);
    for (const size of chunks.slice(1)) expect(size).toBeLessThanOrEqual(200 * CHUNK_TARGET_MS);
    expect(chunks.reduce((a, b) => a + b, 0)).toBe(4 * MiB);
  });

  it('a fixed chunk size (the engine option) is kept whatever the link', async () => {
    const { db, file } = await pdfRecord(3 * MiB);
    const { send, chunks } = linkOf(1_000_000);
    await uploadFile(db, file, send, getUploadPaths(), () => undefined, MiB);
    expect(chunks).toEqual([MiB, MiB, MiB]);
  });
});
