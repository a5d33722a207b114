import { index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { municipio } from './municipalities.ts';
import { fileColumns } from './uploads.ts';
import { usuario } from './users.ts';

/** Administrative report (spec §3): work outside meetings, counted in hours. Same status ids as field reports. */
export const relatorioAdministrativo = pgTable(
  'relatorio_administrativo',
  {
    relatorioAdministrativoId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId),
    titulo: text().notNull(),
    horas: integer().notNull(),
    /** Sanitised HTML. */
    descricao: text().notNull(),
    statusRelatorioId: integer().notNull().default(2),
    motivoRejeicao: text(),
    codigoPublico: text().notNull().unique(),
    analisadoPorId: integer(),
    analisadoEm: timestamp({ withTimezone: true }),
    criadoEm: createdAt(),
    atualizadoEm: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.municipioId, t.criadoEm), index().on(t.tenantId, t.usuarioId, t.criadoEm)],
);

export const relatorioAdministrativoArquivo = pgTable(
  'relatorio_administrativo_arquivo',
  {
    ...fileColumns(),
    relatorioAdministrativoId: integer()
      .notNull()
      .references(() => relatorioAdministrativo.relatorioAdministrativoId, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.relatorioAdministrativoId)],
);
