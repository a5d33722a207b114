import { formatDate } from './format.ts';
import { REPORT_STATUS, type ReportAggregateRow, type ReportRichListItem, type ReportScore } from './reports.ts';

/**
 * The statistics of field reports (spec §7 relatorio-mensal, relatorio-global,
 * novo-relatorio-global and relatorio-municipio-pontuacao): pure functions over rows the
 * repository read, so the rules are testable without a database and the routes stay thin.
 */

type AggregateKey = Pick<ReportAggregateRow, 'mes' | 'municipioId' | 'municipioNome' | 'usuarioId' | 'usuarioNome'>;
export type ReportGrouping = (row: ReportRichListItem) => AggregateKey;

/** "2025-03": the month of an instant on the São Paulo calendar. */
const monthKey = (iso: string) => formatDate(iso).split('/').reverse().slice(0, 2).join('-');

export const byMonth: ReportGrouping = (r) => ({
  mes: monthKey(r.criacao),
  municipioId: null,
  municipioNome: null,
  usuarioId: null,
  usuarioNome: null,
});
export const byMunicipality: ReportGrouping = (r) => ({
  mes: null,
  municipioId: r.municipioId,
  municipioNome: r.municipio.nome,
  usuarioId: null,
  usuarioNome: null,
});
export const byMunicipalityAndConsultant: ReportGrouping = (r) => ({
  mes: null,
  municipioId: r.municipioId,
  municipioNome: r.municipio.nome,
  usuarioId: r.usuarioId,
  usuarioNome: r.usuario.nome,
});

/** Counts and hours per group key, in the order the keys first appear (newest reports first). */
export function aggregateReports(rows: ReportRichListItem[], keyOf: ReportGrouping): ReportAggregateRow[] {
  const groups = new Map<string, ReportAggregateRow>();
  for (const row of rows) {
    const key = keyOf(row);
    const id = JSON.stringify(key);
    let group = groups.get(id);
    if (!group) {
      group = {
        ...key,
        quantidade: 0,
        aprovados: 0,
        aguardando: 0,
        rejeitados: 0,
        horasUtilizadas: 0,
        horasTarefas: 0,
        pfAtendidas: 0,
        pjAtendidas: 0,
      };
      groups.set(id, group);
    }
    group.quantidade++;
    if (row.statusRelatorioId === REPORT_STATUS.aprovado) group.aprovados++;
    else if (row.statusRelatorioId === REPORT_STATUS.enviado) group.aguardando++;
    else group.rejeitados++;
    group.horasUtilizadas += Number(row.horasUtilizadasString ?? 0);
    group.horasTarefas += row.horasTarefas;
    group.pfAtendidas += row.pfAtendidas ?? 0;
    group.pjAtendidas += row.pjAtendidas ?? 0;
  }
  return [...groups.values()];
}

/** What the score of a municipality is computed from, counted over its meetings and reports. */
export type ReportScoreCounts = {
  encontros: number;
  encontrosComRelatorio: number;
  relatorios: number;
  aprovados: number;
  tarefas: number;
  tarefasCumpridas: number;
  convidados: number;
  presentes: number;
  horasTarefas: number;
};

/** A share in percent with one decimal; 0 when there is nothing to share. */
const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 1000) / 10);

/** Approved reports × 10 + fulfilled tasks × 2 + present guests: a simple, explainable score. */
export function reportScore(municipality: { municipioId: number; nome: string }, c: ReportScoreCounts): ReportScore {
  return {
    municipioId: municipality.municipioId,
    municipioNome: municipality.nome,
    quantidadeRelatorios: c.relatorios,
    aprovados: c.aprovados,
    percentualEncontrosComRelatorio: percent(c.encontrosComRelatorio, c.encontros),
    percentualTarefasCumpridas: percent(c.tarefasCumpridas, c.tarefas),
    percentualPresenca: percent(c.presentes, c.convidados),
    horasTarefas: c.horasTarefas,
    pontuacao: c.aprovados * 10 + c.tarefasCumpridas * 2 + c.presentes,
  };
}
