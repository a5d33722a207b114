import { achievement, indicatorLevel, reachedTarget } from '../../domain/sala-seal.ts';
import type { IndicatorRow, LevelRow, ReadingRow } from '../../domain/sala.ts';

/**
 * The indicator map as the screen shows it (issue 29 item 3), computed once per answer: the periods
 * that have readings, each indicator's reading in a period graded by its levels, and one
 * indicator's history. Built with one pass over the readings (an index by indicator and period),
 * so 50 indicators × 36 periods stay well within the bench's 200 ms.
 */

export type MapRow = {
  indicadorId: number;
  nome: string;
  eixoNome: string;
  unidade: string;
  meta: number;
  valor: number | null;
  /** Percent of the target reached, null without a reading. */
  atingimento: number | null;
  nivel: string | null;
  naMeta: boolean | null;
  pending: boolean;
};

export type MapIndex = {
  /** Periods with at least one reading, oldest first. */
  periods: string[];
  /** indicadorId → periodo → reading. */
  byIndicator: Map<number, Map<string, ReadingRow & { pending?: 0 | 1 }>>;
};

export function indexReadings(readings: ReadonlyArray<ReadingRow & { pending?: 0 | 1 }>): MapIndex {
  const byIndicator = new Map<number, Map<string, ReadingRow & { pending?: 0 | 1 }>>();
  const periods = new Set<string>();
  for (const reading of readings) {
    let periodsOf = byIndicator.get(reading.indicadorId);
    if (!periodsOf) byIndicator.set(reading.indicadorId, (periodsOf = new Map()));
    periodsOf.set(reading.periodo, reading);
    periods.add(reading.periodo);
  }
  return { periods: [...periods].sort(), byIndicator };
}

/** Each indicator's reading in `periodo`, with its level (the indicator's own levels, by threshold). */
export function mapRows(indicators: readonly IndicatorRow[], levels: readonly LevelRow[], index: MapIndex, periodo: string | null): MapRow[] {
  const levelById = new Map(levels.map((level) => [level.nivelId, level]));
  return indicators.map((indicator) => {
    const reading = periodo === null ? undefined : index.byIndicator.get(indicator.indicadorId)?.get(periodo);
    const own = indicator.nivelIds.map((id) => levelById.get(id)).filter((level): level is LevelRow => level !== undefined);
    const base = {
      indicadorId: indicator.indicadorId,
      nome: indicator.nome,
      eixoNome: indicator.eixoNome,
      unidade: indicator.unidadeSigla,
      meta: reading?.meta ?? indicator.meta,
    };
    if (!reading) return { ...base, valor: null, atingimento: null, nivel: null, naMeta: null, pending: false };
    return {
      ...base,
      valor: reading.valor,
      atingimento: Math.round(achievement(reading.valor, reading.meta, indicator.maiorMelhor)),
      nivel: indicatorLevel(reading, indicator.maiorMelhor, own)?.nome ?? null,
      naMeta: reachedTarget(reading.valor, reading.meta, indicator.maiorMelhor),
      pending: reading.pending === 1,
    };
  });
}

export type HistoryPoint = { periodo: string; valor: number | null; meta: number };

/** One indicator's values over the map's periods (a gap where it was not read). */
export function history(indicator: IndicatorRow, index: MapIndex): HistoryPoint[] {
  const readings = index.byIndicator.get(indicator.indicadorId);
  return index.periods.map((periodo) => {
    const reading = readings?.get(periodo);
    return { periodo, valor: reading?.valor ?? null, meta: reading?.meta ?? indicator.meta };
  });
}

/** A value as the map shows it: pt-BR decimals, at most two places. */
export function formatValue(value: number | null, unidade = ''): string {
  if (value === null) return '—';
  const text = value.toLocaleString('pt-BR', { maximumFractionDigits: 2 });
  return unidade ? `${text} ${unidade}` : text;
}
