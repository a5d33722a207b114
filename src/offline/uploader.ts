import { MAX_CHUNK_BYTES, UPLOAD_CHUNK_BYTES, uploadStatusSchema, type UploadStart, type UploadStatus } from '../domain/uploads.ts';
import type { FileRecord, OfflineDb } from './db.ts';
import { SYNC_MESSAGES, SyncFailure, failureFromResponse, isSuccess } from './failures.ts';
import type { UploadPaths } from './routes.ts';
import type { TransportRequest, TransportResponse } from './transport-types.ts';

/**
 * Resumable upload of one queued file. The server is the only authority on how much it holds: on
 * every start or resume the client asks (the start step with the same chave answers the existing
 * upload and its `recebido`) and continues from there, so a chunk lost with a dead tab or a killed
 * server is simply sent again. The file's id is the chave, so a retry never opens a second upload.
 */

/** The engine's send: adds the abort signal and the timeout, throws SyncFailure on no answer. */
export type Send = (request: Omit<TransportRequest, 'signal'>, bytes: number) => Promise<TransportResponse>;

export type UploadProgress = (file: FileRecord, uploaded: number) => void;

function statusOf(response: TransportResponse): UploadStatus {
  if (!isSuccess(response.status)) throw new SyncFailure(failureFromResponse(response));
  const parsed = uploadStatusSchema.safeParse(response.body);
  if (!parsed.success)
    throw new SyncFailure({ class: 'server', status: response.status, message: SYNC_MESSAGES.respostaInvalida, retryAfterMs: null });
  return parsed.data;
}

function recebidoOf(body: unknown): number | null {
  if (body !== null && typeof body === 'object' && 'recebido' in body) {
    const value = (body as { recebido: unknown }).recebido;
    if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value;
  }
  return null;
}

/**
 * How long one chunk should take on the device's link. Every chunk costs a round trip and the
 * server's bookkeeping (a few database writes, one copy), so on a fast link large chunks are what
 * makes an upload fast; but a chunk cut by a dropped connection is sent again whole, so on a slow
 * link it must stay small. Sizing chunks by time bounds both: a drop costs at most about this long.
 */
export const CHUNK_TARGET_MS = 2_000;
/** Smallest adaptive chunk: below it the per-request cost outweighs what a drop can save. */
export const MIN_CHUNK_BYTES = 256 * 1024;
/** Chunk sizes move by whole 64 KiB pages (the server's read size). */
const CHUNK_STEP = 64 * 1024;

/**
 * Size of the next chunk from how long the last one took (request to answer, so the server's work
 * counts too): about CHUNK_TARGET_MS of sending, within MIN_CHUNK_BYTES..MAX_CHUNK_BYTES, growing at
 * most 8× and shrinking at most 4× per chunk so that one odd measurement does not swing it.
 */
export function nextChunkBytes(current: number, sentBytes: number, elapsedMs: number): number {
  const ideal = (sentBytes / Math.max(elapsedMs, 1)) * CHUNK_TARGET_MS;
  const bounded = Math.min(current * 8, Math.max(current / 4, ideal));
  const stepped = Math.floor(bounded / CHUNK_STEP) * CHUNK_STEP;
  return Math.min(MAX_CHUNK_BYTES, Math.max(MIN_CHUNK_BYTES, stepped));
}

/**
 * Uploads (or finishes uploading) `file` and returns its uploadId once the server holds all of it.
 * Chunks start at UPLOAD_CHUNK_BYTES and follow the link's speed (nextChunkBytes);
 * `fixedChunkBytes` keeps one size instead (tests use tiny ones).
 */
export async function uploadFile(
  db: OfflineDb,
  file: FileRecord,
  send: Send,
  paths: UploadPaths,
  onProgress: UploadProgress,
  fixedChunkBytes?: number,
): Promise<string> {
  let chunkBytes = fixedChunkBytes ?? UPLOAD_CHUNK_BYTES;
  let restartedAfterBadHash = false;
  for (;;) {
    const start: UploadStart = {
      chave: file.id,
      nome: file.name.slice(0, 255),
      tamanho: file.size,
      sha256: file.sha256,
      finalidade: file.purpose,
    };
    let status = statusOf(await send({ method: 'POST', path: paths.start, headers: {}, json: start }, 0));
    const uploadId = status.uploadId;
    await db.files.update(file.id, { uploadId, uploaded: status.recebido });
    onProgress(file, status.recebido);
    if (status.concluido) {
      await db.files.update(file.id, { done: true, uploaded: file.size });
      return uploadId;
    }

    let offset = status.recebido;
    while (offset < file.size) {
      // Sent as a slice of the stored Blob: the browser streams it from disk, no copy in memory.
      const chunk = file.blob.slice(offset, offset + chunkBytes);
      const sentAt = performance.now();
      const response = await send(
        {
          method: 'PUT',
          path: paths.chunk(uploadId, offset),
          headers: {},
          body: chunk,
          contentType: 'application/octet-stream',
        },
        chunk.size,
      );
      let next: number;
      if (response.status === 409) {
        // Our idea of the offset was stale (a chunk the server got but whose answer was lost):
        // the answer says where the server stands.
        const recebido = recebidoOf(response.body);
        if (recebido === null || recebido === offset || recebido > file.size) throw new SyncFailure(failureFromResponse(response));
        next = recebido;
      } else {
        status = statusOf(response);
        next = status.recebido;
        // Only a full chunk measures the link: the last, short one says little.
        if (fixedChunkBytes === undefined && chunk.size === chunkBytes) {
          chunkBytes = nextChunkBytes(chunkBytes, chunk.size, performance.now() - sentAt);
        }
      }
      offset = next;
      await db.files.update(file.id, { uploaded: offset });
      onProgress(file, offset);
    }

    const done = await send({ method: 'POST', path: paths.conclude(uploadId), headers: {} }, 0);
    if (done.status === 400 && !restartedAfterBadHash) {
      // The bytes on the server do not hash to the file's SHA-256 (it reset its copy to zero):
      // send everything again once; a second mismatch is parked for the user.
      restartedAfterBadHash = true;
      await db.files.update(file.id, { uploaded: 0 });
      onProgress(file, 0);
      continue;
    }
    statusOf(done);
    await db.files.update(file.id, { done: true, uploaded: file.size });
    onProgress(file, file.size);
    return uploadId;
  }
}
