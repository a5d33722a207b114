import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SniffedType, UploadPurpose } from '../../../src/domain/uploads.ts';
import { createdAt, tenantId } from './common.ts';

/**
 * One remembered answer per (tenant, user, Idempotency-Key): server/plugins/idempotency.ts.
 * usuarioId is 0 on public routes and deliberately not a foreign key (users are not deleted
 * with their keys, and 0 is no user).
 */
export const idempotencyKey = pgTable(
  'idempotency_key',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    usuarioId: integer().notNull(),
    key: text().notNull(),
    /** method, URL and SHA-256 of the raw body: the same key with another fingerprint is a 409. */
    fingerprint: text().notNull(),
    state: text().$type<'in_progress' | 'done'>().notNull(),
    /** Random token of the request that holds the row; only that request may store the answer. */
    owner: text().notNull(),
    statusCode: integer(),
    contentType: text(),
    body: text(),
    createdAt: createdAt(),
    /** When the current owner took the row; an in_progress row claimed long ago is abandoned. */
    claimedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.usuarioId, t.key), index().on(t.createdAt)],
);

/**
 * A resumable upload (server/features/uploads). The bytes live in app.storage under storageKey;
 * `recebido` is how many of them are confirmed. Once claimed by a record (claimedAt set) the row
 * is that record's file and is never purged; arquivoId is the id record endpoints answer with.
 */
export const upload = pgTable(
  'upload',
  {
    arquivoId: serial().primaryKey(),
    uploadId: text().notNull().unique(),
    tenantId: tenantId(),
    usuarioId: integer().notNull(),
    chave: text().notNull(),
    nome: text().notNull(),
    tamanho: integer().notNull(),
    sha256: text().notNull(),
    finalidade: text().$type<UploadPurpose>().notNull(),
    tipo: text().$type<SniffedType>(),
    recebido: integer().notNull().default(0),
    concluido: boolean().notNull().default(false),
    storageKey: text().notNull(),
    /** Write lease: a chunk is being appended until then (expires by itself if the process dies). */
    writingUntil: timestamp({ withTimezone: true }),
    claimedAt: timestamp({ withTimezone: true }),
    criadoEm: createdAt(),
    atualizadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.usuarioId, t.chave), index().on(t.concluido, t.atualizadoEm)],
);

/** The claimed upload's identity is the file's: arquivoId is upload.arquivoId, so a file belongs to one record only. */
export const fileColumns = () => ({
  arquivoId: integer()
    .primaryKey()
    .references(() => upload.arquivoId),
  tenantId: tenantId(),
  uploadId: text().notNull(),
  nome: text().notNull(),
  tamanho: integer().notNull(),
  sha256: text().notNull(),
  tipo: text().$type<SniffedType>().notNull(),
  /** Key of the bytes in app.storage. */
  storageKey: text().notNull(),
  criadoEm: createdAt(),
});
