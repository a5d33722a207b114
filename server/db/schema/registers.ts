import { boolean, date, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { usuario } from './users.ts';
import { eixo, tema } from './questions.ts';
import { municipio } from './municipalities.ts';

/**
 * The administrators' reference data (issue 17, spec §2 "Registers and administration"). Every
 * table is tenant-scoped; rows other rows point at are refused deletion by their foreign keys, which
 * the register routes answer with a 409 (server/lib/register.ts).
 */

/** A medal a municipality reaches with its points (spec §3 "Medal levels: bronze, prata, ouro"). */
export const medalha = pgTable(
  'medalha',
  {
    medalhaId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    nivel: text().$type<'bronze' | 'prata' | 'ouro'>().notNull(),
    pontuacaoMinima: integer().notNull().default(0),
    descricao: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/** Institution (spec §3 "Institution: instituicaoid, nome, municipioIds"). */
export const instituicao = pgTable(
  'instituicao',
  {
    instituicaoId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    sigla: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

export const instituicaoMunicipio = pgTable(
  'instituicao_municipio',
  {
    tenantId: tenantId(),
    instituicaoId: integer()
      .notNull()
      .references(() => instituicao.instituicaoId, { onDelete: 'cascade' }),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.instituicaoId, t.municipioId] }), index().on(t.municipioId)],
);

/** Regional unit of a state (spec §3 "Regional unit: id_unidade_regional, nomeRegiao"); its municipalities in unidade_regional_municipio. */
export const unidadeRegional = pgTable(
  'unidade_regional',
  {
    unidadeRegionalId: serial().primaryKey(),
    tenantId: tenantId(),
    uf: text().notNull(),
    nomeRegiao: text().notNull(),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.uf, t.nomeRegiao)],
);

/** A municipality belongs to at most one regional unit (the primary key is the municipality). */
export const unidadeRegionalMunicipio = pgTable(
  'unidade_regional_municipio',
  {
    tenantId: tenantId(),
    municipioId: integer()
      .primaryKey()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    unidadeRegionalId: integer()
      .notNull()
      .references(() => unidadeRegional.unidadeRegionalId),
  },
  (t) => [index().on(t.unidadeRegionalId)],
);

/** Category (api/gov-categoria): classifies municipalities and reports in the government variant. */
export const govCategoria = pgTable(
  'gov_categoria',
  {
    categoriaId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/** A consultant's contract (spec §3 "Contract"), listed per user and activated or inactivated. */
export const contrato = pgTable(
  'contrato',
  {
    contratoId: serial().primaryKey(),
    tenantId: tenantId(),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId),
    numContrato: text().notNull(),
    qtdEntregasPrevistas: integer().notNull().default(0),
    inicio: date().notNull(),
    fim: date().notNull(),
    ativo: boolean().notNull().default(true),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.numContrato), index().on(t.usuarioId)],
);

/** A school of a municipality (Educação Empreendedora, /municipio-escola). */
export const municipioEscola = pgTable(
  'municipio_escola',
  {
    municipioEscolaId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    nome: text().notNull(),
    codigoInep: text().notNull().default(''),
    quantidadeAlunos: integer().notNull().default(0),
    quantidadeProfessores: integer().notNull().default(0),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.municipioId, t.nome)],
);

/** Job role (cargos e funções). */
export const cargoFuncao = pgTable(
  'cargo_funcao',
  {
    cargoFuncaoId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

/** A named group of at most 5 axes (api/eixosgrupos, /eixosGrupo). */
export const eixosGrupo = pgTable(
  'eixos_grupo',
  {
    eixosGrupoId: serial().primaryKey(),
    tenantId: tenantId(),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.nome)],
);

export const eixosGrupoEixo = pgTable(
  'eixos_grupo_eixo',
  {
    tenantId: tenantId(),
    eixosGrupoId: integer()
      .notNull()
      .references(() => eixosGrupo.eixosGrupoId, { onDelete: 'cascade' }),
    eixoId: integer()
      .notNull()
      .references(() => eixo.eixoId),
  },
  (t) => [primaryKey({ columns: [t.eixosGrupoId, t.eixoId] })],
);

/** The non-national axes a municipality works on (api/MunicipiosEixos, /municipioEixo). */
export const municipioEixo = pgTable(
  'municipio_eixo',
  {
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    eixoId: integer()
      .notNull()
      .references(() => eixo.eixoId),
  },
  (t) => [primaryKey({ columns: [t.municipioId, t.eixoId] })],
);

/** The themes enabled for a municipality (api/MunicipioTemasHabilitados, /municipioTemasHabilitados). */
export const municipioTemaHabilitado = pgTable(
  'municipio_tema_habilitado',
  {
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    temaId: integer()
      .notNull()
      .references(() => tema.temaId),
  },
  (t) => [primaryKey({ columns: [t.municipioId, t.temaId] })],
);

/**
 * A numeric bracket register (api/municipio-faixas: municipalities by population; api/solucoes-faixas:
 * solutions by price). One table, told apart by `tipo`, since both are a name and a closed interval.
 */
export const faixaValor = pgTable(
  'faixa_valor',
  {
    faixaValorId: serial().primaryKey(),
    tenantId: tenantId(),
    tipo: text().$type<'municipio' | 'solucao'>().notNull(),
    nome: text().notNull(),
    valorMinimo: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    valorMaximo: numeric({ precision: 14, scale: 2, mode: 'number' }).notNull(),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.tenantId, t.tipo, t.nome)],
);

/** A local actor of a municipality's development (api/atores): who takes part besides the committee. */
export const ator = pgTable(
  'ator',
  {
    atorId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    nome: text().notNull(),
    segmento: text().notNull().default(''),
    contato: text().notNull().default(''),
    criadoEm: createdAt(),
  },
  (t) => [index().on(t.municipioId)],
);
