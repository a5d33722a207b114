import { asc, eq, inArray } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReportFile } from '../../src/domain/report-common.ts';
import { SNIFFED_MIME, type SniffedType } from '../../src/domain/uploads.ts';
import type { Db } from '../db/client.ts';
import {
  clienteOcultoArquivo,
  processoPagamentoArquivo,
  propostaArquivo,
  relatorioAdministrativoArquivo,
  relatorioArquivo,
  upload,
} from '../db/schema/index.ts';
import { scoped, withTenant } from '../db/tenant-scope.ts';
import { withCommand } from './command.ts';
import { notFound } from './errors.ts';
import type { Storage } from './storage.ts';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Files attached to a record: a table made of the shared file columns (server/db/schema/uploads.ts)
 * and the column naming the record each file belongs to. Field and administrative reports store,
 * find, detach and serve their attachments the same way, through this module.
 */
export type Attachments =
  | { table: typeof relatorioArquivo; owner: 'relatorioId' }
  | { table: typeof relatorioAdministrativoArquivo; owner: 'relatorioAdministrativoId' }
  | { table: typeof processoPagamentoArquivo; owner: 'processoPagamentoId' }
  | { table: typeof propostaArquivo; owner: 'propostaId' }
  | { table: typeof clienteOcultoArquivo; owner: 'rodadaId' };

export const REPORT_ATTACHMENTS: Attachments = { table: relatorioArquivo, owner: 'relatorioId' };
export const ADMIN_REPORT_ATTACHMENTS: Attachments = { table: relatorioAdministrativoArquivo, owner: 'relatorioAdministrativoId' };
export const PAYMENT_ATTACHMENTS: Attachments = { table: processoPagamentoArquivo, owner: 'processoPagamentoId' };
export const PROPOSAL_ATTACHMENTS: Attachments = { table: propostaArquivo, owner: 'propostaId' };
export const MYSTERY_SHOPPER_ATTACHMENTS: Attachments = { table: clienteOcultoArquivo, owner: 'rodadaId' };

function ownerColumn(files: Attachments) {
  switch (files.owner) {
    case 'relatorioId':
      return files.table.relatorioId;
    case 'relatorioAdministrativoId':
      return files.table.relatorioAdministrativoId;
    case 'processoPagamentoId':
      return files.table.processoPagamentoId;
    case 'propostaId':
      return files.table.propostaId;
    case 'rodadaId':
      return files.table.rodadaId;
  }
}

/** An attachment as stored: what the record shows, where its bytes are, and the record it belongs to. */
export type StoredAttachment = ReportFile & { tipo: SniffedType; storageKey: string; ownerId: number };

type AttachmentColumns = Omit<typeof relatorioArquivo.$inferInsert, 'tenantId' | 'relatorioId' | 'criadoEm'>;

/** The columns an attachment row copies from its claimed upload; whoever inserts the row adds the record's id. */
export function attachmentColumns(file: AttachmentColumns): AttachmentColumns {
  return {
    arquivoId: file.arquivoId,
    uploadId: file.uploadId,
    nome: file.nome,
    tamanho: file.tamanho,
    sha256: file.sha256,
    tipo: file.tipo,
    storageKey: file.storageKey,
  };
}

/** Attaches claimed uploads to the record, inside the transaction that claimed them. */
export async function insertAttachments(tx: Tx, tenantId: string, files: Attachments, ownerId: number, claimed: AttachmentColumns[]) {
  if (claimed.length === 0) return;
  const rows = claimed.map((f) => withTenant(tenantId, attachmentColumns(f)));
  if (files.owner === 'relatorioId') await tx.insert(files.table).values(rows.map((row) => ({ ...row, relatorioId: ownerId })));
  else if (files.owner === 'relatorioAdministrativoId')
    await tx.insert(files.table).values(rows.map((row) => ({ ...row, relatorioAdministrativoId: ownerId })));
  else if (files.owner === 'processoPagamentoId')
    await tx.insert(files.table).values(rows.map((row) => ({ ...row, processoPagamentoId: ownerId })));
  else if (files.owner === 'propostaId') await tx.insert(files.table).values(rows.map((row) => ({ ...row, propostaId: ownerId })));
  else await tx.insert(files.table).values(rows.map((row) => ({ ...row, rodadaId: ownerId })));
}

function fileFields({ table }: Attachments) {
  return {
    arquivoId: table.arquivoId,
    uploadId: table.uploadId,
    nome: table.nome,
    tamanho: table.tamanho,
    sha256: table.sha256,
    tipo: table.tipo,
  };
}

/** The record's attachments in the order they were uploaded. */
export async function listAttachments(db: Db, tenantId: string, files: Attachments, ownerId: number): Promise<ReportFile[]> {
  return db
    .select(fileFields(files))
    .from(files.table)
    .where(scoped(files.table, tenantId, eq(ownerColumn(files), ownerId)))
    .orderBy(asc(files.table.arquivoId));
}

export async function findAttachment(db: Db, tenantId: string, files: Attachments, arquivoId: number): Promise<StoredAttachment | null> {
  const [row] = await db
    .select({ ...fileFields(files), storageKey: files.table.storageKey, ownerId: ownerColumn(files) })
    .from(files.table)
    .where(scoped(files.table, tenantId, eq(files.table.arquivoId, arquivoId)));
  return row ?? null;
}

/**
 * Deletes attachment rows of one record (ids of other records are left alone) and the upload rows
 * they were claimed from, inside the caller's transaction. Resolves with the storage keys of the
 * bytes, to remove with removeStoredFiles once the transaction has committed.
 */
export async function deleteAttachments(
  tx: Tx,
  tenantId: string,
  files: Attachments,
  ownerId: number,
  arquivoIds: number[] | 'all',
): Promise<string[]> {
  if (arquivoIds !== 'all' && arquivoIds.length === 0) return [];
  const gone = await tx
    .delete(files.table)
    .where(
      scoped(
        files.table,
        tenantId,
        eq(ownerColumn(files), ownerId),
        arquivoIds === 'all' ? undefined : inArray(files.table.arquivoId, arquivoIds),
      ),
    )
    .returning({ arquivoId: files.table.arquivoId, storageKey: files.table.storageKey });
  if (gone.length > 0) {
    const ids = gone.map((g) => g.arquivoId);
    await tx.delete(upload).where(scoped(upload, tenantId, inArray(upload.arquivoId, ids)));
  }
  return gone.map((g) => g.storageKey);
}

/** Bytes go only after their rows are gone for good: a rolled-back change must not leave a record pointing at nothing. */
export async function removeStoredFiles(storage: Storage, keys: string[]): Promise<void> {
  for (const key of keys) await storage.remove(key);
}

/**
 * The attachment and the record it belongs to, when the caller may see that record. An attachment
 * of a record the caller may not see answers exactly like a missing one (404 with `missing`), so
 * file ids cannot be probed.
 */
export async function requireVisibleAttachment<R>(
  file: StoredAttachment | null,
  recordOf: (ownerId: number) => Promise<R | null>,
  canSee: (record: R) => boolean,
  missing: string,
): Promise<{ file: StoredAttachment; record: R }> {
  const record = file && (await recordOf(file.ownerId));
  if (!file || !record || !canSee(record)) throw notFound(missing);
  return { file, record };
}

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name, so "relatório.pdf" downloads with its accent. */
export function contentDisposition(nome: string): string {
  const ascii = nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(nome)}`;
}

/** Sends the attachment's bytes as a download; the caller has already checked that the user may see it. */
export function sendAttachment(reply: FastifyReply, storage: Storage, file: StoredAttachment) {
  return reply
    .header('content-type', SNIFFED_MIME[file.tipo])
    .header('content-length', String(file.tamanho))
    .header('content-disposition', contentDisposition(file.nome))
    .header('cache-control', 'private, no-store')
    .send(storage.readStream(file.storageKey));
}

/**
 * Runs a command that detaches files (withCommand) and removes their bytes once it has committed:
 * the command pushes the storage keys it detached into `removed`.
 */
export async function withFileRemoval<T>(
  request: FastifyRequest,
  storage: Storage,
  run: (tx: Tx, removed: string[]) => Promise<T>,
): Promise<T> {
  const removed: string[] = [];
  const answer = await withCommand(request, (tx) => run(tx, removed));
  await removeStoredFiles(storage, removed);
  return answer;
}
