import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { usuario } from './users.ts';
import { municipio } from './municipalities.ts';

/** The municipality summary (api/municipio-resunmo): a title and sanitised HTML, with its author and last editor. */
export const resumoMunicipio = pgTable(
  'resumo_municipio',
  {
    resumoId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    titulo: text().notNull(),
    /** Sanitised HTML (server/lib/sanitize-html.ts, the reports' rule). */
    texto: text().notNull(),
    autorId: integer()
      .notNull()
      .references(() => usuario.usuarioId),
    criadoEm: createdAt(),
    atualizadoEm: timestamp({ withTimezone: true }),
    atualizadoPorId: integer().references(() => usuario.usuarioId),
  },
  (t) => [index().on(t.tenantId, t.municipioId, t.criadoEm)],
);
