import { asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { EvidenceDefinition, Solution, SolutionGroup, SolutionInput, Task, TaskInput } from '../../../src/domain/solutions.ts';
import type { SolutionType } from '../../../src/domain/municipality-solutions.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import type { Conn } from '../../lib/command.ts';
import {
  evidencia,
  grupoSolucao,
  grupoSolucaoEixo,
  municipio,
  municipioGrupoSolucao,
  municipioSolucao,
  municipioTarefa,
  projeto,
  solucao,
  solucaoTipo,
  solucaoUsuario,
  tarefa,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';

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

/** The tenant's solution types (the Tipo combo of the solution form), by name. */
export async function listSolutionTypes(db: Db, tenantId: string): Promise<SolutionType[]> {
  const rows = await db
    .select({ solucaoTipoId: solucaoTipo.solucaoTipoId, nome: solucaoTipo.nome })
    .from(solucaoTipo)
    .where(scoped(solucaoTipo, tenantId));
  return rows.sort((a, b) => compareText(a.nome, b.nome));
}
