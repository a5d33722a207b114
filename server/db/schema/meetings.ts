import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { membro, municipio, municipioGrupo } from './municipalities.ts';
import { municipioSolucao, municipioTarefa } from './solutions.ts';

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

/** Solutions of the event: what the meeting works on, even when no task is picked (podeCriarEventoSemTarefaCalendario). */
export const encontroSolucao = pgTable(
  'encontro_solucao',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    encontroId: integer()
      .notNull()
      .references(() => encontro.encontroId, { onDelete: 'cascade' }),
    municipioSolucaoId: integer()
      .notNull()
      .references(() => municipioSolucao.municipioSolucaoId),
  },
  (t) => [uniqueIndex().on(t.encontroId, t.municipioSolucaoId)],
);

/**
 * Programme calendar event (api/calendario/evento, the admin's /eventos page): a dated entry of the
 * tenant's calendar that belongs to no municipality (trainings, fairs, programme milestones).
 */
export const calendarioEvento = pgTable(
  'calendario_evento',
  {
    eventoId: serial().primaryKey(),
    tenantId: tenantId(),
    titulo: text().notNull(),
    descricao: text().notNull().default(''),
    local: text(),
    inicio: timestamp({ withTimezone: true }).notNull(),
    fim: timestamp({ withTimezone: true }).notNull(),
    diaInteiro: boolean().notNull().default(false),
    criadoPorId: integer(),
    criadoEm: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.inicio)],
);
