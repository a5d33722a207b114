import { boolean, date, index, integer, numeric, pgTable, primaryKey, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, tenantId } from './common.ts';
import { municipio, projeto } from './municipalities.ts';
import { eixo } from './questions.ts';
import { usuario } from './users.ts';

const hours = () => numeric({ precision: 8, scale: 2, mode: 'number' });
const money = () => numeric({ precision: 14, scale: 2, mode: 'number' });

export const solucaoTipo = pgTable('solucao_tipo', {
  solucaoTipoId: serial().primaryKey(),
  tenantId: tenantId(),
  nome: text().notNull(),
});

/** Project-level catalogue: groups of solutions > solutions > tasks > evidence definitions. */
export const grupoSolucao = pgTable(
  'grupo_solucao',
  {
    grupoSolucaoId: serial().primaryKey(),
    tenantId: tenantId(),
    projetoId: integer()
      .notNull()
      .references(() => projeto.projetoId),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    tipo: text(),
    desabilitado: boolean().notNull().default(false),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.projetoId, t.nome)],
);

/** The axes a group of solutions works on (spec §5: at most 5, checked by the API). */
export const grupoSolucaoEixo = pgTable(
  'grupo_solucao_eixo',
  {
    tenantId: tenantId(),
    grupoSolucaoId: integer()
      .notNull()
      .references(() => grupoSolucao.grupoSolucaoId, { onDelete: 'cascade' }),
    eixoId: integer()
      .notNull()
      .references(() => eixo.eixoId),
  },
  (t) => [primaryKey({ columns: [t.grupoSolucaoId, t.eixoId] }), index().on(t.eixoId)],
);

/** monitoramento: 1 = tasks/activities, 2 = visits. */
export const solucao = pgTable(
  'solucao',
  {
    solucaoId: serial().primaryKey(),
    tenantId: tenantId(),
    grupoSolucaoId: integer()
      .notNull()
      .references(() => grupoSolucao.grupoSolucaoId),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    custo: money(),
    preco: money(),
    solucaoTipoId: integer().references(() => solucaoTipo.solucaoTipoId),
    monitoramento: integer().notNull().default(1),
    dataInicio: date(),
    dataTermino: date(),
    visitasPresenciais: integer(),
    horasPrevistasVisitasPresenciais: hours(),
    trabalhosEscritorio: integer(),
    horasPrevistasTrabalhosEscritorio: hours(),
    cargaHoraria: hours(),
    naoComputaHoras: boolean().notNull().default(false),
    desabilitado: boolean().notNull().default(false),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.grupoSolucaoId, t.nome)],
);

/** A solution's product managers (spec §3 Solution.usuarioIds). */
export const solucaoUsuario = pgTable(
  'solucao_usuario',
  {
    tenantId: tenantId(),
    solucaoId: integer()
      .notNull()
      .references(() => solucao.solucaoId, { onDelete: 'cascade' }),
    usuarioId: integer()
      .notNull()
      .references(() => usuario.usuarioId, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.solucaoId, t.usuarioId] }), index().on(t.usuarioId)],
);

export const tarefa = pgTable(
  'tarefa',
  {
    tarefaId: serial().primaryKey(),
    tenantId: tenantId(),
    solucaoId: integer()
      .notNull()
      .references(() => solucao.solucaoId),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    horas: hours().notNull().default(0),
    desabilitado: boolean().notNull().default(false),
    criadoEm: createdAt(),
  },
  (t) => [uniqueIndex().on(t.solucaoId, t.nome)],
);

export const evidencia = pgTable('evidencia', {
  evidenciaId: serial().primaryKey(),
  tenantId: tenantId(),
  tarefaId: integer()
    .notNull()
    .references(() => tarefa.tarefaId, { onDelete: 'cascade' }),
  nome: text().notNull(),
  descricao: text().notNull().default(''),
});

/** Municipality-level copies, which can be disabled and re-enabled independently. */
export const municipioGrupoSolucao = pgTable(
  'municipio_grupo_solucao',
  {
    municipioGrupoSolucaoId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    grupoSolucaoId: integer()
      .notNull()
      .references(() => grupoSolucao.grupoSolucaoId),
    nome: text().notNull(),
    desabilitado: boolean().notNull().default(false),
    criadoEm: createdAt(),
  },
  (t) => [index().on(t.municipioId), uniqueIndex().on(t.municipioId, t.grupoSolucaoId)],
);

export const municipioSolucao = pgTable(
  'municipio_solucao',
  {
    municipioSolucaoId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    solucaoId: integer()
      .notNull()
      .references(() => solucao.solucaoId),
    municipioGrupoSolucaoId: integer()
      .notNull()
      .references(() => municipioGrupoSolucao.municipioGrupoSolucaoId, { onDelete: 'cascade' }),
    nome: text().notNull(),
    justificativa: text(),
    dataInicio: date(),
    dataTermino: date(),
    iniciada: boolean().notNull().default(false),
    finalizada: boolean().notNull().default(false),
    desabilitado: boolean().notNull().default(false),
    criadoEm: createdAt(),
  },
  (t) => [index().on(t.municipioId), uniqueIndex().on(t.municipioId, t.solucaoId)],
);

export const municipioTarefa = pgTable(
  'municipio_tarefa',
  {
    municipioTarefaId: serial().primaryKey(),
    tenantId: tenantId(),
    municipioId: integer()
      .notNull()
      .references(() => municipio.municipioId, { onDelete: 'cascade' }),
    municipioSolucaoId: integer()
      .notNull()
      .references(() => municipioSolucao.municipioSolucaoId, { onDelete: 'cascade' }),
    tarefaId: integer().references(() => tarefa.tarefaId),
    nome: text().notNull(),
    descricao: text().notNull().default(''),
    horas: hours().notNull().default(0),
    desabilitado: boolean().notNull().default(false),
    /**
     * Progress summary over every field report naming the task, kept by database triggers (migration
     * progress-summary) in the transaction that writes the report: the sum of relatorio_tarefa.horas_rateadas and
     * whether any report marked it done. The progress calls without a period read these instead of
     * the report lines. Never written by the application.
     */
    horasUtilizadas: numeric({ mode: 'number' }).notNull().default(0),
    cumprida: boolean().notNull().default(false),
    criadoEm: createdAt(),
  },
  // By solution: a solution's tasks (started, progress by solution) without reading the municipality's.
  (t) => [index().on(t.municipioId), index().on(t.municipioSolucaoId)],
);

export const municipioEvidencia = pgTable('municipio_evidencia', {
  municipioEvidenciaId: serial().primaryKey(),
  tenantId: tenantId(),
  municipioTarefaId: integer()
    .notNull()
    .references(() => municipioTarefa.municipioTarefaId, { onDelete: 'cascade' }),
  nome: text().notNull(),
  descricao: text().notNull().default(''),
  desabilitado: boolean().notNull().default(false),
});
