import { sql } from 'drizzle-orm';
import type { ReportDefinition, ReportFilters, ReportPage, FilterOptions } from '../../../src/domain/report-catalogue.ts';
import { RELATIONSHIP_STATUSES, SEALS, SEAL_LABELS } from '../../../src/domain/report-catalogue.ts';
import type { Conn } from '../../lib/command.ts';
import { reportSql, type ReportContext } from './reports.ts';

type Rows<T> = { rows: T[] };
type Row = Record<string, unknown>;

/** Numeric columns come back as strings from some drivers: the declaration's type decides. */
function cellsOf(report: ReportDefinition, row: Row): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const c of report.columns) {
    const v = row[c.key];
    if (v === null || v === undefined) out[c.key] = null;
    else if (c.type === 'text' || c.type === 'date') out[c.key] = String(v);
    else out[c.key] = Number(v);
  }
  return out;
}

/**
 * One page of a report: its SQL wrapped with the order and the page (a top-N sort, not every row
 * sorted), and its total. Not a window `count(*) over ()` on the page query: that materialises and
 * sorts every row for 50 of them (report 1 on 100,000 tasks). The total needs a count of its own
 * only when the page does not tell it: a page that is not full ends the report.
 */
export async function runReport(
  db: Conn,
  report: ReportDefinition,
  ctx: ReportContext,
  page: { pagina: number; tamanhoPagina: number },
): Promise<ReportPage> {
  const build = reportSql(report.id);
  if (!build) throw new Error(`Relatório ${report.id} sem SQL.`);
  const { body, order } = build(ctx);
  const offset = (page.pagina - 1) * page.tamanhoPagina;
  const result = (await db.execute(
    sql`select q.* from (${body}) q order by ${order} limit ${page.tamanhoPagina} offset ${offset}`,
  )) as unknown as Rows<Row>;
  // A page that is not full ends the report, unless it is empty past the first page (a page beyond the end).
  const endsHere = result.rows.length < page.tamanhoPagina && (offset === 0 || result.rows.length > 0);
  const total = endsHere
    ? offset + result.rows.length
    : Number(((await db.execute(sql`select count(*) as n from (${body}) q`)) as unknown as Rows<Row>).rows[0]?.n ?? 0);
  return { total, pagina: page.pagina, tamanhoPagina: page.tamanhoPagina, linhas: result.rows.map((r) => cellsOf(report, r)) };
}

/**
 * Every row of a report in batches (the export): keyset-free paging on the report's own order, so
 * memory holds one batch at a time whatever the size. Batches of 20,000: each batch sorts the
 * report again, so fewer and larger batches (100,000 rows: 5 sorts, not 20) at a few MB each.
 */
export async function* reportBatches(db: Conn, report: ReportDefinition, ctx: ReportContext, batch = 20_000) {
  for (let pagina = 1; ; pagina++) {
    const { body, order } = reportSql(report.id)!(ctx);
    const result = (await db.execute(
      sql`select q.* from (${body}) q order by ${order} limit ${batch} offset ${(pagina - 1) * batch}`,
    )) as unknown as Rows<Row>;
    yield result.rows.map((r) => cellsOf(report, r));
    if (result.rows.length < batch) return;
  }
}

const opts = async (db: Conn, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as Rows<{ value: number | string; label: string }>).rows.map((r) => ({
    value: typeof r.value === 'string' && /^\d+$/.test(r.value) ? Number(r.value) : r.value,
    label: String(r.label),
  }));

/** The options of the filter controls, the municipalities limited to those the user sees (`allowed`). */
export async function filterOptions(db: Conn, tenantId: string, allowed: readonly number[] | null): Promise<FilterOptions> {
  const scope = allowed
    ? allowed.length
      ? sql`and m.municipio_id in (${sql.join(
          allowed.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`and false`
    : sql``;
  const [municipio, usuario, solucao, grupoSolucao, grupoUsuario, radar, regional, uf, eixo, tema, projeto] = await Promise.all([
    opts(
      db,
      sql`select m.municipio_id as value, m.nome || ' - ' || m.uf as label from municipio m where m.tenant_id = ${tenantId} ${scope} order by m.nome`,
    ),
    opts(
      db,
      sql`select u.usuario_id as value, u.nome as label from usuario u where u.tenant_id = ${tenantId} and u.habilitado order by u.nome`,
    ),
    opts(
      db,
      sql`select s.solucao_id as value, s.nome as label from solucao s where s.tenant_id = ${tenantId} and not s.desabilitado order by s.nome`,
    ),
    opts(
      db,
      sql`select g.grupo_solucao_id as value, g.nome as label from grupo_solucao g where g.tenant_id = ${tenantId} and not g.desabilitado order by g.nome`,
    ),
    opts(db, sql`select g.grupo_id as value, g.nome as label from usuario_grupo g where g.tenant_id = ${tenantId} order by g.nome`),
    opts(db, sql`select s.status_id as value, s.status_nome as label from status s where s.tenant_id = ${tenantId} order by s.status_nome`),
    opts(
      db,
      sql`select u.unidade_regional_id as value, u.nome_regiao as label from unidade_regional u where u.tenant_id = ${tenantId} order by u.nome_regiao`,
    ),
    opts(db, sql`select distinct m.uf as value, m.uf as label from municipio m where m.tenant_id = ${tenantId} ${scope} order by m.uf`),
    opts(db, sql`select e.eixo_id as value, e.nome as label from eixo e where e.tenant_id = ${tenantId} order by e.nome`),
    opts(db, sql`select t.tema_id as value, t.nome as label from tema t where t.tenant_id = ${tenantId} order by t.nome`),
    opts(db, sql`select p.projeto_id as value, p.nome as label from projeto p where p.tenant_id = ${tenantId} order by p.nome`),
  ]);
  return {
    municipio,
    responsavel: usuario,
    usuario,
    solucao,
    grupoSolucao,
    grupoUsuario,
    statusRelacionamento: RELATIONSHIP_STATUSES.map((s) => ({ ...s })),
    radar,
    regional,
    uf,
    eixo,
    tema,
    projeto,
    // The cliente-oculto groups arrive with issue 31 (another session builds their table).
    grupoClienteOculto: [],
    selo: SEALS.map((s) => ({ value: s, label: SEAL_LABELS[s] })),
  };
}

export type { ReportFilters };
