import { date, index, integer, numeric, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import type { PaymentStatus } from '../../../src/domain/payments.ts';
import { createdAt, tenantId } from './common.ts';
import { usuario } from './users.ts';
import { contrato } from './registers.ts';
import { relatorioAdministrativo } from './admin-reports.ts';
import { relatorio } from './field-reports.ts';
import { fileColumns } from './uploads.ts';

/**
 * Payment process (spec §3): the reports and administrative reports of one consultant's period under
 * one of their contracts, billed together. Money is integer cents; the hours are the server's sum of
 * the billed reports' (spec §5). Status and what the office recorded: src/domain/payments.ts.
 */
export const processoPagamento = pgTable(
  'processo_pagamento',
  {
    processoPagamentoId: serial().primaryKey(),
    tenantId: tenantId(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId),
    contratoId: integer()
      .notNull()
      .references(() => contrato.contratoId),
    numero: text().notNull(),
    codigoContratacao: text().notNull(),
    periodoInicio: date().notNull(),
    periodoFim: date().notNull(),
    horas: numeric({ mode: 'number' }).notNull().default(0),
    total: integer().notNull(),
    status: text().$type<PaymentStatus>().notNull().default('aberto'),
    motivoRejeicao: text(),
    analisadoPorId: integer().references(() => usuario.usuarioId),
    analisadoEm: timestamp({ withTimezone: true }),
    enviadoSgfEm: timestamp({ withTimezone: true }),
    assinaturaSolicitadaEm: timestamp({ withTimezone: true }),
    /** SHA-256 of the code mailed in the signature link; null once signed or never asked. */
    assinaturaCodigoHash: text(),
    assinadoEm: timestamp({ withTimezone: true }),
    criadoEm: createdAt(),
  },
  (t) => [index().on(t.tenantId, t.usuarioId, t.contratoId), index().on(t.tenantId, t.criadoEm)],
);

/** A field report billed by a process. The unique index on relatorio_id is the rule "a report is paid once". */
export const processoPagamentoRelatorio = pgTable(
  'processo_pagamento_relatorio',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    processoPagamentoId: integer()
      .notNull()
      .references(() => processoPagamento.processoPagamentoId, { onDelete: 'cascade' }),
    relatorioId: integer()
      .notNull()
      .references(() => relatorio.relatorioId),
  },
  (t) => [uniqueIndex().on(t.relatorioId), index().on(t.processoPagamentoId)],
);

/** An administrative report billed by a process; paid once, like a field report. */
export const processoPagamentoRelatorioAdministrativo = pgTable(
  'processo_pagamento_relatorio_administrativo',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    processoPagamentoId: integer()
      .notNull()
      .references(() => processoPagamento.processoPagamentoId, { onDelete: 'cascade' }),
    relatorioAdministrativoId: integer()
      .notNull()
      .references(() => relatorioAdministrativo.relatorioAdministrativoId),
  },
  (t) => [uniqueIndex().on(t.relatorioAdministrativoId), index().on(t.processoPagamentoId)],
);

/** The process's attachments (the invoice and what the consultant adds), stored like the reports'. */
export const processoPagamentoArquivo = pgTable(
  'processo_pagamento_arquivo',
  {
    ...fileColumns(),
    processoPagamentoId: integer()
      .notNull()
      .references(() => processoPagamento.processoPagamentoId, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.processoPagamentoId)],
);
