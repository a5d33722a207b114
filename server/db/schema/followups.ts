import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { usuario } from './users.ts';
import { tema } from './questions.ts';
import { municipio } from './municipalities.ts';

/**
 * Follow-up (acompanhamento, spec §3): a municipality's questionnaire for one theme, or its one
 * diagnostic follow-up (no theme). The model is decided in src/domain/followups.ts; the two
 * invariants it relies on are enforced here by partial unique indexes, so two concurrent creations
 * can never leave two open follow-ups of a theme or two diagnostics.
 */
export const acompanhamento = pgTable(
  'acompanhamento',
  {
    acompanhamentoId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    temaId: integer().references(() => tema.temaId),
    nome: text().notNull(),
    diagnostico: boolean().notNull().default(false),
    finalizado: boolean().notNull().default(false),
    finalizadoEm: timestamp({ withTimezone: true }),
    /** The creator: with finalizarAcompanhamento, the only non-admin who may finalize it. */
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId),
    /** Points of non-evidenced Sim answers cleared when it was created (pontosNaoEvidenciados). */
    pontosDescontados: integer().notNull().default(0),
    criadoEm: createdAt(),
  },
  (t) => [
    index().on(t.tenantId, t.municipioId),
    uniqueIndex('acompanhamento_aberto_por_tema')
      .on(t.municipioId, t.temaId)
      .where(sql`not finalizado and not diagnostico`),
    uniqueIndex('acompanhamento_diagnostico_por_municipio')
      .on(t.municipioId)
      .where(sql`diagnostico`),
  ],
);

/** A question as copied into a follow-up, with the answer given in it. */
export const acompanhamentoPergunta = pgTable(
  'acompanhamento_pergunta',
  {
    acompanhamentoPerguntaId: serial().primaryKey(),
    tenantId: tenantId(),
    acompanhamentoId: integer()
      .notNull()
      .references(() => acompanhamento.acompanhamentoId, { onDelete: 'cascade' }),
    perguntaId: integer().notNull(),
    resposta: boolean(),
    respondida: boolean().notNull().default(false),
    comentario: text(),
    /** Points earned in this follow-up (questionPoints), kept so totals do not move if a question's points change later. */
    pontosEspecificos: integer().notNull().default(0),
    respondidaEm: timestamp({ withTimezone: true }),
    respondidaPor: integer().references(() => usuario.usuarioId),
  },
  (t) => [uniqueIndex().on(t.acompanhamentoId, t.perguntaId)],
);

/** The diagnostic of a municipality sent (setar-enviada): after it, its answers no longer change. */
export const seloDiagnostico = pgTable(
  'selo_diagnostico',
  {
    seloDiagnosticoId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    enviadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
    enviadoPor: integer().references(() => usuario.usuarioId),
  },
  (t) => [uniqueIndex().on(t.municipioId)],
);
