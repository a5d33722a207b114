import type { Readable } from 'node:stream';
import { errorCodes } from 'fastify';
import {
  isAllowedFor,
  MAX_CHUNK_BYTES,
  SNIFF_BYTES,
  sniffFileType,
  sniffVerdict,
  UPLOAD_MESSAGES,
  UPLOAD_PURPOSES,
} from '../../../src/domain/uploads.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import { SizeLimitError, type Storage } from '../../lib/storage.ts';
import * as repo from './repository.ts';
import type { UploadRow } from './repository.ts';

/** Read size when copying a received chunk to its upload: a few large reads, not 128 small ones per 8 MB. */
const COPY_READ_BYTES = 1024 * 1024;

export type ChunkOutcome = { row: UploadRow } | { offsetConflict: number };

const typeRefused = (row: UploadRow) => badRequest(UPLOAD_MESSAGES.tipoNaoPermitido(UPLOAD_PURPOSES[row.finalidade].label));

/**
 * Appends one chunk at `offset`. The body is first streamed to a file of its own, with both caps
 * (declared size, MAX_CHUNK_BYTES) enforced while streaming, so a client that disconnects mid-chunk
 * holds no lock and leaves the upload untouched. Only then, under the row's write lease, the chunk
 * is copied to the end of the upload's file and `recebido` moves: the file never holds bytes that
 * were not confirmed, except after a crash between copy and update, which the next append cuts off.
 */
export async function receiveChunk(
  db: Db,
  storage: Storage,
  row: UploadRow,
  offset: number,
  body: Readable,
  contentLength: number | undefined,
  instanceId: string,
): Promise<ChunkOutcome> {
  if (row.concluido || offset !== row.recebido) return { offsetConflict: row.recebido };
  if ((await storage.size(row.storageKey)) < row.recebido) {
    // Bytes confirmed earlier are gone from disk: start over rather than fill the gap with zeros.
    return { offsetConflict: (await repo.resetUpload(db, storage, row)).recebido };
  }
  const room = row.tamanho - offset;
  const tooLarge = () =>
    room > MAX_CHUNK_BYTES ? new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE() : badRequest(UPLOAD_MESSAGES.tamanhoExcedido);
  // An honest Content-Length is refused before reading: a browser still sending would not see the answer.
  if (contentLength !== undefined && contentLength > Math.min(room, MAX_CHUNK_BYTES)) {
    body.resume();
    throw tooLarge();
  }

  const incoming = repo.incomingKey(instanceId);
  try {
    let bytes: number;
    try {
      bytes = await storage.append(incoming, body, { maxBytes: Math.min(room, MAX_CHUNK_BYTES) });
    } catch (error) {
      if (!(error instanceof SizeLimitError)) throw error;
      // Read and drop the rest so the client gets the answer instead of a broken connection.
      body.resume();
      throw tooLarge();
    }
    if (bytes === 0) return { row };

    let tipo = row.tipo;
    if (offset === 0) {
      const verdict = sniffVerdict(row.finalidade, await storage.read(incoming, 0, SNIFF_BYTES), row.tamanho);
      if (!verdict.ok) throw typeRefused(row);
      tipo = verdict.tipo;
    }

    if (!(await repo.acquireWriteLease(db, row.arquivoId, offset))) {
      const now = await repo.findOwnUpload(db, row.tenantId, row.usuarioId, row.uploadId);
      if (now.concluido || now.recebido !== offset) return { offsetConflict: now.recebido };
      // The same chunk is being written by another request (a retry while the first still runs).
      throw new AppError(503, UPLOAD_MESSAGES.emAndamento);
    }
    try {
      if (offset === 0) {
        // The first chunk is the whole file so far: renamed into place (replacing any leftover of
        // an earlier try) instead of copied.
        await storage.move(incoming, row.storageKey);
      } else {
        await storage.truncate(row.storageKey, offset);
        await storage.append(row.storageKey, storage.readStream(incoming, { highWaterMark: COPY_READ_BYTES }), { maxBytes: bytes });
      }
      return { row: await repo.finishWrite(db, row.arquivoId, offset + bytes, tipo) };
    } catch (error) {
      await storage.truncate(row.storageKey, offset);
      await repo.releaseWriteLease(db, row.arquivoId);
      throw error;
    }
  } finally {
    await storage.remove(incoming);
  }
}

/**
 * Checks what arrived against what was declared: size, SHA-256 and the whole header's type. A hash
 * or type mismatch discards the bytes (recebido back to 0): the client must send the file again.
 * Concluding twice answers the same status.
 */
export async function concludeUpload(db: Db, storage: Storage, row: UploadRow): Promise<UploadRow> {
  if (row.concluido) return row;
  if (row.recebido !== row.tamanho) throw badRequest(UPLOAD_MESSAGES.tamanhoDiferente);
  if ((await storage.size(row.storageKey)) !== row.tamanho) {
    await repo.resetUpload(db, storage, row);
    throw badRequest(UPLOAD_MESSAGES.tamanhoDiferente);
  }
  if ((await storage.sha256(row.storageKey)) !== row.sha256) {
    await repo.resetUpload(db, storage, row);
    throw badRequest(UPLOAD_MESSAGES.hashDiferente);
  }
  const tipo = sniffFileType(await storage.read(row.storageKey, 0, SNIFF_BYTES));
  if (!isAllowedFor(row.finalidade, tipo)) {
    await repo.resetUpload(db, storage, row);
    throw typeRefused(row);
  }
  return repo.markConcluded(db, row.arquivoId, tipo);
}
