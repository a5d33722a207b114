import { date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { relatorio } from './field-reports.ts';
import { municipio } from './municipalities.ts';
import { unidadeRegional } from './registers.ts';
import { municipioSolucao } from './solutions.ts';
import { usuario } from './users.ts';

/**
 * Territories and the territorial agents' visits (issue 31). A territory groups municipalities of
 * one UF under a regional unit; its agents are users. A visit belongs to a municipality and an agent,
 * optionally to a territory and to a municipality solution monitored by visits (monitoramento 2), and
 * may point at the field report that proves it. The visit table is flat on purpose: the dashboard
 * report get-situacao-visitas reads municipality, agent, planned and done dates, status and hours
 * straight from it.
 */

export const territorio = pgTable(
  'territorio',
  {
    territorioId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    uf: text().notNull(),
    unidadeRegionalId: integer().references(() => unidadeRegional.unidadeRegionalId),
    descricao: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

export const territorioMunicipio = pgTable(
  'territorio_municipio',
  {
    tenantId: tenantId(),
    territorioId: integer()
      .notNull()
      .references(() => territorio.territorioId, { onDelete: 'cascade' }),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.territorioId, t.municipioId] }), index().on(t.municipioId)],
);

export const territorioAgente = pgTable(
  'territorio_agente',
  {
    tenantId: tenantId(),
    territorioId: integer()
      .notNull()
      .references(() => territorio.territorioId, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.territorioId, t.usuarioId] }), index().on(t.usuarioId)],
);

/** status: planejada, realizada or cancelada (src/domain/territories.ts holds the transitions). */
export const visita = pgTable(
  'visita',
  {
    visitaId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId),
    territorioId: integer().references(() => territorio.territorioId, { onDelete: 'set null' }),
    municipioSolucaoId: integer().references(() => municipioSolucao.municipioSolucaoId, { onDelete: 'set null' }),
    relatorioId: integer().references(() => relatorio.relatorioId, { onDelete: 'set null' }),
    status: text().$type<'planejada' | 'realizada' | 'cancelada'>().notNull().default('planejada'),
    dataPrevista: date().notNull(),
    dataRealizada: date(),
    horas: numeric({ precision: 6, scale: 2, mode: 'number' }).notNull().default(0),
    observacao: text().notNull().default(''),
    criadoEm: createdAt(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.tenantId, t.municipioId, t.dataPrevista),
    index().on(t.tenantId, t.usuarioId, t.dataPrevista),
    index().on(t.tenantId, t.status),
  ],
);
