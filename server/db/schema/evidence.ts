import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { SniffedType } from '../../../src/domain/uploads.ts';
import { createdAt, tenantId } from './common.ts';
import { usuario } from './users.ts';
import { perguntaMunicipio } from './questions.ts';
import { upload } from './uploads.ts';

/**
 * Evidence file of a question of a municipality (spec §3 "Evidence file"). The model and its
 * states are decided in src/domain/evidence.ts. Its bytes are a claimed upload (arquivoId, unique:
 * a file belongs to one evidence only), stored like report attachments. `tokenPublico` is the
 * unguessable id of the public download (32 random bytes, base64url): sequential ids never open a file.
 */
export const perguntaEvidencia = pgTable(
  'pergunta_evidencia',
  {
    perguntaEvidenciaId: serial().primaryKey(),
    tenantId: tenantId(),
    perguntaMunicipioId: integer()
      .notNull()
      .references(() => perguntaMunicipio.perguntaMunicipioId, { onDelete: 'cascade' }),
    arquivoId: integer()
      .notNull()
      .unique()
      .references(() => upload.arquivoId),
    uploadId: text().notNull(),
    nomeArquivo: text().notNull(),
    tamanho: integer().notNull(),
    sha256: text().notNull(),
    tipo: text().$type<SniffedType>().notNull(),
    /** Key of the bytes in app.storage. */
    storageKey: text().notNull(),
    aprovada: boolean().notNull().default(false),
    rejeitada: boolean().notNull().default(false),
    /** The analysis that decided it was finalized: its decision no longer changes. */
    enviada: boolean().notNull().default(false),
    justificativa: text(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId),
    eixoId: integer().notNull(),
    prazoReenvio: date(),
    dadosComplementares: boolean().notNull().default(false),
    tokenPublico: text().notNull().unique(),
    criadoEm: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.perguntaMunicipioId)],
);

/** Evidence history (spec §3): every send, evaluation, finalization, revert, discard and deletion. */
export const evidenciaHistorico = pgTable(
  'evidencia_historico',
  {
    historicoId: serial().primaryKey(),
    tenantId: tenantId(),
    perguntaMunicipioId: integer()
      .notNull()
      .references(() => perguntaMunicipio.perguntaMunicipioId, { onDelete: 'cascade' }),
    /** Not a foreign key: the history outlives a deleted file (nomeArquivo keeps its name). */
    perguntaEvidenciaId: integer(),
    nomeArquivo: text(),
    acao: text()
      .$type<'enviada' | 'aprovada' | 'rejeitada' | 'finalizada' | 'revertida' | 'descartada' | 'excluida' | 'carregada'>()
      .notNull(),
    analisada: boolean().notNull().default(false),
    aprovada: boolean().notNull().default(false),
    rejeitada: boolean().notNull().default(false),
    justificativa: text(),
    avaliadoPorId: integer().references(() => usuario.usuarioId),
    evidenciadoPorId: integer().references(() => usuario.usuarioId),
    em: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.tenantId, t.perguntaMunicipioId, t.em)],
);

/** Score range of a question (spec §3 "Score range"): the analyst picks one when finalizing. */
export const perguntaFaixaResposta = pgTable(
  'pergunta_faixa_resposta',
  {
    perguntaFaixaRespostaId: serial().primaryKey(),
    tenantId: tenantId(),
    perguntaId: integer().notNull(),
    faixaNome: text().notNull(),
    faixaPontos: numeric({ precision: 10, scale: 2, mode: 'number' }).notNull(),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.perguntaId, t.faixaNome)],
);
