import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { ProgressFilter } from '../../../src/domain/solutions.ts';
import type { MunicipalityGroup, MunicipalitySolution } from '../../../src/domain/solutions.ts';
import type { SolutionType } from '../../../src/domain/municipality-solutions.ts';
import type { TaskProgressRow } from '../../../src/domain/solution-progress.ts';
import { compareText } from '../../../src/domain/text.ts';
import type { Db } from '../../db/client.ts';
import { grupoSolucao, municipioGrupoSolucao, municipioSolucao, municipioTarefa, solucaoTipo } from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import { getMunicipalityGroup, getMunicipalitySolution, municipalitySolutions, taskFacts } from './repository.ts';

/**
 * SQL of the municipality-level calls that follow a solution's course (started, to finalize,
 * finalized), the updates of a municipality's groups and solutions, the solution types and the
 * task-level progress across municipalities. Semantics: src/domain/municipality-solutions.ts.
 */

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
function solutionsWhere(db: Db, tenantId: string, today: string, where: SQL) {
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
export async function enabledSolutions(db: Db, tenantId: string, municipioId: number, today: string): Promise<MunicipalitySolution[]> {
  return byName(await solutionsWhere(db, tenantId, today, and(...enabledIn(municipioId))!));
}

/** Started, not finalized, enabled (with its group): the solutions the municipality may finalize. */
export async function solutionsToFinalize(db: Db, tenantId: string, municipioId: number, today: string): Promise<MunicipalitySolution[]> {
  return byName(
    await solutionsWhere(
      db,
      tenantId,
      today,
      and(...enabledIn(municipioId), eq(municipioSolucao.finalizada, false), startedSql(tenantId, today))!,
    ),
  );
}

export async function getSolutionWithCourse(
  db: Db,
  tenantId: string,
  id: number,
  today: string,
): Promise<MunicipalitySolution | undefined> {
  const [row] = await solutionsWhere(db, tenantId, today, eq(municipioSolucao.municipioSolucaoId, id));
  return row;
}

/** Finalizes the solutions (each one of `solutionsToFinalize`, checked by the route) in one statement; the end date defaults to today. */
export async function finalizeSolutions(db: Db, tenantId: string, ids: number[], today: string): Promise<void> {
  await db
    .update(municipioSolucao)
    .set({ finalizada: true, dataTermino: sql`coalesce(${municipioSolucao.dataTermino}, ${today}::date)` })
    .where(scoped(municipioSolucao, tenantId, inArray(municipioSolucao.municipioSolucaoId, ids)));
}

/** Marks a solution started; the start date defaults to today. */
export async function startSolution(db: Db, tenantId: string, id: number, today: string): Promise<void> {
  await db
    .update(municipioSolucao)
    .set({ iniciada: true, dataInicio: sql`coalesce(${municipioSolucao.dataInicio}, ${today}::date)` })
    .where(scoped(municipioSolucao, tenantId, eq(municipioSolucao.municipioSolucaoId, id)));
}

/** A group of a municipality is started when one of its solutions is. */
export async function groupStarted(db: Db, tenantId: string, municipioGrupoSolucaoId: number, today: string): Promise<boolean> {
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
  db: Db,
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

export async function renameMunicipalityGroup(db: Db, tenantId: string, id: number, nome: string): Promise<MunicipalityGroup> {
  await db
    .update(municipioGrupoSolucao)
    .set({ nome })
    .where(scoped(municipioGrupoSolucao, tenantId, eq(municipioGrupoSolucao.municipioGrupoSolucaoId, id)));
  return (await getMunicipalityGroup(db, tenantId, id))!;
}

export async function updateMunicipalitySolution(
  db: Db,
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
export async function taskInSolution(db: Db, tenantId: string, municipioSolucaoId: number, tarefaId: number): Promise<number | null> {
  const [row] = await db
    .select({ id: municipioTarefa.municipioTarefaId })
    .from(municipioTarefa)
    .where(
      scoped(municipioTarefa, tenantId, eq(municipioTarefa.municipioSolucaoId, municipioSolucaoId), eq(municipioTarefa.tarefaId, tarefaId)),
    )
    .limit(1);
  return row?.id ?? null;
}

export async function listSolutionTypes(db: Db, tenantId: string): Promise<SolutionType[]> {
  const rows = await db
    .select({ solucaoTipoId: solucaoTipo.solucaoTipoId, nome: solucaoTipo.nome })
    .from(solucaoTipo)
    .where(scoped(solucaoTipo, tenantId));
  return byName(rows);
}

type Rows = { rows: Record<string, unknown>[] };
const num = (v: unknown) => Number(v ?? 0);

/** Task-level progress across the `allowed` municipalities: filtered, counted and cut at `limit` in SQL. */
export async function taskProgressRows(
  db: Db,
  tenantId: string,
  filter: ProgressFilter,
  allowed: number[] | 'all',
  limit: number,
): Promise<{ linhas: TaskProgressRow[]; total: number }> {
  const result = (await db.execute(sql`${taskFacts(tenantId, filter, allowed, limit)} order by 3, 2, 1`)) as unknown as Rows;
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
