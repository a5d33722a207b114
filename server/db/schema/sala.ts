import { date, doublePrecision, index, integer, pgTable, serial, text, timestamp, uniqueIndex, boolean } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { eixo } from './questions.ts';
import { municipio } from './municipalities.ts';

/**
 * The Sala do Empreendedor's indicator room (issue 29): the indicator registers, the rooms (one per
 * municipality) and the readings of the indicator map. Every table is tenant-scoped; registers other
 * rows point at are refused deletion by their foreign keys (a 409 from the register routes).
 */

/** Níveis: a level reached when a reading is at least `percentualMinimo` % of its target. */
export const salaIndicadorNivel = pgTable(
  'sala_indicador_nivel',
  {
    nivelId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    percentualMinimo: integer().notNull(),
    descricao: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/** Formas de Apuração: how an indicator's value is calculated. */
export const salaIndicadorApuracao = pgTable(
  'sala_indicador_apuracao',
  {
    apuracaoId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/** Fontes: where an indicator's value comes from. */
export const salaIndicadorFonte = pgTable(
  'sala_indicador_fonte',
  {
    fonteId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/** Leituras: how often an indicator is read, in months. */
export const salaIndicadorLeitura = pgTable(
  'sala_indicador_leitura',
  {
    leituraId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    meses: integer().notNull().default(1),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/** Unidades: what an indicator's value counts. */
export const salaIndicadorUnidade = pgTable(
  'sala_indicador_unidade',
  {
    unidadeId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    sigla: text().notNull(),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/**
 * Indicadores. The levels an indicator is graded by are a list of ids (`nivelIds`): a short list read
 * and written whole with the indicator; the register checks each id is the tenant's.
 */
export const salaIndicador = pgTable(
  'sala_indicador',
  {
    indicadorId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    unidadeId: integer()
      .notNull()
      .references(() => salaIndicadorUnidade.unidadeId),
    fonteId: integer()
      .notNull()
      .references(() => salaIndicadorFonte.fonteId),
    apuracaoId: integer()
      .notNull()
      .references(() => salaIndicadorApuracao.apuracaoId),
    leituraId: integer()
      .notNull()
      .references(() => salaIndicadorLeitura.leituraId),
    eixoId: integer()
      .notNull()
      .references(() => eixo.eixoId),
    meta: doublePrecision().notNull(),
    maiorMelhor: boolean().notNull().default(true),
    nivelIds: integer().array().notNull().default([]),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome), index().on(t.tenantId, t.eixoId)],
);

/** A municipality's room (one per municipality in Sala mode). */
export const sala = pgTable(
  'sala',
  {
    salaId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    nome: text().notNull(),
    responsavel: text().notNull().default(''),
    email: text().notNull().default(''),
    telefone: text().notNull().default(''),
    endereco: text().notNull().default(''),
    inauguracao: date(),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.municipioId)],
);

/** A reading of the indicator map: one value per indicator, municipality and month ("YYYY-MM"). */
export const salaIndicadorMunicipio = pgTable(
  'sala_indicador_municipio',
  {
    indicadorMunicipioId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    indicadorId: integer()
      .notNull()
      .references(() => salaIndicador.indicadorId, { onDelete: 'cascade' }),
    periodo: text().notNull(),
    valor: doublePrecision().notNull(),
    meta: doublePrecision().notNull(),
    observacao: text().notNull().default(''),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.municipioId, t.indicadorId, t.periodo), index().on(t.tenantId, t.municipioId)],
);
