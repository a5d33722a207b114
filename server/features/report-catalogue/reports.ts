import { sql, type SQL } from 'drizzle-orm';
import { PAYMENT_STATUS_LABELS } from '../../../src/domain/payments.ts';
import type { ReportFilters } from '../../../src/domain/report-catalogue.ts';

/**
 * The SQL of every served report, keyed by its catalogue id (the declaration is in
 * src/domain/report-catalogue.ts). Each is one query that aggregates in the database: the runner
 * (repository.ts) wraps it with the page, the total and the order; nothing is summed in JavaScript.
 * The column aliases are the declaration's column keys. `allowed` is the municipalities the user
 * may see (null: all, spec §6 visualizaMunicipio); every report that names a municipality is
 * restricted to them whatever the filters ask.
 */
export type ReportContext = { tenantId: string; filters: ReportFilters; allowed: readonly number[] | null };
export type ReportSql = { body: SQL; order: SQL };

const list = (values: readonly (number | string)[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const has = <T>(values: readonly T[] | undefined | null): values is readonly T[] => Array.isArray(values) && values.length > 0;

/** Conditions on a municipality row `m` (scope, municipality, UF, project, relationship, radar, regional, seal). */
function municipalityWhere({ tenantId, filters, allowed }: ReportContext, m = sql.raw('m')): SQL {
  const parts: SQL[] = [sql`${m}.tenant_id = ${tenantId}`];
  if (allowed) parts.push(allowed.length ? sql`${m}.municipio_id in (${list(allowed)})` : sql`false`);
  const cities = filters.municipioId?.filter((id) => id !== 0);
  if (has(cities)) parts.push(sql`${m}.municipio_id in (${list(cities)})`);
  if (has(filters.uf)) parts.push(sql`${m}.uf in (${list(filters.uf)})`);
  if (has(filters.projetoId)) parts.push(sql`${m}.projeto_id in (${list(filters.projetoId)})`);
  if (has(filters.statusRelacionamento)) parts.push(sql`${m}.status_relacionamento in (${list(filters.statusRelacionamento)})`);
  if (has(filters.radar)) parts.push(sql`${m}.status_id in (${list(filters.radar)})`);
  if (has(filters.selo)) parts.push(sql`${m}.selo in (${list(filters.selo)})`);
  if (has(filters.regionalId))
    parts.push(
      sql`${m}.municipio_id in (select urm.municipio_id from unidade_regional_municipio urm where urm.unidade_regional_id in (${list(filters.regionalId)}))`,
    );
  return sql.join(parts, sql` and `);
}

/** A São Paulo calendar day of a timestamp (or a date) within the period filters. */
function periodWhere({ filters }: ReportContext, day: SQL): SQL {
  const parts: SQL[] = [sql`true`];
  if (filters.dataInicial) parts.push(sql`${day} >= ${filters.dataInicial}::date`);
  if (filters.dataFim) parts.push(sql`${day} <= ${filters.dataFim}::date`);
  return sql.join(parts, sql` and `);
}
const spDay = (ts: SQL) => sql`(${ts} at time zone 'America/Sao_Paulo')::date`;
const inIf = (column: SQL, values: readonly number[] | undefined): SQL => (has(values) ? sql`${column} in (${list(values)})` : sql`true`);
const ratio = (num: SQL, den: SQL) => sql`case when ${den} > 0 then round((${num})::numeric / (${den}), 4)::float8 else 0 end`;
const reportStatus = (s: SQL) => sql`case ${s} when 2 then 'Aguardando análise' when 4 then 'Aprovado' else 'Rejeitado' end`;
// The payment screens' own labels (aberto is "Em análise"), so the report says what the payment list says.
const paymentStatus = sql.raw(
  `case pp.status ${Object.entries(PAYMENT_STATUS_LABELS)
    .map(([k, v]) => `when '${k}' then '${v}'`)
    .join(' ')} else pp.status end`,
);
const yesNo = (b: SQL) => sql`case when ${b} then 'Sim' else 'Não' end`;

const REPORT_SQL: Record<number, (ctx: ReportContext) => ReportSql> = {
  // 1 Execução por tarefas: the task's hours from its progress summary (kept by triggers), and its state as the
  // charts count it (server/features/dashboard/repository.ts: done; late past its solution's end; else ongoing).
  1: (ctx) => ({
    body: sql`select m.nome as "municipio", m.uf as "uf", ms.nome as "solucao", mt.nome as "tarefa",
        mt.horas::float8 as "horasPrevistas", round(mt.horas_utilizadas::numeric, 2)::float8 as "horasUtilizadas",
        ${ratio(sql`mt.horas_utilizadas`, sql`mt.horas::numeric`)} as "execucao", ${yesNo(sql`mt.cumprida`)} as "cumprida",
        case when mt.cumprida then 'Concluída'
          when ms.data_termino < (now() at time zone 'America/Sao_Paulo')::date then 'Atrasada' else 'Em andamento' end as "situacao",
        mt.municipio_tarefa_id as "_id"
      from municipio_tarefa mt
      join municipio_solucao ms on ms.municipio_solucao_id = mt.municipio_solucao_id
      join municipio m on m.municipio_id = mt.municipio_id
     where ${municipalityWhere(ctx)} and not mt.desabilitado and not ms.desabilitado
       and ${inIf(sql`ms.solucao_id`, ctx.filters.solucaoId)} and ${periodWhere(ctx, sql`ms.data_termino`)}
       and ${has(ctx.filters.grupoSolucaoId) ? sql`ms.solucao_id in (select s.solucao_id from solucao s where s.grupo_solucao_id in (${list(ctx.filters.grupoSolucaoId)}))` : sql`true`}`,
    order: sql`"municipio", "solucao", "tarefa", "_id"`,
  }),
  // 2 Execução por município.
  2: (ctx) => ({
    body: sql`select m.nome as "municipio", m.uf as "uf", count(distinct mt.municipio_solucao_id)::int as "solucoes",
        count(mt.municipio_tarefa_id)::int as "tarefas", count(mt.municipio_tarefa_id) filter (where mt.cumprida)::int as "tarefasCumpridas",
        ${ratio(sql`count(mt.municipio_tarefa_id) filter (where mt.cumprida)`, sql`count(mt.municipio_tarefa_id)`)} as "execucao",
        coalesce(sum(mt.horas), 0)::float8 as "horasPrevistas", round(coalesce(sum(mt.horas_utilizadas), 0)::numeric, 2)::float8 as "horasUtilizadas",
        m.municipio_id as "_id"
      from municipio m
      left join municipio_tarefa mt on mt.municipio_id = m.municipio_id and not mt.desabilitado
     where ${municipalityWhere(ctx)}
     group by m.municipio_id, m.nome, m.uf`,
    order: sql`"municipio", "_id"`,
  }),
  // 3 Selo final.
  3: (ctx) => ({
    body: sql`select m.nome as "municipio", m.uf as "uf", coalesce(initcap(m.selo), 'Sem selo') as "selo", coalesce(initcap(m.medalha), '') as "medalha",
        m.pontos as "pontos", case m.status_participacao when 3 then 'Participante' when 6 then 'Encerrado' else 'Não participante' end as "participacao",
        m.municipio_id as "_id"
      from municipio m where ${municipalityWhere(ctx)}`,
    order: sql`"municipio", "_id"`,
  }),
  // 4 Contagem de selos por UF (spec §3 seal counts).
  4: (ctx) => ({
    body: sql`select m.uf as "uf", count(*) filter (where m.selo = 'ouro')::int as "ouro", count(*) filter (where m.selo = 'prata')::int as "prata",
        count(*) filter (where m.selo = 'bronze')::int as "bronze", count(*) filter (where m.selo = 'diamante')::int as "diamante",
        count(*) filter (where m.selo is null)::int as "semSelo", count(*)::int as "municipios"
      from municipio m where ${municipalityWhere(ctx)} group by m.uf`,
    order: sql`"uf"`,
  }),
  // 5 Mensuração: the Sala indicator map's readings (period "YYYY-MM" compared by month).
  5: (ctx) => ({
    body: sql`select m.nome as "municipio", e.nome as "eixo", i.nome as "indicador", r.periodo as "periodo", r.valor as "valor", r.meta as "meta",
        case when r.meta <> 0 then round((r.valor / r.meta)::numeric, 4)::float8 else 0 end as "atingimento", r.indicador_municipio_id as "_id"
      from sala_indicador_municipio r
      join sala_indicador i on i.indicador_id = r.indicador_id
      join eixo e on e.eixo_id = i.eixo_id
      join municipio m on m.municipio_id = r.municipio_id
     where ${municipalityWhere(ctx)} and ${inIf(sql`i.eixo_id`, ctx.filters.eixoId)}
       and ${ctx.filters.dataInicial ? sql`r.periodo >= substr(${ctx.filters.dataInicial}, 1, 7)` : sql`true`}
       and ${ctx.filters.dataFim ? sql`r.periodo <= substr(${ctx.filters.dataFim}, 1, 7)` : sql`true`}`,
    order: sql`"municipio", "eixo", "indicador", "periodo", "_id"`,
  }),
  // 6 Indicadores analíticos: the municipality's questions by axis.
  6: (ctx) => ({
    body: sql`select m.nome as "municipio", e.nome as "eixo", count(*)::int as "perguntas",
        count(*) filter (where pm.resposta is not null)::int as "respondidas", count(*) filter (where pm.resposta)::int as "respostasSim",
        ${ratio(sql`count(*) filter (where pm.resposta)`, sql`count(*)`)} as "percentualSim",
        count(*) filter (where pm.evidenciada)::int as "evidenciadas", count(*) filter (where pm.rejeitada)::int as "rejeitadas",
        min(pm.pergunta_municipio_id) as "_id"
      from pergunta_municipio pm
      join municipio m on m.municipio_id = pm.municipio_id
      join eixo e on e.eixo_id = pm.eixo_id
     where ${municipalityWhere(ctx)} and ${inIf(sql`pm.eixo_id`, ctx.filters.eixoId)}
     group by m.municipio_id, m.nome, e.eixo_id, e.nome`,
    order: sql`"municipio", "eixo", "_id"`,
  }),
  // 7 Detalhamento de propostas (money in cents).
  7: (ctx) => ({
    body: sql`select p.proposta_id as "propostaId", m.nome as "municipio", p.titulo as "titulo", initcap(p.status) as "status",
        p.valor_total as "valorTotal", p.investimento_municipio as "investimentoMunicipio", p.contrapartida_sebrae as "contrapartidaSebrae",
        (select count(*)::int from proposta_parcela pp where pp.proposta_id = p.proposta_id) as "parcelas",
        (select coalesce(sum(px.valor), 0)::int from proposta_extra px where px.proposta_id = p.proposta_id) as "extras",
        ${yesNo(sql`p.premium`)} as "premium", to_char(${spDay(sql`p.criado_em`)}, 'YYYY-MM-DD') as "criadoEm"
      from proposta p join municipio m on m.municipio_id = p.municipio_id
     where ${municipalityWhere(ctx)} and p.tenant_id = ${ctx.tenantId} and ${periodWhere(ctx, spDay(sql`p.criado_em`))}`,
    order: sql`"municipio", "propostaId"`,
  }),
  // 8 Histórico de análise de evidências (review states of spec §3).
  8: (ctx) => ({
    body: sql`select to_char(${spDay(sql`h.em`)}, 'YYYY-MM-DD') as "data", m.nome as "municipio", e.nome as "eixo", pg.numero as "pergunta",
        coalesce(h.nome_arquivo, '') as "arquivo",
        case h.acao when 'carregada' then 'Não enviado' when 'enviada' then 'Enviado' when 'aprovada' then 'Aprovado'
          when 'rejeitada' then 'Rejeitado' when 'revertida' then 'Em análise' when 'finalizada' then 'Aprovado'
          when 'descartada' then 'Descartado' when 'excluida' then 'Excluído' else h.acao end as "situacao",
        coalesce(ue.nome, '') as "evidenciadoPor", coalesce(ua.nome, '') as "avaliadoPor", coalesce(h.justificativa, '') as "justificativa",
        h.historico_id as "_id"
      from evidencia_historico h
      join pergunta_municipio pm on pm.pergunta_municipio_id = h.pergunta_municipio_id
      join municipio m on m.municipio_id = pm.municipio_id
      join eixo e on e.eixo_id = pm.eixo_id
      left join pergunta pg on pg.tenant_id = pm.tenant_id and pg.pergunta_id = pm.pergunta_id
      left join usuario ue on ue.usuario_id = h.evidenciado_por_id
      left join usuario ua on ua.usuario_id = h.avaliado_por_id
     where ${municipalityWhere(ctx)} and ${inIf(sql`pm.eixo_id`, ctx.filters.eixoId)}
       and ${has(ctx.filters.usuarioId) ? sql`(h.evidenciado_por_id in (${list(ctx.filters.usuarioId)}) or h.avaliado_por_id in (${list(ctx.filters.usuarioId)}))` : sql`true`}
       and ${periodWhere(ctx, spDay(sql`h.em`))}`,
    order: sql`"data" desc, "_id" desc`,
  }),
  // 9 Situação das visitas: the solutions monitored by visits (monitoramento 2), their target of in-person visits,
  // and the agents' visits done for them in the period (issue 31's visita table).
  9: (ctx) => ({
    body: sql`select m.nome as "municipio", m.uf as "uf", ms.nome as "solucao", coalesce(s.visitas_presenciais, 0) as "visitasPrevistas",
        vr.n as "visitasRealizadas", ${ratio(sql`vr.n`, sql`coalesce(s.visitas_presenciais, 0)`)} as "situacao",
        ms.municipio_solucao_id as "_id"
      from municipio_solucao ms
      join solucao s on s.solucao_id = ms.solucao_id
      join municipio m on m.municipio_id = ms.municipio_id
      cross join lateral (select count(*)::int as n from visita v
          where v.municipio_solucao_id = ms.municipio_solucao_id and v.status = 'realizada'
            and ${periodWhere(ctx, sql`v.data_realizada`)}) vr
     where ${municipalityWhere(ctx)} and s.monitoramento = 2 and not ms.desabilitado and ${inIf(sql`ms.solucao_id`, ctx.filters.solucaoId)}`,
    order: sql`"municipio", "solucao", "_id"`,
  }),
  // 16 Selos por grupo do cliente oculto: the finalized rounds of each cycle (grupo) by the seal they gave (issue 31).
  16: (ctx) => ({
    body: sql`select r.grupo as "grupo", count(*)::int as "rodadas",
        count(*) filter (where r.selo = 'ouro')::int as "ouro", count(*) filter (where r.selo = 'prata')::int as "prata",
        count(*) filter (where r.selo = 'bronze')::int as "bronze", count(*) filter (where r.selo is null)::int as "semSelo",
        round(avg(r.pontuacao)::numeric, 1)::float8 as "pontuacaoMedia", min(r.rodada_id) as "_id"
      from cliente_oculto_rodada r join municipio m on m.municipio_id = r.municipio_id
     where ${municipalityWhere({ ...ctx, filters: { ...ctx.filters, selo: undefined } })} and r.tenant_id = ${ctx.tenantId} and r.finalizada
       and ${has(ctx.filters.selo) ? sql`r.selo in (${list(ctx.filters.selo)})` : sql`true`}
       and ${periodWhere(ctx, sql`r.data_visita`)}
     group by r.grupo`,
    order: sql`"grupo", "_id"`,
  }),
  // 17 Visitas do agente territorial (issue 31's visits), by planned date.
  17: (ctx) => ({
    body: sql`select to_char(v.data_prevista, 'YYYY-MM-DD') as "dataPrevista", to_char(v.data_realizada, 'YYYY-MM-DD') as "dataRealizada",
        m.nome as "municipio", m.uf as "uf", u.nome as "agente", coalesce(t.nome, '') as "territorio", coalesce(ms.nome, '') as "solucao",
        case v.status when 'realizada' then 'Realizada' when 'cancelada' then 'Cancelada' else 'Planejada' end as "situacao",
        v.horas::float8 as "horas", coalesce(nullif(rel.titulo, ''), 'Relatório ' || rel.relatorio_id::text, '') as "relatorio", v.visita_id as "_id"
      from visita v
      join municipio m on m.municipio_id = v.municipio_id
      join usuario u on u.usuario_id = v.usuario_id
      left join territorio t on t.territorio_id = v.territorio_id
      left join municipio_solucao ms on ms.municipio_solucao_id = v.municipio_solucao_id
      left join relatorio rel on rel.relatorio_id = v.relatorio_id
     where ${municipalityWhere(ctx)} and v.tenant_id = ${ctx.tenantId} and ${inIf(sql`v.usuario_id`, ctx.filters.usuarioId)}
       and ${periodWhere(ctx, sql`v.data_prevista`)}`,
    order: sql`"dataPrevista", "_id"`,
  }),
  // 10 Relatórios de campo.
  10: (ctx) => ({
    body: sql`select r.relatorio_id as "relatorioId", to_char(${spDay(sql`r.criado_em`)}, 'YYYY-MM-DD') as "data", m.nome as "municipio",
        u.nome as "consultor", r.titulo as "titulo", ${reportStatus(sql`r.status_relatorio_id`)} as "status",
        (select round(coalesce(sum(rt.horas_rateadas), 0)::numeric, 2)::float8 from relatorio_tarefa rt where rt.relatorio_id = r.relatorio_id) as "horas",
        r.pj_atendidas as "pjAtendidas", r.pf_atendidas as "pfAtendidas"
      from relatorio r join municipio m on m.municipio_id = r.municipio_id join usuario u on u.usuario_id = r.usuario_id
     where ${municipalityWhere(ctx)} and r.tenant_id = ${ctx.tenantId} and ${inIf(sql`r.usuario_id`, ctx.filters.responsavelId)}
       and ${periodWhere(ctx, spDay(sql`r.criado_em`))}`,
    order: sql`"data" desc, "relatorioId" desc`,
  }),
  // 11 Relatórios administrativos.
  11: (ctx) => ({
    body: sql`select ra.relatorio_administrativo_id as "relatorioAdministrativoId", to_char(${spDay(sql`ra.criado_em`)}, 'YYYY-MM-DD') as "data",
        m.nome as "municipio", u.nome as "consultor", ra.titulo as "titulo", ra.horas as "horas", ${reportStatus(sql`ra.status_relatorio_id`)} as "status"
      from relatorio_administrativo ra join municipio m on m.municipio_id = ra.municipio_id join usuario u on u.usuario_id = ra.usuario_id
     where ${municipalityWhere(ctx)} and ra.tenant_id = ${ctx.tenantId} and ${inIf(sql`ra.usuario_id`, ctx.filters.responsavelId)}
       and ${periodWhere(ctx, spDay(sql`ra.criado_em`))}`,
    order: sql`"data" desc, "relatorioAdministrativoId" desc`,
  }),
  // 12 Horas por consultor: field reports (their tasks' apportioned hours) and administrative reports, in the
  // municipalities the user sees.
  12: (ctx) => {
    const seen = (alias: string) =>
      sql`${sql.raw(alias)}.municipio_id in (select m.municipio_id from municipio m where ${municipalityWhere(ctx)})`;
    return {
      body: sql`with campo as (
          select r.usuario_id, count(*)::int as n, coalesce(sum(rt.h), 0) as h
            from relatorio r
            -- Each report's hours summed once, joined (not a subquery per report: 50,000 reports took 671 ms on PGlite).
            left join (select relatorio_id, sum(horas_rateadas) as h from relatorio_tarefa group by relatorio_id) rt on rt.relatorio_id = r.relatorio_id
           where r.tenant_id = ${ctx.tenantId} and ${seen('r')} and ${periodWhere(ctx, spDay(sql`r.criado_em`))}
           group by r.usuario_id),
        adm as (
          select ra.usuario_id, count(*)::int as n, coalesce(sum(ra.horas), 0) as h
            from relatorio_administrativo ra where ra.tenant_id = ${ctx.tenantId} and ${seen('ra')} and ${periodWhere(ctx, spDay(sql`ra.criado_em`))}
           group by ra.usuario_id)
        select u.nome as "consultor", coalesce(g.nome, '') as "grupo", coalesce(c.n, 0) as "relatorios",
               round(coalesce(c.h, 0)::numeric, 2)::float8 as "horasRelatorios", coalesce(a.n, 0) as "relatoriosAdministrativos",
               coalesce(a.h, 0)::float8 as "horasAdministrativas", round((coalesce(c.h, 0) + coalesce(a.h, 0))::numeric, 2)::float8 as "horasTotais",
               u.usuario_id as "_id"
          from usuario u
          left join usuario_grupo g on g.grupo_id = u.grupo_id
          left join campo c on c.usuario_id = u.usuario_id
          left join adm a on a.usuario_id = u.usuario_id
         where u.tenant_id = ${ctx.tenantId} and (c.n is not null or a.n is not null)
           and ${inIf(sql`u.usuario_id`, ctx.filters.usuarioId)} and ${inIf(sql`u.grupo_id`, ctx.filters.grupoUsuarioId)}`,
      order: sql`"consultor", "_id"`,
    };
  },
  // 13 Processos de pagamento (the period filters the process's own period).
  13: (ctx) => ({
    body: sql`select pp.numero as "numero", u.nome as "consultor", pp.codigo_contratacao as "codigoContratacao",
        to_char(pp.periodo_inicio, 'YYYY-MM-DD') as "inicio", to_char(pp.periodo_fim, 'YYYY-MM-DD') as "fim", pp.horas::float8 as "horas",
        pp.total as "total", ${paymentStatus} as "status", pp.processo_pagamento_id as "_id"
      from processo_pagamento pp join usuario u on u.usuario_id = pp.usuario_id
     where pp.tenant_id = ${ctx.tenantId} and ${inIf(sql`pp.usuario_id`, ctx.filters.usuarioId)}
       and ${ctx.filters.dataInicial ? sql`pp.periodo_fim >= ${ctx.filters.dataInicial}::date` : sql`true`}
       and ${ctx.filters.dataFim ? sql`pp.periodo_inicio <= ${ctx.filters.dataFim}::date` : sql`true`}`,
    order: sql`"inicio" desc, "_id" desc`,
  }),
  // 14 Encontros por município.
  14: (ctx) => ({
    body: sql`select m.nome as "municipio", count(*)::int as "encontros",
        coalesce(sum((select count(*) from encontro_convidado ec where ec.encontro_id = en.encontro_id)), 0)::int as "convidados",
        coalesce(sum((select count(*) from encontro_convidado ec where ec.encontro_id = en.encontro_id and ec.confirmado)), 0)::int as "confirmados",
        coalesce(sum((select count(*) from relatorio r where r.encontro_id = en.encontro_id)), 0)::int as "relatorios",
        m.municipio_id as "_id"
      from encontro en join municipio m on m.municipio_id = en.municipio_id
     where ${municipalityWhere(ctx)} and en.tenant_id = ${ctx.tenantId} and ${periodWhere(ctx, spDay(sql`en.inicio`))}
     group by m.municipio_id, m.nome`,
    order: sql`"municipio", "_id"`,
  }),
  // 15 Membros e grupos por município.
  15: (ctx) => ({
    body: sql`select m.nome as "municipio", m.uf as "uf",
        (select count(*)::int from municipio_grupo g where g.municipio_id = m.municipio_id) as "grupos",
        (select count(*)::int from membro mb where mb.municipio_id = m.municipio_id) as "membros",
        (select count(distinct mg.membro_id)::int from membro_grupo mg join municipio_grupo g on g.grupo_id = mg.grupo_id
          where g.municipio_id = m.municipio_id and mg.lider) as "lideres",
        m.municipio_id as "_id"
      from municipio m where ${municipalityWhere(ctx)}`,
    order: sql`"municipio", "_id"`,
  }),
  // 40 Tarefas nos relatórios de campo: one row per report task; only with filters (checked before this runs).
  40: (ctx) => ({
    body: sql`select r.relatorio_id as "relatorioId", to_char(${spDay(sql`r.criado_em`)}, 'YYYY-MM-DD') as "data", m.nome as "municipio",
        u.nome as "consultor", mt.nome as "tarefa", ${yesNo(sql`rt.cumprida`)} as "cumprida", round(rt.horas_rateadas::numeric, 2)::float8 as "horasRateadas",
        rt.id as "_id"
      from relatorio_tarefa rt
      join relatorio r on r.relatorio_id = rt.relatorio_id
      join municipio_tarefa mt on mt.municipio_tarefa_id = rt.municipio_tarefa_id
      join municipio m on m.municipio_id = r.municipio_id
      join usuario u on u.usuario_id = r.usuario_id
     where ${municipalityWhere(ctx)} and r.tenant_id = ${ctx.tenantId} and ${inIf(sql`r.usuario_id`, ctx.filters.responsavelId)}
       and ${has(ctx.filters.solucaoId) ? sql`mt.municipio_solucao_id in (select ms.municipio_solucao_id from municipio_solucao ms where ms.solucao_id in (${list(ctx.filters.solucaoId)}))` : sql`true`}
       and ${periodWhere(ctx, spDay(sql`r.criado_em`))}`,
    order: sql`"data" desc, "relatorioId" desc, "_id"`,
  }),
};

export function reportSql(id: number): ((ctx: ReportContext) => ReportSql) | undefined {
  return REPORT_SQL[id];
}
