import { boolean, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { encontro } from './meetings.ts';
import { usuario } from './users.ts';
import { municipioTarefa } from './solutions.ts';
import { membro, municipio } from './municipalities.ts';
import { fileColumns } from './uploads.ts';

/**
 * Field report (spec §3 Report) written from one meeting. A meeting has at most one report: the
 * unique index on encontro_id is what makes "Este encontro já tem relatório." hold under concurrent
 * creates. Deleting the meeting keeps the report (encontro_id becomes null).
 * Status ids and their meaning: src/domain/report-common.ts REPORT_STATUS.
 */
export const relatorio = pgTable(
  'relatorio',
  {
    relatorioId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    encontroId: integer().references(() => encontro.encontroId, { onDelete: 'set null' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId),
    titulo: text().notNull(),
    /** Sanitised HTML (sanitize-html on the server). */
    descricao: text().notNull(),
    statusRelatorioId: integer().notNull().default(2),
    motivoRejeicao: text(),
    complemento: text(),
    observacoes: text(),
    pjAtendidas: integer(),
    pfAtendidas: integer(),
    tipoExecucaoRelatorioId: integer(),
    horasUtilizadasString: text(),
    inicioString: text(),
    fimString: text(),
    /** Random, unguessable code of the public page: ids are sequential and must not open reports. */
    codigoPublico: text().notNull().unique(),
    analisadoPorId: integer(),
    analisadoEm: timestamp({ withTimezone: true }),
    criadoEm: createdAt(),
    atualizadoEm: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.encontroId),
    index().on(t.tenantId, t.municipioId, t.criadoEm),
    index().on(t.tenantId, t.usuarioId, t.criadoEm),
  ],
);

export const relatorioConvidado = pgTable(
  'relatorio_convidado',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    relatorioId: integer()
      .notNull()
      .references(() => relatorio.relatorioId, { onDelete: 'cascade' }),
    membroId: integer()
      .notNull()
      .references(() => membro.membroId, { onDelete: 'cascade' }),
    presente: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex().on(t.relatorioId, t.membroId)],
);

export const relatorioTarefa = pgTable(
  'relatorio_tarefa',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    relatorioId: integer()
      .notNull()
      .references(() => relatorio.relatorioId, { onDelete: 'cascade' }),
    municipioTarefaId: integer()
      .notNull()
      .references(() => municipioTarefa.municipioTarefaId, { onDelete: 'cascade' }),
    cumprida: boolean().notNull().default(false),
    /**
     * This line's share of its report's hours: horas_utilizadas_string (when it is a whole number)
     * split evenly among the report's tasks, so the totals of several tasks never count one report
     * twice. Kept by database triggers (migration progress-summary) whenever the report's hours or its task lines
     * change; never written by the application.
     */
    horasRateadas: numeric({ mode: 'number' }).notNull().default(0),
  },
  // By task: the progress reads only the report lines of the tasks it shows.
  (t) => [uniqueIndex().on(t.relatorioId, t.municipioTarefaId), index().on(t.municipioTarefaId)],
);

export const relatorioArquivo = pgTable(
  'relatorio_arquivo',
  {
    ...fileColumns(),
    relatorioId: integer()
      .notNull()
      .references(() => relatorio.relatorioId, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.relatorioId)],
);
