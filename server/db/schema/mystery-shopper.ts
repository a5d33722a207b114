import { boolean, date, index, integer, jsonb, pgTable, real, serial, text, timestamp } from 'drizzle-orm/pg-core';
import type { Answers, Channel, ShopperSeal } from '../../../src/domain/mystery-shopper.ts';
import { createdAt, tenantId } from './common.ts';
import { municipio } from './municipalities.ts';
import { fileColumns } from './uploads.ts';
import { usuario } from './users.ts';

/**
 * A mystery-shopper round (cliente oculto, src/domain/mystery-shopper.ts): one evaluation of a
 * municipality's service, in a group of rounds (`grupo`, the cycle; report filter
 * grupoClienteOculto 16). `pontuacao` and `selo` (report filter selo 17) are frozen when the round
 * is finalized; `tokenSelo` is the certificate's unguessable public id, set when the round earned a seal.
 */
export const clienteOcultoRodada = pgTable(
  'cliente_oculto_rodada',
  {
    rodadaId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    grupo: text().notNull(),
    dataVisita: date().notNull(),
    avaliador: text().notNull(),
    canal: text().$type<Channel>().notNull(),
    observacoes: text().notNull().default(''),
    respostas: jsonb().$type<Answers>().notNull().default({}),
    finalizada: boolean().notNull().default(false),
    pontuacao: real(),
    selo: text().$type<ShopperSeal>(),
    tokenSelo: text().unique(),
    finalizadaEm: timestamp({ withTimezone: true }),
    criadoPorId: integer().references(() => usuario.usuarioId),
    criadoEm: createdAt(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index().on(t.tenantId, t.municipioId), index().on(t.tenantId, t.grupo), index().on(t.tenantId, t.selo)],
);

/** The evidence files of a round (claimed resumable uploads, server/lib/attachments.ts). */
export const clienteOcultoArquivo = pgTable(
  'cliente_oculto_arquivo',
  {
    ...fileColumns(),
    rodadaId: integer()
      .notNull()
      .references(() => clienteOcultoRodada.rodadaId, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.rodadaId)],
);
