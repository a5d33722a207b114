import { describe, expect, it } from 'vitest';
import type { IndicatorRow, LevelRow, ReadingRow } from '../../domain/sala.ts';
import { history, indexReadings, mapRows } from './map-logic.ts';

const levels: LevelRow[] = [
  { nivelId: 1, nome: 'Crítico', percentualMinimo: 0, descricao: '' },
  { nivelId: 2, nome: 'Adequado', percentualMinimo: 80, descricao: '' },
  { nivelId: 3, nome: 'Excelente', percentualMinimo: 100, descricao: '' },
];
const indicator = (id: number, maiorMelhor: boolean, meta: number): IndicatorRow => ({
  indicadorId: id,
  nome: `Indicador ${id}`,
  descricao: '',
  unidadeId: 1,
  unidadeNome: 'Dias',
  unidadeSigla: 'dias',
  fonteId: 1,
  fonteNome: 'Fonte',
  apuracaoId: 1,
  apuracaoNome: 'Média',
  leituraId: 1,
  leituraNome: 'Mensal',
  eixoId: 1,
  eixoNome: 'Ambiente de Negócios',
  meta,
  maiorMelhor,
  nivelIds: [1, 2, 3],
});
const reading = (indicadorId: number, periodo: string, valor: number, meta: number): ReadingRow => ({
  indicadorMunicipioId: indicadorId * 100 + Number(periodo.slice(5)),
  chave: `9:${indicadorId}:${periodo}`,
  municipioId: 9,
  indicadorId,
  periodo,
  valor,
  meta,
  observacao: '',
});

describe('the indicator map', () => {
  const index = indexReadings([reading(1, '2026-02', 120, 100), reading(1, '2026-01', 85, 100), reading(2, '2026-02', 10, 5)]);

  it('lists the periods that have readings, oldest first', () => {
    expect(index.periods).toEqual(['2026-01', '2026-02']);
  });

  it("grades each indicator's reading of the period by its levels, in both directions", () => {
    const rows = mapRows([indicator(1, true, 100), indicator(2, false, 5), indicator(3, true, 10)], levels, index, '2026-02');
    expect(rows.map((r) => [r.nivel, r.atingimento, r.naMeta])).toEqual([
      ['Excelente', 120, true],
      // 10 days against a target of 5 days is 50 % of the way: critical, not on target.
      ['Crítico', 50, false],
      [null, null, null],
    ]);
    expect(mapRows([indicator(1, true, 100)], levels, index, '2026-01')[0]!.nivel).toBe('Adequado');
  });

  it("gives one indicator's history with a gap where it was not read", () => {
    expect(history(indicator(2, false, 5), index)).toEqual([
      { periodo: '2026-01', valor: null, meta: 5 },
      { periodo: '2026-02', valor: 10, meta: 5 },
    ]);
  });
});
