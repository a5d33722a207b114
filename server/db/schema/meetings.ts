import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { membro, municipio, municipioGrupo } from './territory.ts';
import { municipioTarefa } from './solutions.ts';

/** Meeting (encontro) of a municipality's group; a field report is written from it. */
export const encontro = pgTable(
  'encontro',
  {
    encontroId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    grupoId: integer()
      .notNull()
      .references(() => municipioGrupo.grupoId),
    titulo: text(),
    inicio: timestamp({ withTimezone: true }).notNull(),
    fim: timestamp({ withTimezone: true }).notNull(),
    // 'encontro' (group meeting) or 'evento' (calendar event); later issues may add kinds.
    encontroType: text().notNull().default('encontro'),
    local: text(),
    criadoPorId: integer(),
    criadoEm: createdAt(),
  },
  (t) => [index().on(t.municipioId, t.inicio)],
);

export const encontroTarefa = pgTable(
  'encontro_tarefa',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    encontroId: integer()
      .notNull()
      .references(() => encontro.encontroId, { onDelete: 'cascade' }),
    municipioTarefaId: integer()
      .notNull()
      .references(() => municipioTarefa.municipioTarefaId),
  },
  (t) => [uniqueIndex().on(t.encontroId, t.municipioTarefaId)],
);

export const encontroConvidado = pgTable(
  'encontro_convidado',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    encontroId: integer()
      .notNull()
      .references(() => encontro.encontroId, { onDelete: 'cascade' }),
    membroId: integer()
      .notNull()
      .references(() => membro.membroId, { onDelete: 'cascade' }),
    confirmado: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex().on(t.encontroId, t.membroId)],
);
