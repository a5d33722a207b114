import { asc, eq, inArray, notInArray, sql, type SQL } from 'drizzle-orm';
import type {
  EvidenceDefinition,
  MunicipalityEvidence,
  MunicipalityGroup,
  MunicipalitySolution,
  MunicipalityProgress,
  MunicipalityTask,
  ProgressFilter,
  Solution,
  SolutionGroup,
  SolutionInput,
  SolutionProgress,
  Task,
  TaskInput,
  TaskProgress,
} from '../../../src/domain/solutions.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import type { Conn } from '../../lib/command.ts';
import {
  evidencia,
  grupoSolucao,
  grupoSolucaoEixo,
  municipio,
  municipioEvidencia,
  municipioGrupoSolucao,
  municipioSolucao,
  municipioTarefa,
  projeto,
  relatorioTarefa,
  solucao,
  solucaoUsuario,
  tarefa,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import { evidencesByTask } from '../../lib/task-evidences.ts';

/** Map.groupBy (ES2024) is not in the project's ES2023 lib. */
function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const result = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = result.get(k);
    if (list) list.push(item);
    else result.set(k, [item]);
  }
  return result;
}

// ---------------------------------------------------------------- groups of solutions

const groupColumns = {
  grupoSolucaoId: grupoSolucao.grupoSolucaoId,
  projetoId: grupoSolucao.projetoId,
  nome: grupoSolucao.nome,
  descricao: grupoSolucao.descricao,
  tipo: grupoSolucao.tipo,
  desabilitado: grupoSolucao.desabilitado,
};

export async function projectExists(db: Conn, tenantId: string, projetoId: number): Promise<boolean> {
  const rows = await db
    .select({ id: projeto.projetoId })
    .from(projeto)
    .where(scoped(projeto, tenantId, eq(projeto.projetoId, projetoId)));
  return rows.length > 0;
}

type GroupRow = Omit<SolutionGroup, 'eixoIds'>;

/**
 * The join tables of this domain (a group's axes, a solution's product managers): read for a whole
 * list in one query, and replaced inside the transaction that writes their record.
 */
const LINKS = {
  groupAxes: {
    table: grupoSolucaoEixo,
    owner: grupoSolucaoEixo.grupoSolucaoId,
    value: grupoSolucaoEixo.eixoId,
    row: (grupoSolucaoId: number, eixoId: number) => ({ grupoSolucaoId, eixoId }),
  },
  solutionManagers: {
    table: solucaoUsuario,
    owner: solucaoUsuario.solucaoId,
    value: solucaoUsuario.usuarioId,
    row: (solucaoId: number, usuarioId: number) => ({ solucaoId, usuarioId }),
  },
} as const;
// Drizzle's builders take one table type, not a union: the readers below cast the table to one of them.
type Link = (typeof LINKS)[keyof typeof LINKS];

/** The linked ids of each owner, ascending; owners without links are absent. */
async function readLinks(db: Conn, tenantId: string, link: Link, ownerIds: number[]): Promise<Map<number, number[]>> {
  const rows: { owner: number; value: number }[] = await db
    .select({ owner: link.owner, value: link.value })
    .from(link.table as typeof grupoSolucaoEixo)
    .where(scoped(link.table, tenantId, inArray(link.owner, ownerIds)))
    .orderBy(asc(link.value));
  const byOwner = groupBy(rows, (r) => r.owner);
  return new Map([...byOwner].map(([owner, list]) => [owner, list.map((r) => r.value)]));
}

/** Replaces the owner's links (duplicates dropped), inside the caller's transaction. */
async function replaceLinks(tx: Conn, tenantId: string, link: Link, ownerId: number, values: number[]) {
  await tx.delete(link.table).where(scoped(link.table, tenantId, eq(link.owner, ownerId)));
  const unique = [...new Set(values)];
  if (unique.length) {
    await tx.insert(link.table as typeof grupoSolucaoEixo).values(unique.map((v) => withTenant(tenantId, link.row(ownerId, v) as never)));
  }
}

/** The groups with their axes. */
async function withAxes(db: Conn, tenantId: string, rows: GroupRow[]): Promise<SolutionGroup[]> {
  if (rows.length === 0) return [];
  const axes = await readLinks(
    db,
    tenantId,
    LINKS.groupAxes,
    rows.map((r) => r.grupoSolucaoId),
  );
  return rows.map((r) => ({ ...r, eixoIds: axes.get(r.grupoSolucaoId) ?? [] }));
}

export async function listGroups(db: Db, tenantId: string, projetoId?: number): Promise<SolutionGroup[]> {
  const rows = await db
    .select(groupColumns)
    .from(grupoSolucao)
    .where(scoped(grupoSolucao, tenantId, projetoId ? eq(grupoSolucao.projetoId, projetoId) : undefined));
  return withAxes(
    db,
    tenantId,
    rows.sort((a, b) => compareText(a.nome, b.nome)),
  );
}

export async function getGroup(db: Conn, tenantId: string, id: number): Promise<SolutionGroup | undefined> {
  const [row] = await db
    .select(groupColumns)
    .from(grupoSolucao)
    .where(scoped(grupoSolucao, tenantId, eq(grupoSolucao.grupoSolucaoId, id)));
  return row && (await withAxes(db, tenantId, [row]))[0];
}

type GroupValues = { projetoId: number; nome: string; descricao: string; tipo?: string | null; eixoIds: number[] };

/** The group and its axes, inside the command's transaction (commands.ts). */
export async function createGroup(tx: Conn, tenantId: string, { eixoIds, ...values }: GroupValues): Promise<SolutionGroup> {
  const [row] = await tx.insert(grupoSolucao).values(withTenant(tenantId, values)).returning(groupColumns);
  await replaceLinks(tx, tenantId, LINKS.groupAxes, row!.grupoSolucaoId, eixoIds);
  return { ...row!, eixoIds: [...new Set(eixoIds)].sort((a, b) => a - b) };
}

/** The group and its axes, inside the command's transaction; null when no such group. */
export async function updateGroup(tx: Conn, tenantId: string, id: number, { eixoIds, ...values }: GroupValues): Promise<SolutionGroup | null> {
  const [row] = await tx
    .update(grupoSolucao)
    .set(values)
    .where(scoped(grupoSolucao, tenantId, eq(grupoSolucao.grupoSolucaoId, id)))
    .returning(groupColumns);
  if (!row) return null;
  await replaceLinks(tx, tenantId, LINKS.groupAxes, id, eixoIds);
  return { ...row, eixoIds: [...new Set(eixoIds)].sort((a, b) => a - b) };
}

/** The project's enabled groups not yet brought into the municipality (the import dialog's choices). */
export async function listGroupsNotInMunicipality(db: Db, tenantId: string, municipioId: number): Promise<SolutionGroup[]> {
  const inMunicipality = db
    .select({ id: municipioGrupoSolucao.grupoSolucaoId })
    .from(municipioGrupoSolucao)
    .where(scoped(municipioGrupoSolucao, tenantId, eq(municipioGrupoSolucao.municipioId, municipioId)));
  const rows = await db
    .select(groupColumns)
    .from(grupoSolucao)
    .innerJoin(municipio, eq(municipio.projetoId, grupoSolucao.projetoId))
    .where(
      scoped(
        grupoSolucao,
        tenantId,
        eq(municipio.municipioId, municipioId),
        eq(grupoSolucao.desabilitado, false),
        notInArray(grupoSolucao.grupoSolucaoId, inMunicipality),
      ),
    );
  return withAxes(
    db,
    tenantId,
    rows.sort((a, b) => compareText(a.nome, b.nome)),
  );
}

// ---------------------------------------------------------------- solutions

const solutionColumns = {
  solucaoId: solucao.solucaoId,
  grupoSolucaoId: solucao.grupoSolucaoId,
  nome: solucao.nome,
  descricao: solucao.descricao,
  custo: solucao.custo,
  preco: solucao.preco,
  solucaoTipoId: solucao.solucaoTipoId,
  monitoramento: solucao.monitoramento,
  dataInicio: solucao.dataInicio,
  dataTermino: solucao.dataTermino,
  visitasPresenciais: solucao.visitasPresenciais,
  horasPrevistasVisitasPresenciais: solucao.horasPrevistasVisitasPresenciais,
  trabalhosEscritorio: solucao.trabalhosEscritorio,
  horasPrevistasTrabalhosEscritorio: solucao.horasPrevistasTrabalhosEscritorio,
  cargaHoraria: solucao.cargaHoraria,
  naoComputaHoras: solucao.naoComputaHoras,
  desabilitado: solucao.desabilitado,
};

type SolutionRow = Omit<Solution, 'monitoramento' | 'usuarioIds'> & { monitoramento: number };

/** Rows with their product managers, one query for the whole list. */
async function asSolutions(db: Conn, tenantId: string, rows: SolutionRow[]): Promise<Solution[]> {
  if (rows.length === 0) return [];
  const managers = await readLinks(
    db,
    tenantId,
    LINKS.solutionManagers,
    rows.map((r) => r.solucaoId),
  );
  return rows.map((row) => ({
    ...row,
    monitoramento: row.monitoramento === 2 ? 2 : 1,
    usuarioIds: managers.get(row.solucaoId) ?? [],
  }));
}

export async function listSolutions(db: Db, tenantId: string, grupoSolucaoId?: number): Promise<Solution[]> {
  const rows = await db
    .select(solutionColumns)
    .from(solucao)
    .where(scoped(solucao, tenantId, grupoSolucaoId ? eq(solucao.grupoSolucaoId, grupoSolucaoId) : undefined));
  return asSolutions(
    db,
    tenantId,
    rows.sort((a, b) => compareText(a.nome, b.nome)),
  );
}

/** Solutions whose group works on one of the axes. */
export async function listSolutionsByAxes(db: Db, tenantId: string, eixoIds: number[]): Promise<Solution[]> {
  if (eixoIds.length === 0) return [];
  const onAxes = db
    .select({ id: grupoSolucaoEixo.grupoSolucaoId })
    .from(grupoSolucaoEixo)
    .where(scoped(grupoSolucaoEixo, tenantId, inArray(grupoSolucaoEixo.eixoId, eixoIds)));
  const rows = await db
    .select(solutionColumns)
    .from(solucao)
    .where(scoped(solucao, tenantId, inArray(solucao.grupoSolucaoId, onAxes)));
  return asSolutions(
    db,
    tenantId,
    rows.sort((a, b) => compareText(a.nome, b.nome)),
  );
}

export async function getSolution(db: Conn, tenantId: string, id: number): Promise<Solution | undefined> {
  const [row] = await db
    .select(solutionColumns)
    .from(solucao)
    .where(scoped(solucao, tenantId, eq(solucao.solucaoId, id)));
  return row && (await asSolutions(db, tenantId, [row]))[0];
}

/** Visit fields belong to monitoramento 2 only: a task-monitored solution stores none. */
function solutionValues(input: SolutionInput) {
  const visits = input.monitoramento === 2;
  return {
    grupoSolucaoId: input.grupoSolucaoId,
    nome: input.nome,
    descricao: input.descricao,
    custo: input.custo ?? null,
    preco: input.preco ?? null,
    solucaoTipoId: input.solucaoTipoId ?? null,
    monitoramento: input.monitoramento,
    dataInicio: input.dataInicio ?? null,
    dataTermino: input.dataTermino ?? null,
    visitasPresenciais: visits ? (input.visitasPresenciais ?? null) : null,
    horasPrevistasVisitasPresenciais: visits ? (input.horasPrevistasVisitasPresenciais ?? null) : null,
    trabalhosEscritorio: visits ? (input.trabalhosEscritorio ?? null) : null,
    horasPrevistasTrabalhosEscritorio: visits ? (input.horasPrevistasTrabalhosEscritorio ?? null) : null,
    cargaHoraria: input.cargaHoraria ?? null,
    naoComputaHoras: input.naoComputaHoras,
  };
}

/** The solution and its product managers, inside the command's transaction (commands.ts). */
export async function createSolution(tx: Conn, tenantId: string, input: SolutionInput): Promise<Solution> {
  const [row] = await tx
    .insert(solucao)
    .values(withTenant(tenantId, solutionValues(input)))
    .returning(solutionColumns);
  await replaceLinks(tx, tenantId, LINKS.solutionManagers, row!.solucaoId, input.usuarioIds);
  return (await asSolutions(tx, tenantId, [row!]))[0]!;
}

/**
 * A user without verCustoPreco / verTipoSolucao never saw those fields, so an update from them keeps
 * the stored values (`keep`) instead of erasing them with the nulls their form sent.
 */
export async function updateSolution(
  tx: Conn,
  tenantId: string,
  id: number,
  input: SolutionInput,
  keep: { money: boolean; type: boolean },
): Promise<Solution | null> {
  const { custo, preco, solucaoTipoId, ...rest } = solutionValues(input);
  const [row] = await tx
    .update(solucao)
    .set({ ...rest, ...(!keep.money && { custo, preco }), ...(!keep.type && { solucaoTipoId }) })
    .where(scoped(solucao, tenantId, eq(solucao.solucaoId, id)))
    .returning(solutionColumns);
  if (!row) return null;
  await replaceLinks(tx, tenantId, LINKS.solutionManagers, id, input.usuarioIds);
  return (await asSolutions(tx, tenantId, [row]))[0]!;
}

// ---------------------------------------------------------------- tasks and evidence definitions

const taskColumns = {
  tarefaId: tarefa.tarefaId,
  solucaoId: tarefa.solucaoId,
  nome: tarefa.nome,
  descricao: tarefa.descricao,
  horas: tarefa.horas,
  desabilitado: tarefa.desabilitado,
};
const evidenceColumns = {
  evidenciaId: evidencia.evidenciaId,
  tarefaId: evidencia.tarefaId,
  nome: evidencia.nome,
  descricao: evidencia.descricao,
};

export async function listTasks(db: Db, tenantId: string, solucaoIds?: number[]): Promise<Task[]> {
  const tasks = await db
    .select(taskColumns)
    .from(tarefa)
    .where(scoped(tarefa, tenantId, solucaoIds ? inArray(tarefa.solucaoId, solucaoIds.length ? solucaoIds : [0]) : undefined))
    .orderBy(asc(tarefa.tarefaId));
  if (tasks.length === 0) return [];
  const evidences = await db
    .select(evidenceColumns)
    .from(evidencia)
    .where(
      scoped(
        evidencia,
        tenantId,
        inArray(
          evidencia.tarefaId,
          tasks.map((t) => t.tarefaId),
        ),
      ),
    )
    .orderBy(asc(evidencia.evidenciaId));
  const byTask = groupBy(evidences, (e) => e.tarefaId);
  return tasks.map((t) => ({ ...t, evidencias: byTask.get(t.tarefaId) ?? [] }));
}

export async function getTask(db: Conn, tenantId: string, id: number): Promise<Task | undefined> {
  const [task] = await db
    .select(taskColumns)
    .from(tarefa)
    .where(scoped(tarefa, tenantId, eq(tarefa.tarefaId, id)));
  if (!task) return undefined;
  const evidencias = await db
    .select(evidenceColumns)
    .from(evidencia)
    .where(scoped(evidencia, tenantId, eq(evidencia.tarefaId, id)))
    .orderBy(asc(evidencia.evidenciaId));
  return { ...task, evidencias };
}

/** The task and its evidence definitions are one record to the user: written together or not at all. */
export async function createTask(tx: Conn, tenantId: string, input: TaskInput): Promise<Task> {
  const [row] = await tx
    .insert(tarefa)
    .values(withTenant(tenantId, { solucaoId: input.solucaoId, nome: input.nome, descricao: input.descricao, horas: input.horas }))
    .returning({ tarefaId: tarefa.tarefaId });
  if (input.evidencias.length > 0) {
    await tx.insert(evidencia).values(input.evidencias.map((e) => withTenant(tenantId, { tarefaId: row!.tarefaId, ...e })));
  }
  return (await getTask(tx, tenantId, row!.tarefaId))!;
}

export async function updateTask(
  tx: Conn,
  tenantId: string,
  id: number,
  values: { solucaoId: number; nome: string; descricao: string; horas: number },
): Promise<Task | null> {
  await tx
    .update(tarefa)
    .set(values)
    .where(scoped(tarefa, tenantId, eq(tarefa.tarefaId, id)));
  return (await getTask(tx, tenantId, id)) ?? null;
}

export async function listEvidenceDefinitions(db: Db, tenantId: string): Promise<EvidenceDefinition[]> {
  return db.select(evidenceColumns).from(evidencia).where(scoped(evidencia, tenantId)).orderBy(asc(evidencia.evidenciaId));
}

export async function getEvidenceDefinition(db: Conn, tenantId: string, id: number): Promise<EvidenceDefinition | undefined> {
  const [row] = await db
    .select(evidenceColumns)
    .from(evidencia)
    .where(scoped(evidencia, tenantId, eq(evidencia.evidenciaId, id)));
  return row;
}

export async function createEvidenceDefinition(
  db: Conn,
  tenantId: string,
  values: { tarefaId: number; nome: string; descricao: string },
): Promise<EvidenceDefinition> {
  const [row] = await db.insert(evidencia).values(withTenant(tenantId, values)).returning(evidenceColumns);
  return row!;
}

export async function updateEvidenceDefinition(
  db: Conn,
  tenantId: string,
  id: number,
  values: { tarefaId: number; nome: string; descricao: string },
): Promise<EvidenceDefinition | null> {
  const [row] = await db
    .update(evidencia)
    .set(values)
    .where(scoped(evidencia, tenantId, eq(evidencia.evidenciaId, id)))
    .returning(evidenceColumns);
  return row ?? null;
}

export async function deleteEvidenceDefinition(db: Conn, tenantId: string, id: number): Promise<void> {
  await db.delete(evidencia).where(scoped(evidencia, tenantId, eq(evidencia.evidenciaId, id)));
}

// ---------------------------------------------------------------- programme-level delete or disable

export type ProgrammeKind = 'group' | 'solution' | 'task';

/**
 * The programme records that are disabled rather than deleted once used, and what uses each: a
 * group is used by a municipality that brought it in or by its solutions, a solution by a
 * municipality or its tasks, a task by a municipality.
 */
const PROGRAMME_RECORDS = {
  group: {
    table: grupoSolucao,
    id: grupoSolucao.grupoSolucaoId,
    usedBy: [
      [municipioGrupoSolucao, municipioGrupoSolucao.grupoSolucaoId],
      [solucao, solucao.grupoSolucaoId],
    ],
  },
  solution: {
    table: solucao,
    id: solucao.solucaoId,
    usedBy: [
      [municipioSolucao, municipioSolucao.solucaoId],
      [tarefa, tarefa.solucaoId],
    ],
  },
  task: { table: tarefa, id: tarefa.tarefaId, usedBy: [[municipioTarefa, municipioTarefa.tarefaId]] },
} as const;

/**
 * Deletes a programme record no municipality uses; one that was brought into a municipality is
 * disabled instead (spec: disabled, not deleted, once used), inside the command's transaction.
 * Returns what happened.
 */
export async function deleteOrDisable(tx: Conn, tenantId: string, kind: ProgrammeKind, id: number): Promise<'deleted' | 'disabled'> {
  const record = PROGRAMME_RECORDS[kind];
  for (const [table, column] of record.usedBy) {
    const uses = await tx
      .select({ one: sql<number>`1` })
      .from(table)
      .where(scoped(table, tenantId, eq(column, id)))
      .limit(1);
    if (uses.length > 0) {
      await setProgrammeDisabled(tx, tenantId, kind, id, true);
      return 'disabled';
    }
  }
  // A task's evidence definitions cascade with it.
  await tx.delete(record.table).where(scoped(record.table, tenantId, eq(record.id, id)));
  return 'deleted';
}

export async function setProgrammeDisabled(db: Conn, tenantId: string, kind: ProgrammeKind, id: number, desabilitado: boolean) {
  const record = PROGRAMME_RECORDS[kind];
  await db
    .update(record.table)
    .set({ desabilitado })
    .where(scoped(record.table, tenantId, eq(record.id, id)));
}

// ---------------------------------------------------------------- municipality level

const municipalityGroupColumns = {
  municipioGrupoSolucaoId: municipioGrupoSolucao.municipioGrupoSolucaoId,
  municipioId: municipioGrupoSolucao.municipioId,
  grupoSolucaoId: municipioGrupoSolucao.grupoSolucaoId,
  nome: municipioGrupoSolucao.nome,
  desabilitado: municipioGrupoSolucao.desabilitado,
};

export async function listMunicipalityGroups(db: Db, tenantId: string, municipioId: number): Promise<MunicipalityGroup[]> {
  const rows = await db
    .select(municipalityGroupColumns)
    .from(municipioGrupoSolucao)
    .where(scoped(municipioGrupoSolucao, tenantId, eq(municipioGrupoSolucao.municipioId, municipioId)));
  return rows.sort((a, b) => compareText(a.nome, b.nome));
}

export async function getMunicipalityGroup(db: Db, tenantId: string, id: number): Promise<MunicipalityGroup | undefined> {
  const [row] = await db
    .select(municipalityGroupColumns)
    .from(municipioGrupoSolucao)
    .where(scoped(municipioGrupoSolucao, tenantId, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, id)));
  return row;
}

export const municipalitySolutionColumns = {
  municipioSolucaoId: municipioSolucao.municipioSolucaoId,
  municipioId: municipioSolucao.municipioId,
  solucaoId: municipioSolucao.solucaoId,
  municipioGrupoSolucaoId: municipioSolucao.municipioGrupoSolucaoId,
  nome: municipioSolucao.nome,
  desabilitado: municipioSolucao.desabilitado,
  dataInicio: municipioSolucao.dataInicio,
  dataTermino: municipioSolucao.dataTermino,
  iniciada: municipioSolucao.iniciada,
  finalizada: municipioSolucao.finalizada,
  grupoDesabilitado: municipioGrupoSolucao.desabilitado,
};

/**
 * A municipality's solutions with their group's disabling. `iniciada` is the stored flag unless the
 * caller computes the course (more-repository's startedSql).
 */
export function municipalitySolutions(
  db: Db,
  tenantId: string,
  where: SQL,
  iniciada: SQL<boolean> | typeof municipioSolucao.iniciada = municipioSolucao.iniciada,
) {
  return db
    .select({ ...municipalitySolutionColumns, iniciada })
    .from(municipioSolucao)
    .innerJoin(municipioGrupoSolucao, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, municipioSolucao.municipioGrupoSolucaoId))
    .where(scoped(municipioSolucao, tenantId, where));
}

export async function listMunicipalitySolutions(db: Db, tenantId: string, municipioId: number): Promise<MunicipalitySolution[]> {
  const rows = await municipalitySolutions(db, tenantId, eq(municipioSolucao.municipioId, municipioId));
  return rows.sort((a, b) => compareText(a.nome, b.nome));
}

export async function getMunicipalitySolution(db: Db, tenantId: string, id: number): Promise<MunicipalitySolution | undefined> {
  const [row] = await municipalitySolutions(db, tenantId, eq(municipioSolucao.municipioSolucaoId, id));
  return row;
}

async function municipalityTasks(
  db: Db,
  tenantId: string,
  where: SQL,
  order: SQL = asc(municipioTarefa.municipioTarefaId),
): Promise<MunicipalityTask[]> {
  const tasks = await db
    .select({
      municipioTarefaId: municipioTarefa.municipioTarefaId,
      municipioId: municipioTarefa.municipioId,
      municipioSolucaoId: municipioTarefa.municipioSolucaoId,
      tarefaId: municipioTarefa.tarefaId,
      nome: municipioTarefa.nome,
      descricao: municipioTarefa.descricao,
      horas: municipioTarefa.horas,
      desabilitado: municipioTarefa.desabilitado,
      solucaoNome: municipioSolucao.nome,
      solucaoDesabilitada: sql<boolean>`(${municipioSolucao.desabilitado} or ${municipioGrupoSolucao.desabilitado})`,
    })
    .from(municipioTarefa)
    .innerJoin(municipioSolucao, eq(municipioSolucao.municipioSolucaoId, municipioTarefa.municipioSolucaoId))
    .innerJoin(municipioGrupoSolucao, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, municipioSolucao.municipioGrupoSolucaoId))
    .where(scoped(municipioTarefa, tenantId, where))
    .orderBy(order);
  // A disabled evidence is no longer expected of the task.
  const evidences = await evidencesByTask(db, tenantId, tasks, { enabledOnly: true });
  return tasks.map((t) => ({ ...t, municipioEvidencias: evidences.get(t.municipioTarefaId) ?? [] }));
}

/** A municipality's tasks, by id (the solutions screens) or by name (the offline bundle, read.ts). */
export function listMunicipalityTasks(
  db: Db,
  tenantId: string,
  municipioId: number,
  order: 'id' | 'name' = 'id',
): Promise<MunicipalityTask[]> {
  return municipalityTasks(
    db,
    tenantId,
    eq(municipioTarefa.municipioId, municipioId),
    order === 'name' ? asc(municipioTarefa.nome) : undefined,
  );
}

/** Name, description and planned hours of a municipality's task (its own copy: the programme task is untouched). */
export async function updateMunicipalityTask(
  db: Db,
  tenantId: string,
  id: number,
  values: { nome: string; descricao: string; horas: number },
): Promise<MunicipalityTask> {
  await db
    .update(municipioTarefa)
    .set(values)
    .where(scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioTarefaId, id)));
  return (await getMunicipalityTask(db, tenantId, id))!;
}

export async function getMunicipalityTask(db: Db, tenantId: string, id: number): Promise<MunicipalityTask | undefined> {
  const [row] = await municipalityTasks(db, tenantId, eq(municipioTarefa.municipioTarefaId, id));
  return row;
}

/**
 * Brings a programme group into the municipality with the chosen solutions, their enabled tasks and
 * evidence definitions, in one transaction. The unique (municipio, grupo) index keeps a second
 * import from duplicating it (23505, answered 409 by the route).
 */
export async function addGroupToMunicipality(
  db: Db,
  tenantId: string,
  municipioId: number,
  group: SolutionGroup,
  solutionIds: number[],
): Promise<MunicipalityGroup> {
  const id = await db.transaction(async (tx) => {
    const [mg] = await tx
      .insert(municipioGrupoSolucao)
      .values(withTenant(tenantId, { municipioId, grupoSolucaoId: group.grupoSolucaoId, nome: group.nome }))
      .returning({ id: municipioGrupoSolucao.municipioGrupoSolucaoId });
    const solutions = await tx
      .select({ solucaoId: solucao.solucaoId, nome: solucao.nome, dataInicio: solucao.dataInicio, dataTermino: solucao.dataTermino })
      .from(solucao)
      .where(scoped(solucao, tenantId, eq(solucao.grupoSolucaoId, group.grupoSolucaoId), inArray(solucao.solucaoId, solutionIds)));
    for (const s of solutions) {
      const [ms] = await tx
        .insert(municipioSolucao)
        .values(
          withTenant(tenantId, {
            municipioId,
            solucaoId: s.solucaoId,
            municipioGrupoSolucaoId: mg!.id,
            nome: s.nome,
            dataInicio: s.dataInicio,
            dataTermino: s.dataTermino,
          }),
        )
        .returning({ id: municipioSolucao.municipioSolucaoId });
      const tasks = await tx
        .select({ tarefaId: tarefa.tarefaId })
        .from(tarefa)
        .where(scoped(tarefa, tenantId, eq(tarefa.solucaoId, s.solucaoId), eq(tarefa.desabilitado, false)));
      await copyTasks(
        tx as unknown as Db,
        tenantId,
        municipioId,
        ms!.id,
        tasks.map((t) => t.tarefaId),
      );
    }
    return mg!.id;
  });
  return (await getMunicipalityGroup(db, tenantId, id))!;
}

/** Copies programme tasks (and their evidence definitions) into a municipality's solution. */
export async function copyTasks(
  db: Db,
  tenantId: string,
  municipioId: number,
  municipioSolucaoId: number,
  tarefaIds: number[],
): Promise<number[]> {
  if (tarefaIds.length === 0) return [];
  const tasks = await listTasks(db, tenantId).then((all) => all.filter((t) => tarefaIds.includes(t.tarefaId)));
  const ids: number[] = [];
  for (const t of tasks) {
    const [mt] = await db
      .insert(municipioTarefa)
      .values(
        withTenant(tenantId, {
          municipioId,
          municipioSolucaoId,
          tarefaId: t.tarefaId,
          nome: t.nome,
          descricao: t.descricao,
          horas: t.horas,
        }),
      )
      .returning({ id: municipioTarefa.municipioTarefaId });
    if (t.evidencias.length > 0)
      await db
        .insert(municipioEvidencia)
        .values(t.evidencias.map((e) => withTenant(tenantId, { municipioTarefaId: mt!.id, nome: e.nome, descricao: e.descricao })));
    ids.push(mt!.id);
  }
  return ids;
}

type AfterDb<F> = F extends (db: Db, ...rest: infer R) => unknown ? R : never;

/** copyTasks in a transaction of its own: a municipality's solution imports programme tasks. */
export async function addTasksToSolution(db: Db, ...target: AfterDb<typeof copyTasks>): Promise<number[]> {
  return db.transaction((tx) => copyTasks(tx as unknown as Db, ...target));
}

export async function setMunicipalityGroupDisabled(db: Db, tenantId: string, id: number, desabilitado: boolean) {
  await db
    .update(municipioGrupoSolucao)
    .set({ desabilitado })
    .where(scoped(municipioGrupoSolucao, tenantId, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, id)));
}
export async function setMunicipalitySolutionDisabled(db: Db, tenantId: string, id: number, desabilitado: boolean) {
  await db
    .update(municipioSolucao)
    .set({ desabilitado })
    .where(scoped(municipioSolucao, tenantId, eq(municipioSolucao.municipioSolucaoId, id)));
}
export async function setMunicipalityTaskDisabled(db: Db, tenantId: string, id: number, desabilitado: boolean) {
  await db
    .update(municipioTarefa)
    .set({ desabilitado })
    .where(scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioTarefaId, id)));
}

/** A municipality task named by a field report is disabled; one never used is deleted. */
export async function deleteOrDisableMunicipalityTask(db: Db, tenantId: string, id: number): Promise<'deleted' | 'disabled'> {
  return db.transaction(async (tx) => {
    const used = await tx
      .select({ id: relatorioTarefa.id })
      .from(relatorioTarefa)
      .where(scoped(relatorioTarefa, tenantId, eq(relatorioTarefa.municipioTarefaId, id)))
      .limit(1);
    if (used.length > 0) {
      await tx
        .update(municipioTarefa)
        .set({ desabilitado: true })
        .where(scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioTarefaId, id)));
      return 'disabled';
    }
    await tx.delete(municipioTarefa).where(scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioTarefaId, id)));
    return 'deleted';
  });
}

// ---------------------------------------------------------------- municipality evidence definitions

const municipalityEvidenceColumns = {
  municipioEvidenciaId: municipioEvidencia.municipioEvidenciaId,
  municipioTarefaId: municipioEvidencia.municipioTarefaId,
  municipioId: municipioTarefa.municipioId,
  nome: municipioEvidencia.nome,
  descricao: municipioEvidencia.descricao,
  desabilitado: municipioEvidencia.desabilitado,
};

function municipalityEvidences(db: Db, tenantId: string, where: SQL) {
  return db
    .select(municipalityEvidenceColumns)
    .from(municipioEvidencia)
    .innerJoin(municipioTarefa, eq(municipioTarefa.municipioTarefaId, municipioEvidencia.municipioTarefaId))
    .where(scoped(municipioEvidencia, tenantId, where))
    .orderBy(asc(municipioEvidencia.municipioEvidenciaId));
}

export function listMunicipalityEvidences(db: Db, tenantId: string, municipioId: number): Promise<MunicipalityEvidence[]> {
  return municipalityEvidences(db, tenantId, eq(municipioTarefa.municipioId, municipioId));
}

export async function getMunicipalityEvidence(db: Db, tenantId: string, id: number): Promise<MunicipalityEvidence | undefined> {
  const [row] = await municipalityEvidences(db, tenantId, eq(municipioEvidencia.municipioEvidenciaId, id));
  return row;
}

export async function createMunicipalityEvidence(
  db: Db,
  tenantId: string,
  values: { municipioTarefaId: number; nome: string; descricao: string },
): Promise<MunicipalityEvidence> {
  const [row] = await db
    .insert(municipioEvidencia)
    .values(withTenant(tenantId, values))
    .returning({ id: municipioEvidencia.municipioEvidenciaId });
  return (await getMunicipalityEvidence(db, tenantId, row!.id))!;
}

export async function updateMunicipalityEvidence(
  db: Db,
  tenantId: string,
  id: number,
  values: { municipioTarefaId?: number; nome?: string; descricao?: string; desabilitado?: boolean },
): Promise<MunicipalityEvidence> {
  await db
    .update(municipioEvidencia)
    .set(values)
    .where(scoped(municipioEvidencia, tenantId, eq(municipioEvidencia.municipioEvidenciaId, id)));
  return (await getMunicipalityEvidence(db, tenantId, id))!;
}

export async function deleteMunicipalityEvidence(db: Db, tenantId: string, id: number): Promise<void> {
  await db.delete(municipioEvidencia).where(scoped(municipioEvidencia, tenantId, eq(municipioEvidencia.municipioEvidenciaId, id)));
}

// ---------------------------------------------------------------- progress (aggregates in SQL)

/**
 * Which tasks a progress call counts: the tenant's enabled municipality tasks (`mt`) of the
 * `allowed` municipalities, narrowed by the filter. The solution and group are joined only when
 * the filter names them (a task always has both: not-null foreign keys), since the joins cost a
 * third of an unfiltered call over 100,000 tasks.
 */
function taskScope(tenantId: string, filter: ProgressFilter, allowed: number[] | 'all'): { joins: SQL; where: SQL } {
  const conditions: SQL[] = [sql`mt.tenant_id = ${tenantId}`, sql`mt.desabilitado = false`];
  if (allowed !== 'all')
    conditions.push(
      allowed.length
        ? sql`mt.municipio_id in (${sql.join(
            allowed.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  if (filter.municipioId) conditions.push(sql`mt.municipio_id = ${filter.municipioId}`);
  if (filter.solucaoId) conditions.push(sql`ms.solucao_id = ${filter.solucaoId}`);
  if (filter.grupoSolucaoId) conditions.push(sql`mg.grupo_solucao_id = ${filter.grupoSolucaoId}`);
  if (filter.consultorId)
    conditions.push(
      sql`exists (select 1 from usuario_permissao up where up.tenant_id = ${tenantId} and up.usuario_id = ${filter.consultorId} and up.municipio_id = mt.municipio_id)`,
    );
  const joins: SQL[] = [];
  if (filter.solucaoId || filter.grupoSolucaoId)
    joins.push(sql`join municipio_solucao ms on ms.municipio_solucao_id = mt.municipio_solucao_id`);
  if (filter.grupoSolucaoId)
    joins.push(sql`join municipio_grupo_solucao mg on mg.municipio_grupo_solucao_id = ms.municipio_grupo_solucao_id`);
  return { joins: sql.join(joins, sql` `), where: sql.join(conditions, sql` and `) };
}

/** The report lines (`rt`, joined to their report `r`) a period counts: reports created in it. */
function periodLines(tenantId: string, filter: ProgressFilter): SQL {
  const period: SQL[] = [sql`r.tenant_id = ${tenantId}`];
  if (filter.dataInicio) period.push(sql`r.criado_em >= ${filter.dataInicio}::date`);
  if (filter.dataFim) period.push(sql`r.criado_em < (${filter.dataFim}::date + 1)`);
  return sql`relatorio_tarefa rt join relatorio r on r.relatorio_id = rt.relatorio_id and ${sql.join(period, sql` and `)}`;
}

const hasPeriod = (filter: ProgressFilter) => Boolean(filter.dataInicio || filter.dataFim);

/**
 * One row per enabled municipality task: planned hours, whether a field report marked it done, and
 * the hours used, each report's hours split evenly across the tasks it names (so the totals of
 * several tasks never count one report twice). Without a period these are the task's summary
 * columns (municipio_tarefa.horas_utilizadas and cumprida, kept by triggers when reports change);
 * a period counts only the reports created in it, from each line's share (horas_rateadas).
 * The tasks are filtered (and, with `limit`, ordered by municipality name and cut) first, and only
 * their report lines are read, so a filtered call stays fast with 100,000 tasks; `total` on each row
 * counts every task the filter matches before the cut.
 */
export function taskFacts(tenantId: string, filter: ProgressFilter, allowed: number[] | 'all' = 'all', limit?: number): SQL {
  const { where } = taskScope(tenantId, filter, allowed);
  const cut = limit === undefined ? sql`` : sql`order by m.nome, mt.municipio_id, mt.municipio_tarefa_id limit ${limit}`;
  const tasks = sql`
      select mt.municipio_tarefa_id, mt.municipio_id, m.nome as municipio_nome, mt.municipio_solucao_id, mt.nome,
             ms.nome as solucao_nome, mg.nome as grupo_nome, mt.horas::numeric as horas_previstas,
             mt.cumprida, mt.horas_utilizadas, count(*) over () as total
        from municipio_tarefa mt
        join municipio_solucao ms on ms.municipio_solucao_id = mt.municipio_solucao_id
        join municipio_grupo_solucao mg on mg.municipio_grupo_solucao_id = ms.municipio_grupo_solucao_id
        join municipio m on m.municipio_id = mt.municipio_id
       where ${where}
       ${cut}`;
  // Wrapped: callers append their own order by.
  if (!hasPeriod(filter)) return sql`select * from (${tasks}) t`;
  return sql`
    with t as (${tasks}),
    used as (
      select rt.municipio_tarefa_id, bool_or(rt.cumprida) as cumprida, sum(rt.horas_rateadas) as horas
        from ${periodLines(tenantId, filter)}
       where rt.tenant_id = ${tenantId} and rt.municipio_tarefa_id in (select municipio_tarefa_id from t)
       group by rt.municipio_tarefa_id
    )
    select t.municipio_tarefa_id, t.municipio_id, t.municipio_nome, t.municipio_solucao_id, t.nome, t.solucao_nome,
           t.grupo_nome, t.horas_previstas, coalesce(u.cumprida, false) as cumprida, coalesce(u.horas, 0) as horas_utilizadas, t.total
      from t left join used u on u.municipio_tarefa_id = t.municipio_tarefa_id`;
}

type Rows<T> = { rows: T[] };
const num = (v: unknown) => Number(v ?? 0);

/**
 * `allowed`: the municipalities the user may see ('all' for those who see every one). Aggregated
 * in one pass over the tasks: their summary columns, or with a period the period's report lines.
 */
export async function progressByMunicipality(
  db: Db,
  tenantId: string,
  filter: ProgressFilter,
  allowed: number[] | 'all',
): Promise<MunicipalityProgress[]> {
  const { joins, where } = taskScope(tenantId, filter, allowed);
  // With a period: each task's done flag and hours from the period's report lines, joined to the
  // tasks in the same single pass over them (a second pass, from the lines to their tasks, cost half again).
  const used = hasPeriod(filter)
    ? {
        join: sql`left join (
            select rt.municipio_tarefa_id, bool_or(rt.cumprida) as cumprida, sum(rt.horas_rateadas) as horas
              from ${periodLines(tenantId, filter)}
             where rt.tenant_id = ${tenantId}
             group by rt.municipio_tarefa_id
          ) u on u.municipio_tarefa_id = mt.municipio_tarefa_id`,
        cumprida: sql`u.cumprida`,
        horas: sql`u.horas`,
      }
    : { join: sql``, cumprida: sql`mt.cumprida`, horas: sql`mt.horas_utilizadas` };
  const query = sql`
    select t.*, m.nome as municipio_nome
      from (select mt.municipio_id, count(*) as tarefas, count(*) filter (where ${used.cumprida}) as tarefas_cumpridas,
                   sum(mt.horas::numeric) as horas_previstas, coalesce(sum(${used.horas}), 0) as horas_utilizadas
              from municipio_tarefa mt ${joins} ${used.join}
             where ${where}
             group by mt.municipio_id) t
      join municipio m on m.municipio_id = t.municipio_id`;
  const result = (await db.execute(query)) as unknown as Rows<Record<string, unknown>>;
  return result.rows
    .map((r) => ({
      municipioId: num(r.municipio_id),
      municipioNome: String(r.municipio_nome),
      tarefas: num(r.tarefas),
      tarefasCumpridas: num(r.tarefas_cumpridas),
      horasPrevistas: num(r.horas_previstas),
      horasUtilizadas: Math.round(num(r.horas_utilizadas) * 100) / 100,
    }))
    .sort((a, b) => compareText(a.municipioNome, b.municipioNome));
}

export async function progressBySolution(db: Db, tenantId: string, municipioId: number): Promise<SolutionProgress[]> {
  const result = (await db.execute(sql`
    select f.municipio_solucao_id, f.solucao_nome, count(*) as tarefas,
           count(*) filter (where f.cumprida) as tarefas_cumpridas,
           sum(f.horas_previstas) as horas_previstas, sum(f.horas_utilizadas) as horas_utilizadas
      from (${taskFacts(tenantId, { municipioId })}) f
     group by f.municipio_solucao_id, f.solucao_nome`)) as unknown as Rows<Record<string, unknown>>;
  return result.rows
    .map((r) => ({
      municipioSolucaoId: num(r.municipio_solucao_id),
      nome: String(r.solucao_nome),
      tarefas: num(r.tarefas),
      tarefasCumpridas: num(r.tarefas_cumpridas),
      horasPrevistas: num(r.horas_previstas),
      horasUtilizadas: Math.round(num(r.horas_utilizadas) * 100) / 100,
    }))
    .sort((a, b) => compareText(a.nome, b.nome));
}

export async function progressByTask(db: Db, tenantId: string, municipioId: number): Promise<TaskProgress[]> {
  const result = (await db.execute(
    sql`select * from (${taskFacts(tenantId, { municipioId })}) f order by f.municipio_tarefa_id`,
  )) as unknown as Rows<Record<string, unknown>>;
  return result.rows.map((r) => ({
    municipioTarefaId: num(r.municipio_tarefa_id),
    municipioSolucaoId: num(r.municipio_solucao_id),
    solucaoNome: String(r.solucao_nome),
    nome: String(r.nome),
    cumprida: r.cumprida === true || r.cumprida === 't',
    horasPrevistas: num(r.horas_previstas),
    horasUtilizadas: Math.round(num(r.horas_utilizadas) * 100) / 100,
  }));
}
