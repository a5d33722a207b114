import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TaskProgressRow } from '../../../src/domain/solution-progress.ts';
import type {
  MunicipalityEvidence,
  MunicipalityGroup,
  MunicipalityProgress,
  MunicipalitySolution,
  MunicipalityTask,
  ProgressFilter,
  SolutionGroup,
  SolutionProgress,
  TaskProgress,
} from '../../../src/domain/solutions.ts';
import { compareText } from '../../../src/domain/text.ts';
import {
  grupoSolucao,
  municipioEvidencia,
  municipioGrupoSolucao,
  municipioSolucao,
  municipioTarefa,
  relatorioTarefa,
  solucao,
  tarefa,
} from '../../db/schema/index.ts';
import { scoped, withTenant } from '../../db/tenant-scope.ts';
import type { Conn } from '../../lib/command.ts';
import { evidencesByTask } from '../../lib/task-evidences.ts';
import { listCatalogueTasks } from '../solutions/read.ts';

/**
 * SQL of a municipality's solutions (semantics: src/domain/municipality-solutions.ts, solutions.ts):
 * its groups, solutions, tasks and evidence definitions (copies of the programme's catalogue), a
 * solution's course (started, to finalize, finalized), the solution types and the task progress.
 * Every query is scoped by tenant; a missing row is null (the commands answer the 404).
 */

const municipalityGroupColumns = {
  municipioGrupoSolucaoId: municipioGrupoSolucao.municipioGrupoSolucaoId,
  municipioId: municipioGrupoSolucao.municipioId,
  grupoSolucaoId: municipioGrupoSolucao.grupoSolucaoId,
  nome: municipioGrupoSolucao.nome,
  desabilitado: municipioGrupoSolucao.desabilitado,
};

export async function listMunicipalityGroups(db: Conn, tenantId: string, municipioId: number): Promise<MunicipalityGroup[]> {
  const rows = await db
    .select(municipalityGroupColumns)
    .from(municipioGrupoSolucao)
    .where(scoped(municipioGrupoSolucao, tenantId, eq(municipioGrupoSolucao.municipioId, municipioId)));
  return rows.sort((a, b) => compareText(a.nome, b.nome));
}

export async function getMunicipalityGroup(db: Conn, tenantId: string, id: number): Promise<MunicipalityGroup | null> {
  const [row] = await db
    .select(municipalityGroupColumns)
    .from(municipioGrupoSolucao)
    .where(scoped(municipioGrupoSolucao, tenantId, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, id)));
  return row ?? null;
}

/** What the offline bundle carries of a solution (read.ts); the screens' columns below add its course and its group's state. */
export const solutionBundleColumns = {
  municipioSolucaoId: municipioSolucao.municipioSolucaoId,
  municipioId: municipioSolucao.municipioId,
  solucaoId: municipioSolucao.solucaoId,
  municipioGrupoSolucaoId: municipioSolucao.municipioGrupoSolucaoId,
  nome: municipioSolucao.nome,
  desabilitado: municipioSolucao.desabilitado,
};

// The bundle's columns first, in the same order: the SELECT lists them as before.
export const municipalitySolutionColumns = {
  ...solutionBundleColumns,
  dataInicio: municipioSolucao.dataInicio,
  dataTermino: municipioSolucao.dataTermino,
  iniciada: municipioSolucao.iniciada,
  finalizada: municipioSolucao.finalizada,
  grupoDesabilitado: municipioGrupoSolucao.desabilitado,
};

/**
 * A municipality's solutions with their group's disabling. `iniciada` is the stored flag unless the
 * caller computes the course (startedSql, below).
 */
export function municipalitySolutions(
  db: Conn,
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

export async function listMunicipalitySolutions(db: Conn, tenantId: string, municipioId: number): Promise<MunicipalitySolution[]> {
  const rows = await municipalitySolutions(db, tenantId, eq(municipioSolucao.municipioId, municipioId));
  return rows.sort((a, b) => compareText(a.nome, b.nome));
}

export async function getMunicipalitySolution(db: Conn, tenantId: string, id: number): Promise<MunicipalitySolution | null> {
  const [row] = await municipalitySolutions(db, tenantId, eq(municipioSolucao.municipioSolucaoId, id));
  return row ?? null;
}

async function municipalityTasks(
  db: Conn,
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
  db: Conn,
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
  db: Conn,
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

export async function getMunicipalityTask(db: Conn, tenantId: string, id: number): Promise<MunicipalityTask | null> {
  const [row] = await municipalityTasks(db, tenantId, eq(municipioTarefa.municipioTarefaId, id));
  return row ?? null;
}

/**
 * Brings a programme group into the municipality with the chosen solutions, their enabled tasks and
 * evidence definitions (run inside the command's transaction). The unique (municipio, grupo) index
 * keeps a second import from duplicating it (23505, answered 409 by the command).
 */
export async function addGroupToMunicipality(
  tx: Conn,
  tenantId: string,
  municipioId: number,
  group: SolutionGroup,
  solutionIds: number[],
): Promise<number> {
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
      tx,
      tenantId,
      municipioId,
      ms!.id,
      tasks.map((t) => t.tarefaId),
    );
  }
  return mg!.id;
}

/** Copies programme tasks (and their evidence definitions) into a municipality's solution. */
export async function copyTasks(
  db: Conn,
  tenantId: string,
  municipioId: number,
  municipioSolucaoId: number,
  tarefaIds: number[],
): Promise<number[]> {
  if (tarefaIds.length === 0) return [];
  const tasks = await listCatalogueTasks(db, tenantId).then((all) => all.filter((t) => tarefaIds.includes(t.tarefaId)));
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

export async function setMunicipalityGroupDisabled(db: Conn, tenantId: string, id: number, desabilitado: boolean) {
  await db
    .update(municipioGrupoSolucao)
    .set({ desabilitado })
    .where(scoped(municipioGrupoSolucao, tenantId, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, id)));
}
export async function setMunicipalitySolutionDisabled(db: Conn, tenantId: string, id: number, desabilitado: boolean) {
  await db
    .update(municipioSolucao)
    .set({ desabilitado })
    .where(scoped(municipioSolucao, tenantId, eq(municipioSolucao.municipioSolucaoId, id)));
}
export async function setMunicipalityTaskDisabled(db: Conn, tenantId: string, id: number, desabilitado: boolean) {
  await db
    .update(municipioTarefa)
    .set({ desabilitado })
    .where(scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioTarefaId, id)));
}

/** Whether a field report names the municipality task (then it is disabled, never deleted). */
export async function taskUsedByReport(db: Conn, tenantId: string, id: number): Promise<boolean> {
  const used = await db
    .select({ id: relatorioTarefa.id })
    .from(relatorioTarefa)
    .where(scoped(relatorioTarefa, tenantId, eq(relatorioTarefa.municipioTarefaId, id)))
    .limit(1);
  return used.length > 0;
}

export async function deleteMunicipalityTask(db: Conn, tenantId: string, id: number): Promise<void> {
  await db.delete(municipioTarefa).where(scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioTarefaId, id)));
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

function municipalityEvidences(db: Conn, tenantId: string, where: SQL) {
  return db
    .select(municipalityEvidenceColumns)
    .from(municipioEvidencia)
    .innerJoin(municipioTarefa, eq(municipioTarefa.municipioTarefaId, municipioEvidencia.municipioTarefaId))
    .where(scoped(municipioEvidencia, tenantId, where))
    .orderBy(asc(municipioEvidencia.municipioEvidenciaId));
}

export function listMunicipalityEvidences(db: Conn, tenantId: string, municipioId: number): Promise<MunicipalityEvidence[]> {
  return municipalityEvidences(db, tenantId, eq(municipioTarefa.municipioId, municipioId));
}

export async function getMunicipalityEvidence(db: Conn, tenantId: string, id: number): Promise<MunicipalityEvidence | null> {
  const [row] = await municipalityEvidences(db, tenantId, eq(municipioEvidencia.municipioEvidenciaId, id));
  return row ?? null;
}

export async function createMunicipalityEvidence(
  db: Conn,
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
  db: Conn,
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

export async function deleteMunicipalityEvidence(db: Conn, tenantId: string, id: number): Promise<void> {
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
  db: Conn,
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

export async function progressBySolution(db: Conn, tenantId: string, municipioId: number): Promise<SolutionProgress[]> {
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

export async function progressByTask(db: Conn, tenantId: string, municipioId: number): Promise<TaskProgress[]> {
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

/**
 * Whether the municipio_solucao row `ms` is started: marked so, a task of it marked done by a field
 * report, or its start date reached (`today`, YYYY-MM-DD in São Paulo).
 */
function startedSql(tenantId: string, today: string): SQL {
  return sql`(${municipioSolucao.iniciada}
    or (${municipioSolucao.dataInicio} is not null and ${municipioSolucao.dataInicio} <= ${today}::date)
    or exists (select 1 from relatorio_tarefa rt join municipio_tarefa mt on mt.municipio_tarefa_id = rt.municipio_tarefa_id
                where rt.tenant_id = ${tenantId} and rt.cumprida and mt.municipio_solucao_id = ${municipioSolucao.municipioSolucaoId}))`;
}

/** The municipality's solutions with `iniciada` computed from the course as of `today`. */
function solutionsWhere(db: Conn, tenantId: string, today: string, where: SQL) {
  return municipalitySolutions(db, tenantId, where, sql<boolean>`${startedSql(tenantId, today)}`.mapWith(Boolean));
}

/** Enabled, with its group enabled, in the municipality (enabledSolutions; solutionsToFinalize narrows it). */
const enabledIn = (municipioId: number) => [
  eq(municipioSolucao.municipioId, municipioId),
  eq(municipioSolucao.desabilitado, false),
  eq(municipioGrupoSolucao.desabilitado, false),
];

const byName = <T extends { nome: string }>(rows: T[]) => rows.sort((a, b) => compareText(a.nome, b.nome));

/** The municipality's enabled solutions of enabled groups (what its forms offer to choose). */
export async function enabledSolutions(db: Conn, tenantId: string, municipioId: number, today: string): Promise<MunicipalitySolution[]> {
  return byName(await solutionsWhere(db, tenantId, today, and(...enabledIn(municipioId))!));
}

/** Started, not finalized, enabled (with its group): the solutions the municipality may finalize. */
export async function solutionsToFinalize(db: Conn, tenantId: string, municipioId: number, today: string): Promise<MunicipalitySolution[]> {
  return byName(
    await solutionsWhere(
      db,
      tenantId,
      today,
      and(...enabledIn(municipioId), eq(municipioSolucao.finalizada, false), startedSql(tenantId, today))!,
    ),
  );
}

export async function getSolutionWithCourse(db: Conn, tenantId: string, id: number, today: string): Promise<MunicipalitySolution | null> {
  const [row] = await solutionsWhere(db, tenantId, today, eq(municipioSolucao.municipioSolucaoId, id));
  return row ?? null;
}

/** Finalizes the solutions (each one of `solutionsToFinalize`, checked by the route) in one statement; the end date defaults to today. */
export async function finalizeSolutions(db: Conn, tenantId: string, ids: number[], today: string): Promise<void> {
  await db
    .update(municipioSolucao)
    .set({ finalizada: true, dataTermino: sql`coalesce(${municipioSolucao.dataTermino}, ${today}::date)` })
    .where(scoped(municipioSolucao, tenantId, inArray(municipioSolucao.municipioSolucaoId, ids)));
}

/** Marks a solution started; the start date defaults to today. */
export async function startSolution(db: Conn, tenantId: string, id: number, today: string): Promise<void> {
  await db
    .update(municipioSolucao)
    .set({ iniciada: true, dataInicio: sql`coalesce(${municipioSolucao.dataInicio}, ${today}::date)` })
    .where(scoped(municipioSolucao, tenantId, eq(municipioSolucao.municipioSolucaoId, id)));
}

/** A group of a municipality is started when one of its solutions is. */
export async function groupStarted(db: Conn, tenantId: string, municipioGrupoSolucaoId: number, today: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(municipioSolucao)
    .where(
      scoped(
        municipioSolucao,
        tenantId,
        eq(municipioSolucao.municipioGrupoSolucaoId, municipioGrupoSolucaoId),
        startedSql(tenantId, today),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** The groups brought into municipalities (those in `allowed`) from the project's catalogue. */
export async function municipalityGroupsOfProject(
  db: Conn,
  tenantId: string,
  projetoId: number,
  allowed: number[] | 'all',
): Promise<MunicipalityGroup[]> {
  if (allowed !== 'all' && allowed.length === 0) return [];
  const rows = await db
    .select({
      municipioGrupoSolucaoId: municipioGrupoSolucao.municipioGrupoSolucaoId,
      municipioId: municipioGrupoSolucao.municipioId,
      grupoSolucaoId: municipioGrupoSolucao.grupoSolucaoId,
      nome: municipioGrupoSolucao.nome,
      desabilitado: municipioGrupoSolucao.desabilitado,
    })
    .from(municipioGrupoSolucao)
    .innerJoin(grupoSolucao, eq(grupoSolucao.grupoSolucaoId, municipioGrupoSolucao.grupoSolucaoId))
    .where(
      scoped(
        municipioGrupoSolucao,
        tenantId,
        eq(grupoSolucao.projetoId, projetoId),
        allowed === 'all' ? undefined : inArray(municipioGrupoSolucao.municipioId, allowed),
      ),
    )
    .orderBy(asc(municipioGrupoSolucao.municipioId));
  return rows.sort((a, b) => a.municipioId - b.municipioId || compareText(a.nome, b.nome));
}

export async function renameMunicipalityGroup(db: Conn, tenantId: string, id: number, nome: string): Promise<MunicipalityGroup> {
  await db
    .update(municipioGrupoSolucao)
    .set({ nome })
    .where(scoped(municipioGrupoSolucao, tenantId, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, id)));
  return (await getMunicipalityGroup(db, tenantId, id))!;
}

export async function updateMunicipalitySolution(
  db: Conn,
  tenantId: string,
  id: number,
  values: { nome: string; justificativa?: string | null; dataInicio?: string | null; dataTermino?: string | null },
): Promise<MunicipalitySolution> {
  await db
    .update(municipioSolucao)
    .set({
      nome: values.nome,
      ...(values.justificativa !== undefined && { justificativa: values.justificativa }),
      ...(values.dataInicio !== undefined && { dataInicio: values.dataInicio }),
      ...(values.dataTermino !== undefined && { dataTermino: values.dataTermino }),
    })
    .where(scoped(municipioSolucao, tenantId, eq(municipioSolucao.municipioSolucaoId, id)));
  return (await getMunicipalitySolution(db, tenantId, id))!;
}

/** The municipality task copied from programme task `tarefaId` into the solution, if any. */
export async function taskInSolution(db: Conn, tenantId: string, municipioSolucaoId: number, tarefaId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: municipioTarefa.municipioTarefaId })
    .from(municipioTarefa)
    .where(
      scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioSolucaoId, municipioSolucaoId), eq(municipioTarefa.tarefaId, tarefaId)),
    )
    .limit(1);
  return row?.id ?? null;
}

/** Task-level progress across the `allowed` municipalities: filtered, counted and cut at `limit` in SQL. */
export async function taskProgressRows(
  db: Conn,
  tenantId: string,
  filter: ProgressFilter,
  allowed: number[] | 'all',
  limit: number,
): Promise<{ linhas: TaskProgressRow[]; total: number }> {
  const result = (await db.execute(sql`${taskFacts(tenantId, filter, allowed, limit)} order by 3, 2, 1`)) as unknown as Rows<
    Record<string, unknown>
  >;
  const linhas = result.rows.map((r) => ({
    municipioTarefaId: num(r.municipio_tarefa_id),
    municipioId: num(r.municipio_id),
    municipioNome: String(r.municipio_nome),
    municipioSolucaoId: num(r.municipio_solucao_id),
    grupoNome: String(r.grupo_nome),
    solucaoNome: String(r.solucao_nome),
    nome: String(r.nome),
    cumprida: r.cumprida === true || r.cumprida === 't',
    horasPrevistas: num(r.horas_previstas),
    horasUtilizadas: Math.round(num(r.horas_utilizadas) * 100) / 100,
  }));
  return { linhas, total: num(result.rows[0]?.total) };
}
