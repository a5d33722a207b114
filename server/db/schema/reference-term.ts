import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { usuario } from './users.ts';
import { municipio } from './municipalities.ts';

/**
 * The reference term of a municipality (issue 30): one term per municipality, its phases in order
 * and each phase's activities in order. An import replaces the phases and activities in one
 * transaction (src/domain/reference-term.ts). Interrupting keeps the row, with its reason and when.
 */
export const termoReferencia = pgTable(
  'termo_referencia',
  {
    termoReferenciaId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    /** The name of the sheet last imported; null while the term was only typed in. */
    arquivoNome: text(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    atualizadoPorId: integer().references(() => usuario.usuarioId),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.municipioId)],
);

export const termoReferenciaFase = pgTable(
  'termo_referencia_fase',
  {
    faseId: serial().primaryKey(),
    tenantId: tenantId(),
    termoReferenciaId: integer()
      .notNull()
      .references(() => termoReferencia.termoReferenciaId, { onDelete: 'cascade' }),
    ordem: integer().notNull(),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    interrompida: boolean().notNull().default(false),
    motivoInterrupcao: text(),
    interrompidaEm: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.termoReferenciaId, t.ordem)],
);

export const termoReferenciaAtividade = pgTable(
  'termo_referencia_atividade',
  {
    atividadeId: serial().primaryKey(),
    tenantId: tenantId(),
    faseId: integer()
      .notNull()
      .references(() => termoReferenciaFase.faseId, { onDelete: 'cascade' }),
    ordem: integer().notNull(),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    inicio: date(),
    fim: date(),
    horas: numeric({ mode: 'number' }),
    responsavel: text().notNull().default(''),
    interrompida: boolean().notNull().default(false),
    motivoInterrupcao: text(),
    interrompidaEm: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.faseId, t.ordem)],
);
