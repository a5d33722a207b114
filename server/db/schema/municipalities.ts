import { boolean, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';

export const projeto = pgTable('projeto', {
  projetoId: serial().primaryKey(),
  tenantId: tenantId(),
  nome: text().notNull(),
  descricao: text().notNull().default(''),
  uf: text().notNull(),
  criadoEm: createdAt(),
});

export const status = pgTable(
  'status',
  {
    statusId: serial().primaryKey(),
    tenantId: tenantId(),
    statusNome: text().notNull(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.statusNome)],
);

export const statusContrato = pgTable(
  'status_contrato',
  {
    statusContratoId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/**
 * Municipality — also a project (Gov), a room (Sala) or a partner (Parceiro) depending on the variant.
 * statusRelacionamento: 0 sem relacionamento, 2 negociação, 4 vigente, 6 encerrado.
 * statusParticipacao (seal room): 0 não participante, 3 participante, 6 encerrado.
 * tipoPrograma: 1 cidade empreendedora básica, 2 cidade empreendedora.
 */
export const municipio = pgTable(
  'municipio',
  {
    municipioId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    uf: text().notNull(),
    codigoIbge: text(),
    tipo: text().$type<'municipio' | 'sala' | 'parceiro'>().notNull().default('municipio'),
    statusId: integer().references(() => status.statusId),
    statusContratoId: integer().references(() => statusContrato.statusContratoId),
    projetoId: integer().references(() => projeto.projetoId),
    statusRelacionamento: integer().notNull().default(0),
    statusParticipacao: integer().notNull().default(0),
    tipoPrograma: integer().notNull().default(2),
    selo: text().$type<'bronze' | 'prata' | 'ouro' | 'diamante'>(),
    pontos: integer().notNull().default(0),
    medalha: text().$type<'bronze' | 'prata' | 'ouro'>(),
    imagem: text(),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome, t.uf), index().on(t.tenantId)],
);

/** A municipality's working group (comitê, conselho...), whose members attend meetings. */
export const municipioGrupo = pgTable(
  'municipio_grupo',
  {
    grupoId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    nome: text().notNull(),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.municipioId, t.nome)],
);

export const membro = pgTable(
  'membro',
  {
    membroId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    nome: text().notNull(),
    email: text(),
    telefone: text().notNull(),
    cpf: text(),
    cargo: text(),
    orgao: text(),
    instituicaoId: integer(),
    imagemMembro: text(),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.telefone), index().on(t.municipioId)],
);

export const membroGrupo = pgTable(
  'membro_grupo',
  {
    id: serial().primaryKey(),
    tenantId: tenantId(),
    grupoId: integer()
      .notNull()
      .references(() => municipioGrupo.grupoId, { onDelete: 'cascade' }),
    membroId: integer()
      .notNull()
      .references(() => membro.membroId, { onDelete: 'cascade' }),
    lider: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex().on(t.grupoId, t.membroId)],
);
