import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { UPLOAD_CHUNK_BYTES, type SniffedType, type UploadStart, type UploadStatus } from '../../../src/domain/uploads.ts';
import type { Db } from '../../db/client.ts';
import { upload } from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Storage } from '../../lib/storage.ts';

export type UploadRow = typeof upload.$inferSelect;

/** Unfinished uploads idle this long are deleted with their bytes. */
export const STALE_UPLOAD_DAYS = 7;
/**
 * Folder of the chunks being received. Each file is named after the instance writing it, so that
 * instance, started again after a crash, removes its own leftovers at once (removeOwnIncoming);
 * those of other instances sharing the folder are purged after a day.
 */
export const INCOMING_FOLDER = 'uploads-tmp';

const incomingPrefix = (instanceId: string) => `${INCOMING_FOLDER}/${instanceId.replace(/[^A-Za-z0-9_-]/g, '_')}--`;

/** A fresh key in INCOMING_FOLDER for a body being received by this instance. */
export function incomingKey(instanceId: string): string {
  return `${incomingPrefix(instanceId)}${randomUUID()}`;
}

/** At boot, before any request: every incoming file of this instance is a leftover of a process that died. */
export async function removeOwnIncoming(storage: Storage, instanceId: string): Promise<number> {
  const prefix = incomingPrefix(instanceId);
  const own = (await storage.listOlderThan(INCOMING_FOLDER, new Date(Date.now() + 60_000))).filter((key) => key.startsWith(prefix));
  for (const key of own) await storage.remove(key);
  return own.length;
}
/** How long a write lease lasts: far longer than appending one chunk of at most MAX_CHUNK_BYTES from local disk. */
const WRITE_LEASE = sql`interval '30 seconds'`;

export function toStatus(row: UploadRow): UploadStatus {
  return {
    uploadId: row.uploadId,
    nome: row.nome,
    tamanho: row.tamanho,
    sha256: row.sha256,
    finalidade: row.finalidade,
    recebido: row.recebido,
    concluido: row.concluido,
    tipo: row.tipo,
    chunkBytes: UPLOAD_CHUNK_BYTES,
  };
}

/** Only the user who started an upload sees it: anyone else's is null, as a missing one. */
export async function findOwnUpload(db: Db, tenantId: string, usuarioId: number, uploadId: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(upload)
    .where(scoped(upload, tenantId, eq(upload.usuarioId, usuarioId), eq(upload.uploadId, uploadId)));
  return row ?? null;
}

/** The user's own uploads among `uploadIds` (anyone else's left out, as missing ones). */
export async function findOwnUploads(db: Db, tenantId: string, usuarioId: number, uploadIds: string[]): Promise<UploadRow[]> {
  return db
    .select()
    .from(upload)
    .where(scoped(upload, tenantId, eq(upload.usuarioId, usuarioId), inArray(upload.uploadId, uploadIds)));
}

/**
 * Opens an upload, or finds the one this user opened with the same chave (the client resuming).
 * Null when that chave already names another file (other size, hash or purpose).
 */
export async function startUpload(
  db: Db,
  tenantId: string,
  usuarioId: number,
  input: UploadStart,
): Promise<{ row: UploadRow; created: boolean } | null> {
  const uploadId = randomUUID();
  const [created] = await db
    .insert(upload)
    .values(
      withTenant(tenantId, {
        uploadId,
        usuarioId,
        chave: input.chave,
        nome: input.nome,
        tamanho: input.tamanho,
        sha256: input.sha256,
        finalidade: input.finalidade,
        storageKey: `uploads/${uploadId}`,
      }),
    )
    .onConflictDoNothing()
    .returning();
  if (created) return { row: created, created: true };
  const [existing] = await db
    .select()
    .from(upload)
    .where(scoped(upload, tenantId, eq(upload.usuarioId, usuarioId), eq(upload.chave, input.chave)));
  if (!existing) throw new Error(`upload ${input.chave} conflicted but is not there`);
  if (existing.tamanho !== input.tamanho || existing.sha256 !== input.sha256 || existing.finalidade !== input.finalidade) return null;
  return { row: existing, created: false };
}

/**
 * Takes the right to append at `offset`: only while `recebido` is still `offset`, the upload is not
 * concluded and nobody else holds an unexpired lease. One writer per file, across instances.
 */
export async function acquireWriteLease(db: Db, arquivoId: number, offset: number): Promise<boolean> {
  const rows = await db
    .update(upload)
    .set({ writingUntil: sql`now() + ${WRITE_LEASE}` })
    .where(
      and(
        eq(upload.arquivoId, arquivoId),
        eq(upload.recebido, offset),
        eq(upload.concluido, false),
        or(isNull(upload.writingUntil), lt(upload.writingUntil, sql`now()`)),
      ),
    )
    .returning({ arquivoId: upload.arquivoId });
  return rows.length === 1;
}

export async function finishWrite(db: Db, arquivoId: number, recebido: number, tipo: SniffedType | null): Promise<UploadRow> {
  const [row] = await db
    .update(upload)
    .set({ recebido, tipo, writingUntil: null, atualizadoEm: sql`now()` })
    .where(eq(upload.arquivoId, arquivoId))
    .returning();
  return row!;
}

export async function releaseWriteLease(db: Db, arquivoId: number): Promise<void> {
  await db.update(upload).set({ writingUntil: null }).where(eq(upload.arquivoId, arquivoId));
}

/** Back to zero bytes (the row first: a file longer than `recebido` is cut before the next append anyway). */
export async function resetUpload(db: Db, storage: Storage, row: UploadRow): Promise<UploadRow> {
  const [reset] = await db
    .update(upload)
    .set({ recebido: 0, tipo: null, writingUntil: null, atualizadoEm: sql`now()` })
    .where(and(eq(upload.arquivoId, row.arquivoId), eq(upload.concluido, false)))
    .returning();
  await storage.remove(row.storageKey);
  return reset ?? row;
}

export async function markConcluded(db: Db, arquivoId: number, tipo: SniffedType): Promise<UploadRow> {
  const [row] = await db
    .update(upload)
    .set({ concluido: true, tipo, atualizadoEm: sql`now()` })
    .where(eq(upload.arquivoId, arquivoId))
    .returning();
  return row!;
}

/**
 * Marks concluded, unclaimed uploads as claimed; answers the ids it marked (fewer than asked when
 * another record took one first).
 */
export async function markClaimed(db: Db, tenantId: string, uploadIds: string[]): Promise<number[]> {
  const claimed = await db
    .update(upload)
    .set({ claimedAt: sql`now()` })
    .where(scoped(upload, tenantId, inArray(upload.uploadId, uploadIds), eq(upload.concluido, true), isNull(upload.claimedAt)))
    .returning({ arquivoId: upload.arquivoId });
  return claimed.map((c) => c.arquivoId);
}

/** Undoes a partial claim (markClaimed). */
export async function unmarkClaimed(db: Db, arquivoIds: number[]): Promise<void> {
  await db.update(upload).set({ claimedAt: null }).where(inArray(upload.arquivoId, arquivoIds));
}

/**
 * Deletes unfinished uploads idle for STALE_UPLOAD_DAYS with their bytes, and chunk files left by a
 * process that died while receiving. Concluded uploads are kept (the record that claims them may
 * still be in a device's queue); claimed ones always are.
 */
export async function purgeStaleUploads(db: Db, storage: Storage): Promise<number> {
  const gone = await db
    .delete(upload)
    .where(
      and(
        eq(upload.concluido, false),
        isNull(upload.claimedAt),
        lt(upload.atualizadoEm, sql`now() - make_interval(days => ${STALE_UPLOAD_DAYS})`),
      ),
    )
    .returning({ storageKey: upload.storageKey });
  for (const { storageKey } of gone) await storage.remove(storageKey);
  for (const key of await storage.listOlderThan(INCOMING_FOLDER, new Date(Date.now() - 24 * 3600 * 1000))) await storage.remove(key);
  return gone.length;
}

/** Uploads a multipart form stored that no record claimed (a refused or replayed request): rows and bytes. */
export async function discardUnclaimed(db: Db, storage: Storage, tenantId: string, uploadIds: string[]): Promise<void> {
  if (uploadIds.length === 0) return;
  const gone = await db
    .delete(upload)
    .where(scoped(upload, tenantId, inArray(upload.uploadId, uploadIds), isNull(upload.claimedAt)))
    .returning({ storageKey: upload.storageKey });
  for (const { storageKey } of gone) await storage.remove(storageKey);
}
