import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type {
  Dashboard,
  DashboardFilter,
  EvidenceMonth,
  ExecutionRow,
  IndicatorAnalytics,
} from '../../../src/domain/dashboard.ts';
import {
  grupoSolucao as G,
  municipio as M,
  municipioSolucao as S,
  municipioTarefa as T,
  perguntaEvidencia as PE,
  perguntaMunicipio as PM,
  salaIndicador as SI,
  salaIndicadorMunicipio as SIM,
  solucao,
  unidadeRegionalMunicipio as URM,
} from '../../db/schema/index.ts';
import { scoped } from '../../db/tenant-scope.ts';
import type { Conn } from '../../lib/command.ts';

/**
 * The dashboard's SQL: every number is a count(*) … filter (where …) grouped by the database, over
 * the municipalities the user sees (`visible`: undefined for all of the tenant's, spec §6); nothing is
 * summed in JavaScript. "Today" and the months are São Paulo's.
 */

export type Scope = { tenantId: string; filter: DashboardFilter; visible: readonly number[] | undefined };

const TODAY = sql`(now() at time zone 'America/Sao_Paulo')::date`;
const int = (fragment: SQL) => sql<number>`(${fragment})::int`;
const spDate = (column: typeof PE.criadoEm | typeof SIM.atualizadoEm) => sql`(${column} at time zone 'America/Sao_Paulo')::date`;

/** The municipalities a scope covers: the tenant's, those the user sees, the UF, project and regional unit chosen. */
function municipalityWhere(db: Conn, { tenantId, filter: f, visible }: Scope): SQL {
  return scoped(
    M,
    tenantId,
    f.uf ? eq(M.uf, f.uf) : undefined,
    f.projetoId ? eq(M.projetoId, f.projetoId) : undefined,
    f.unidadeRegionalId
      ? inArray(M.municipioId, db.select({ id: URM.municipioId }).from(URM).where(eq(URM.unidadeRegionalId, f.unidadeRegionalId)))
      : undefined,
    visible === undefined ? undefined : visible.length > 0 ? inArray(M.municipioId, [...visible]) : sql`false`,
  );
}

/** A period over a date column: inclusive, either end open. */
function period(column: SQL | typeof S.dataTermino, f: DashboardFilter): SQL | undefined {
  return and(f.dataInicial ? sql`${column} >= ${f.dataInicial}::date` : undefined, f.dataFim ? sql`${column} <= ${f.dataFim}::date` : undefined);
}

// A task is done when a report marked it (cumprida), late when not done past its solution's end date.
const done = sql`${T.cumprida}`;
const late = sql`not ${T.cumprida} and ${S.dataTermino} < ${TODAY}`;
const ongoing = sql`not ${T.cumprida} and (${S.dataTermino} is null or ${S.dataTermino} >= ${TODAY})`;

/** The enabled tasks of enabled solutions in the scope; the period is the solutions' end date. */
function taskWhere(db: Conn, scope: Scope): SQL {
  return and(
    eq(T.tenantId, scope.tenantId),
    eq(T.desabilitado, false),
    eq(S.desabilitado, false),
    municipalityWhere(db, scope),
    period(S.dataTermino, scope.filter),
  ) as SQL;
}

async function taskTotals(db: Conn, scope: Scope): Promise<Dashboard['tarefas']> {
  const [row] = await db
    .select({
      total: int(sql`count(*)`),
      concluidas: int(sql`count(*) filter (where ${done})`),
      emAndamento: int(sql`count(*) filter (where ${ongoing})`),
      atrasadas: int(sql`count(*) filter (where ${late})`),
    })
    .from(T)
    .innerJoin(S, eq(S.municipioSolucaoId, T.municipioSolucaoId))
    .innerJoin(M, eq(M.municipioId, T.municipioId))
    .where(taskWhere(db, scope));
  return row!;
}

async function execution(db: Conn, scope: Scope): Promise<ExecutionRow[]> {
  return db
    .select({
      grupoSolucaoId: G.grupoSolucaoId,
      nome: G.nome,
      concluidas: int(sql`count(*) filter (where ${done})`),
      emAndamento: int(sql`count(*) filter (where ${ongoing})`),
      atrasadas: int(sql`count(*) filter (where ${late})`),
    })
    .from(T)
    .innerJoin(S, eq(S.municipioSolucaoId, T.municipioSolucaoId))
    .innerJoin(M, eq(M.municipioId, T.municipioId))
    .innerJoin(solucao, eq(solucao.solucaoId, S.solucaoId))
    .innerJoin(G, eq(G.grupoSolucaoId, solucao.grupoSolucaoId))
    .where(taskWhere(db, scope))
    .groupBy(G.grupoSolucaoId, G.nome)
    .orderBy(asc(G.nome), asc(G.grupoSolucaoId));
}

async function seals(db: Conn, scope: Scope): Promise<{ municipios: number; selos: Dashboard['selos'] }> {
  const [row] = await db
    .select({
      municipios: int(sql`count(*)`),
      ouro: int(sql`count(*) filter (where ${M.selo} = 'ouro')`),
      prata: int(sql`count(*) filter (where ${M.selo} = 'prata')`),
      bronze: int(sql`count(*) filter (where ${M.selo} = 'bronze')`),
      diamante: int(sql`count(*) filter (where ${M.selo} = 'diamante')`),
      semSelo: int(sql`count(*) filter (where ${M.selo} is null)`),
    })
    .from(M)
    .where(municipalityWhere(db, scope));
  const { municipios, ...selos } = row!;
  return { municipios, selos };
}

/**
 * Evidence files by the month they were uploaded and their review state (spec §3): not sent (the
 * criterion not yet sent for analysis), sent (waiting for a decision), in analysis (decided, the
 * analysis not finalized), approved and rejected (finalized).
 */
async function evidenceByMonth(db: Conn, scope: Scope): Promise<EvidenceMonth[]> {
  const mes = sql<string>`to_char(${PE.criadoEm} at time zone 'America/Sao_Paulo', 'YYYY-MM')`;
  const undecided = sql`not ${PE.aprovada} and not ${PE.rejeitada}`;
  return db
    .select({
      mes,
      naoEnviado: int(sql`count(*) filter (where ${undecided} and not ${PM.evidenciada})`),
      enviado: int(sql`count(*) filter (where ${undecided} and ${PM.evidenciada})`),
      emAnalise: int(sql`count(*) filter (where not ${PE.enviada} and (${PE.aprovada} or ${PE.rejeitada}))`),
      aprovado: int(sql`count(*) filter (where ${PE.enviada} and ${PE.aprovada})`),
      rejeitado: int(sql`count(*) filter (where ${PE.enviada} and ${PE.rejeitada})`),
    })
    .from(PE)
    .innerJoin(PM, eq(PM.perguntaMunicipioId, PE.perguntaMunicipioId))
    .innerJoin(M, eq(M.municipioId, PM.municipioId))
    .where(and(eq(PE.tenantId, scope.tenantId), municipalityWhere(db, scope), period(spDate(PE.criadoEm), scope.filter)))
    .groupBy(mes)
    .orderBy(mes);
}

/** POST dashboardadministrativo: four grouped queries, run together. */
export async function overview(db: Conn, scope: Scope): Promise<Dashboard> {
  const [tarefas, execucao, sealCounts, evidencias] = await Promise.all([
    taskTotals(db, scope),
    execution(db, scope),
    seals(db, scope),
    evidenceByMonth(db, scope),
  ]);
  return { municipios: sealCounts.municipios, tarefas, execucao, selos: sealCounts.selos, evidencias };
}

/** GET get-analitico-por-indicador: readings in the scope (period over the reading's update day). */
export async function indicatorAnalytics(db: Conn, scope: Scope): Promise<IndicatorAnalytics[]> {
  const within = sql`case when ${SI.maiorMelhor} then ${SIM.valor} >= ${SIM.meta} else ${SIM.valor} <= ${SIM.meta} end`;
  return db
    .select({
      indicadorId: SI.indicadorId,
      nome: SI.nome,
      municipios: int(sql`count(distinct ${SIM.municipioId})`),
      leituras: int(sql`count(*)`),
      dentroDaMeta: int(sql`count(*) filter (where ${within})`),
      foraDaMeta: int(sql`count(*) filter (where not (${within}))`),
    })
    .from(SIM)
    .innerJoin(SI, eq(SI.indicadorId, SIM.indicadorId))
    .innerJoin(M, eq(M.municipioId, SIM.municipioId))
    .where(and(eq(SIM.tenantId, scope.tenantId), municipalityWhere(db, scope), period(spDate(SIM.atualizadoEm), scope.filter)))
    .groupBy(SI.indicadorId, SI.nome)
    .orderBy(asc(SI.nome), asc(SI.indicadorId));
}
