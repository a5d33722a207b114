import { boolean, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { municipio, projeto } from './municipalities.ts';

/** Axis (Eixo, or Pilar in the seal room). National axes are answered by every municipality. */
export const eixo = pgTable(
  'eixo',
  {
    eixoId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    nacional: boolean().notNull().default(false),
    projetoId: integer().references(() => projeto.projetoId),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

export const tema = pgTable(
  'tema',
  {
    temaId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    eixoId: integer()
      .notNull()
      .references(() => eixo.eixoId),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.eixoId, t.nome)],
);

/**
 * A package of questions (spec §3 "Also present: packages"), administered as a register. It lives
 * with the questions that point at it, not with the registers: registers.ts reads the axes and
 * themes here, so a package kept there closed the circle people → questions → registers → people.
 */
export const pacote = pgTable(
  'pacote',
  {
    pacoteId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/**
 * Question. Its id is chosen per tenant, not by a sequence, because business rules name ids
 * (1, 3, 13, 112-114: spec §9) and every tenant must have them.
 */
export const pergunta = pgTable(
  'pergunta',
  {
    tenantId: tenantId(),
    perguntaId: integer().notNull(),
    numero: integer().notNull(),
    texto: text().notNull(),
    pontos: integer().notNull().default(0),
    evidencia: boolean().notNull().default(true),
    recorrente: boolean().notNull().default(false),
    possuiComentario: boolean().notNull().default(false),
    temaId: integer()
      .notNull()
      .references(() => tema.temaId),
    /** The package the question belongs to (issue 17, /pacote); none for the older questions. */
    pacoteId: integer().references(() => pacote.pacoteId),
    criadoEm: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.perguntaId] })],
);

/** A question as it stands for one municipality (spec §3 "Question of a municipality"). */
export const perguntaMunicipio = pgTable(
  'pergunta_municipio',
  {
    perguntaMunicipioId: serial().primaryKey(),
    tenantId: tenantId(),
    perguntaId: integer().notNull(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    eixoId: integer()
      .notNull()
      .references(() => eixo.eixoId),
    resposta: boolean(),
    temArquivo: boolean().notNull().default(false),
    evidencia: text(),
    evidenciada: boolean().notNull().default(false),
    rejeitada: boolean().notNull().default(false),
    quantidadeArquivo: integer().notNull().default(0),
    quantidadeArquivoDadosComplementares: integer().notNull().default(0),
    atualizacaoAtendentes: integer(),
    valorInformado: numeric({ precision: 14, scale: 2 }),
    perguntaFaixaRespostaId: integer(),
    qtdRejeicao: integer().notNull().default(0),
    prazoReenvio: date(),
    salvo: boolean().notNull().default(false),
    /** Every file approved when the analysis was finalized (src/domain/evidence.ts). */
    aprovada: boolean().notNull().default(false),
    /** Question 3: attendants declared at registration. */
    atendentesCadastrados: integer(),
    atualizadoEm: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.municipioId, t.perguntaId), index().on(t.tenantId, t.perguntaId)],
);
