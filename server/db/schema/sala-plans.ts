import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PlanStatus } from '../../../src/domain/sala-5w2h.ts';
import type { CostCategory } from '../../../src/domain/sala-cost.ts';
import { createdAt, tenantId } from './common.ts';
import { municipio } from './municipalities.ts';

/**
 * The Sala do Empreendedor's plans, costs and times (issue 29 items 4-6). Every row is keyed by the
 * municipality whose room it belongs to (one room per municipality), so access is the municipality's
 * and nothing here depends on how the room itself is stored. Money is integer cents.
 */

/** A 5W2H action plan. `hashPublico` is the shared read-only link's secret: null while not shared (or revoked). */
export const sala5w2h = pgTable(
  'sala_5w2h',
  {
    sala5w2hId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId),
    oQue: text().notNull(),
    porQue: text().notNull(),
    onde: text().notNull(),
    quando: date().notNull(),
    quem: text().notNull(),
    como: text().notNull(),
    quanto: integer().notNull(),
    status: text().$type<PlanStatus>().notNull().default('nao-iniciado'),
    progresso: integer().notNull().default(0),
    hashPublico: text(),
    criadoEm: createdAt(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.tenantId, t.municipioId), uniqueIndex().on(t.hashPublico)],
);

/** One cost of the room: a category, optionally the service it pays for, the day it was incurred. */
export const salaCusto = pgTable(
  'sala_custo',
  {
    salaCustoId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId),
    categoria: text().$type<CostCategory>().notNull(),
    servico: text(),
    descricao: text().notNull(),
    data: date().notNull(),
    valor: integer().notNull(),
    criadoEm: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.municipioId, t.data)],
);

/** One service delivered by the room and how long it took, entered or imported. */
export const salaTempo = pgTable(
  'sala_tempo',
  {
    salaTempoId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId),
    servico: text().notNull(),
    data: date().notNull(),
    duracaoMinutos: integer().notNull(),
    observacao: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.municipioId, t.data)],
);

/** The public time panel of a room (/sala-tempo): its secret while shared; the row goes when revoked. */
export const salaTempoPainel = pgTable(
  'sala_tempo_painel',
  {
    municipioId: integer()
      .primaryKey()
      .references(() => municipio.municipioId),
    tenantId: tenantId(),
    hash: text().notNull(),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.hash)],
);
