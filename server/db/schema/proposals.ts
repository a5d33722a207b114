import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ProposalEvent, ProposalStatus } from '../../../src/domain/proposals.ts';
import { createdAt, tenantId } from './common.ts';
import { usuario } from './users.ts';
import { eixo } from './questions.ts';
import { fileColumns } from './uploads.ts';
import { solucao } from './solutions.ts';
import { municipio } from './municipalities.ts';

/** Integer cents (spec §9 money): bigint, so a state-wide programme's total never overflows. */
const cents = () => bigint({ mode: 'number' }).notNull();

/**
 * A municipality's proposal (spec §3 Proposal row shapes). The money invariants are
 * src/domain/proposals.ts's; the checks below hold the ones a single row can state, so no write
 * path can store a negative amount or a total that is not the sum of the two shares.
 */
export const proposta = pgTable(
  'proposta',
  {
    propostaId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    titulo: text().notNull(),
    status: text().$type<ProposalStatus>().notNull().default('rascunho'),
    valorTotal: cents(),
    investimentoMunicipio: cents(),
    contrapartidaSebrae: cents(),
    premium: boolean().notNull().default(false),
    observacoes: text().notNull().default(''),
    motivoRejeicao: text(),
    criadoPorId: integer()
      .notNull()
      .references(() => usuario.usuarioId),
    criadoEm: createdAt(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index().on(t.tenantId, t.municipioId),
    check('proposta_valores_nao_negativos', sql`${t.investimentoMunicipio} >= 0 and ${t.contrapartidaSebrae} >= 0`),
    check('proposta_total_soma', sql`${t.valorTotal} = ${t.investimentoMunicipio} + ${t.contrapartidaSebrae}`),
  ],
);

/** The solutions a proposal offers (of the municipality's project). */
export const propostaSolucao = pgTable(
  'proposta_solucao',
  {
    tenantId: tenantId(),
    propostaId: integer()
      .notNull()
      .references(() => proposta.propostaId, { onDelete: 'cascade' }),
    solucaoId: integer()
      .notNull()
      .references(() => solucao.solucaoId),
  },
  (t) => [primaryKey({ columns: [t.propostaId, t.solucaoId] }), index().on(t.solucaoId)],
);

/** The axes a proposal works on (spec §5: at most 5 in MA unless liberarMaximoEixoMA). */
export const propostaEixo = pgTable(
  'proposta_eixo',
  {
    tenantId: tenantId(),
    propostaId: integer()
      .notNull()
      .references(() => proposta.propostaId, { onDelete: 'cascade' }),
    eixoId: integer()
      .notNull()
      .references(() => eixo.eixoId),
  },
  (t) => [primaryKey({ columns: [t.propostaId, t.eixoId] }), index().on(t.eixoId)],
);

/** An instalment of the municipality's investment; numbered 1..n per proposal. */
export const propostaParcela = pgTable(
  'proposta_parcela',
  {
    propostaParcelaId: serial().primaryKey(),
    tenantId: tenantId(),
    propostaId: integer()
      .notNull()
      .references(() => proposta.propostaId, { onDelete: 'cascade' }),
    numero: integer().notNull(),
    vencimento: date().notNull(),
    valor: cents(),
  },
  (t) => [uniqueIndex().on(t.propostaId, t.numero), check('proposta_parcela_valor_positivo', sql`${t.valor} > 0`)],
);

/** A priced extra of the proposal (a service beyond the solutions), in the order typed. */
export const propostaExtra = pgTable(
  'proposta_extra',
  {
    propostaExtraId: serial().primaryKey(),
    tenantId: tenantId(),
    propostaId: integer()
      .notNull()
      .references(() => proposta.propostaId, { onDelete: 'cascade' }),
    ordem: integer().notNull(),
    descricao: text().notNull(),
    valor: cents(),
  },
  (t) => [index().on(t.propostaId), check('proposta_extra_valor_nao_negativo', sql`${t.valor} >= 0`)],
);

/** The history of a proposal: each change and decision, who made it and when (a rejection with its reason). */
export const propostaHistorico = pgTable(
  'proposta_historico',
  {
    propostaHistoricoId: serial().primaryKey(),
    tenantId: tenantId(),
    propostaId: integer()
      .notNull()
      .references(() => proposta.propostaId, { onDelete: 'cascade' }),
    evento: text().$type<ProposalEvent>().notNull(),
    motivo: text(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId),
    em: createdAt(),
  },
  (t) => [index().on(t.propostaId)],
);

/** The proposal's annexes, stored like the reports' and the payment processes'. */
export const propostaArquivo = pgTable(
  'proposta_arquivo',
  {
    ...fileColumns(),
    propostaId: integer()
      .notNull()
      .references(() => proposta.propostaId, { onDelete: 'cascade' }),
  },
  (t) => [index().on(t.propostaId)],
);
