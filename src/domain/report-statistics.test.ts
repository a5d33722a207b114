import { describe, expect, it } from 'vitest';
import type { ReportRichListItem } from './field-reports.ts';
import { aggregateReports, byMonth, byMunicipality, byMunicipalityAndConsultant, reportScore } from './report-statistics.ts';

/** The report statistics screens (spec §7 relatorio-mensal, relatorio-global, pontuação) over listed reports. */

function row(over: Partial<ReportRichListItem>): ReportRichListItem {
  return {
    relatorioId: 1,
    municipioId: 3,
    municipio: { nome: 'Joinville', uf: 'SC' },
    titulo: 'Reunião',
    motivoRejeicao: null,
    usuarioId: 7,
    usuario: { nome: 'Beatriz Lima' },
    criacao: '2026-03-10T15:00:00.000Z',
    statusRelatorioId: 2,
    encontroId: null,
    tipoExecucaoRelatorioId: 1,
    horasUtilizadasString: '2',
    horasTarefas: 1.5,
    pjAtendidas: null,
    pfAtendidas: 4,
    quantidadeArquivos: 0,
    ...over,
  };
}

describe('report aggregates', () => {
  const rows = [
    row({ relatorioId: 1, statusRelatorioId: 4, criacao: '2026-04-01T02:00:00.000Z' }),
    row({ relatorioId: 2, statusRelatorioId: 2, horasUtilizadasString: null, pjAtendidas: 2 }),
    row({ relatorioId: 3, statusRelatorioId: 0, municipioId: 5, municipio: { nome: 'Blumenau', uf: 'SC' }, usuarioId: 8, usuario: { nome: 'Caio' } }),
    row({ relatorioId: 4, statusRelatorioId: 3, usuarioId: 8, usuario: { nome: 'Caio' } }),
  ];

  it('groups by month of the São Paulo calendar (23:00 on 31 March there is March)', () => {
    expect(aggregateReports(rows, byMonth).map((g) => [g.mes, g.quantidade])).toEqual([
      ['2026-03', 4],
    ]);
    expect(aggregateReports([row({ criacao: '2026-04-01T03:00:00.000Z' })], byMonth)[0]!.mes).toBe('2026-04');
  });

  it('counts approved, waiting and rejected (legacy statuses included), hours and people per municipality', () => {
    expect(aggregateReports(rows, byMunicipality)).toEqual([
      {
        mes: null,
        municipioId: 3,
        municipioNome: 'Joinville',
        usuarioId: null,
        usuarioNome: null,
        quantidade: 3,
        aprovados: 1,
        aguardando: 1,
        rejeitados: 1,
        horasUtilizadas: 4,
        horasTarefas: 4.5,
        pfAtendidas: 12,
        pjAtendidas: 2,
      },
      expect.objectContaining({ municipioId: 5, quantidade: 1, rejeitados: 1 }),
    ]);
  });

  it('splits a municipality by consultant, in the order the reports came', () => {
    expect(aggregateReports(rows, byMunicipalityAndConsultant).map((g) => [g.municipioNome, g.usuarioNome, g.quantidade])).toEqual([
      ['Joinville', 'Beatriz Lima', 2],
      ['Blumenau', 'Caio', 1],
      ['Joinville', 'Caio', 1],
    ]);
  });
});

describe('municipality score', () => {
  it('is approved × 10 + fulfilled tasks × 2 + present guests, with shares to one decimal', () => {
    const score = reportScore(
      { municipioId: 3, nome: 'Joinville' },
      { encontros: 3, encontrosComRelatorio: 2, relatorios: 2, aprovados: 1, tarefas: 6, tarefasCumpridas: 5, convidados: 0, presentes: 0, horasTarefas: 7 },
    );
    expect(score).toEqual({
      municipioId: 3,
      municipioNome: 'Joinville',
      quantidadeRelatorios: 2,
      aprovados: 1,
      percentualEncontrosComRelatorio: 66.7,
      percentualTarefasCumpridas: 83.3,
      percentualPresenca: 0,
      horasTarefas: 7,
      pontuacao: 20,
    });
  });
});
