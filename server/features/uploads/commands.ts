import type { Readable } from 'node:stream';
import { errorCodes } from 'fastify';
import {
  isAllowedFor,
  MAX_CHUNK_BYTES,
  SNIFF_BYTES,
  SNIFFED_MIME,
  sniffFileType,
  sniffVerdict,
  UPLOAD_MESSAGES,
  UPLOAD_PURPOSES,
  type ReceivedFile,
  type SniffedType,
  type UploadPurpose,
  type UploadStart,
} from '../../../src/domain/uploads.ts';
import type { Db } from '../../db/client.ts';
import { insertAttachments, type Attachments } from '../../lib/attachments.ts';
import type { Tx } from '../../lib/command.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { SizeLimitError, type Storage } from '../../lib/storage.ts';
import * as repo from './repository.ts';
import type { UploadRow } from './repository.ts';

/*
 * The upload protocol's steps. None runs in withCommand: each is idempotent by itself (the chave,
 * the offset, the concluded state) and the bytes live in storage, not in the transaction, so
 * concurrent appends are ordered by the row's write lease (repository.acquireWriteLease) instead.
 */

/** The user's own upload, or the same 404 as a missing one (another user's upload is not leaked). */
export async function ownUpload(db: Db, tenantId: string, usuarioId: number, uploadId: string): Promise<UploadRow> {
  const row = await repo.findOwnUpload(db, tenantId, usuarioId, uploadId);
  if (!row) throw notFound(UPLOAD_MESSAGES.uploadNaoEncontrado);
  return row;
}

/** Opens an upload or resumes the one of the same chave; a chave reused for another file is 409. */
export async function start(
  db: Db,
  tenantId: string,
  usuarioId: number,
  input: UploadStart,
): Promise<{ row: UploadRow; created: boolean }> {
  const started = await repo.startUpload(db, tenantId, usuarioId, input);
  if (!started) throw conflict(UPLOAD_MESSAGES.chaveReutilizada);
  return started;
}

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
      const now = await ownUpload(db, row.tenantId, row.usuarioId, row.uploadId);
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

export type ClaimedFile = ReceivedFile & { storageKey: string; tipo: SniffedType; mime: string };

/**
 * Hands concluded uploads to the record that uses them (report, evidence): each upload belongs to
 * one record only. Refuses uploads of someone else or unknown (404), unfinished (400), of a type
 * the record does not take (400) or already used (409). Call it inside the record's transaction;
 * outside one, a lost race undoes its own partial claim before answering 409.
 */
export async function claimUploads(
  db: Db,
  storage: Storage,
  opts: { tenantId: string; usuarioId: number; uploadIds: string[]; finalidade: UploadPurpose },
): Promise<ClaimedFile[]> {
  const { tenantId, usuarioId, uploadIds, finalidade } = opts;
  if (uploadIds.length === 0) return [];
  if (new Set(uploadIds).size !== uploadIds.length) throw conflict(UPLOAD_MESSAGES.uploadJaUsado);
  const byId = new Map((await repo.findOwnUploads(db, tenantId, usuarioId, uploadIds)).map((r) => [r.uploadId, r]));
  const ordered = uploadIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw notFound(UPLOAD_MESSAGES.uploadNaoEncontrado);
    return row;
  });
  for (const row of ordered) {
    if (!row.concluido) throw badRequest(UPLOAD_MESSAGES.uploadIncompleto);
    if (row.claimedAt) throw conflict(UPLOAD_MESSAGES.uploadJaUsado);
    if (!isAllowedFor(finalidade, row.tipo)) throw badRequest(UPLOAD_MESSAGES.tipoNaoPermitido(UPLOAD_PURPOSES[finalidade].label));
    // Concluded means verified on disk; a file gone since then is a server fault, not the client's.
    if ((await storage.size(row.storageKey)) !== row.tamanho) throw new Error(`stored file of upload ${row.uploadId} is missing or cut`);
  }
  const claimed = await repo.markClaimed(db, tenantId, uploadIds);
  if (claimed.length !== uploadIds.length) {
    await repo.unmarkClaimed(db, claimed);
    throw conflict(UPLOAD_MESSAGES.uploadJaUsado);
  }
  return ordered.map((row) => ({
    arquivoId: row.arquivoId,
    uploadId: row.uploadId,
    nome: row.nome,
    tamanho: row.tamanho,
    sha256: row.sha256,
    storageKey: row.storageKey,
    tipo: row.tipo!,
    mime: SNIFFED_MIME[row.tipo!],
  }));
}

/**
 * A record's annexes (finalidade 'anexo'): claims the user's uploads and attaches them to the
 * record `ownerId` of `files`, inside the record's transaction (payments and proposals).
 */
export async function attachUploads(
  tx: Tx,
  storage: Storage,
  opts: { tenantId: string; usuarioId: number; uploadIds: string[] | undefined },
  files: Attachments,
  ownerId: number,
): Promise<void> {
  const { tenantId, usuarioId, uploadIds = [] } = opts;
  const claimed = await claimUploads(tx, storage, { tenantId, usuarioId, uploadIds, finalidade: 'anexo' });
  await insertAttachments(tx, tenantId, files, ownerId, claimed);
}
