import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { periodsEndingAt, readingKey, type IndicatorRow, type LevelRow, type ReadingRow } from '../../src/domain/sala.ts';
import { history, indexReadings, mapRows } from '../../src/features/sala/map-logic.ts';
import { ms, percentile } from './server-process.ts';

/**
 * Issue 29 item 12: "the indicator map of a room with 50 indicators × 36 periods renders ≤ 200 ms after
 * the answer; the chart's chunk loads only on its screen (report its gzip size)". Measured here: the
 * work the map does with the answer before React draws it (index the 1,800 readings, grade every
 * indicator of the latest period, one indicator's 36-period history), 20 runs in Node; and the chart
 * chunk's size in the build (dist/assets/indicator-chart-*.js), which only the map's chunk imports.
 * The browser's drawing of the table (DataTable, virtual above its threshold) is not measured here.
 */
export async function salaBench(): Promise<string> {
  const periods = periodsEndingAt('2026-11', 36);
  const levels: LevelRow[] = [0, 60, 90, 110].map((p, i) => ({ nivelId: i + 1, nome: `Nível ${i}`, percentualMinimo: p, descricao: '' }));
  const indicators: IndicatorRow[] = Array.from({ length: 50 }, (_, i) => ({
    indicadorId: i + 1,
    nome: `Indicador ${i + 1}`,
    descricao: '',
    unidadeId: 1,
    unidadeNome: 'Quantidade',
    unidadeSigla: 'un.',
    fonteId: 1,
    fonteNome: 'Fonte',
    apuracaoId: 1,
    apuracaoNome: 'Soma',
    leituraId: 1,
    leituraNome: 'Mensal',
    eixoId: 1,
    eixoNome: 'Ambiente de Negócios',
    meta: 100,
    maiorMelhor: i % 3 !== 0,
    nivelIds: [1, 2, 3, 4],
  }));
  const readings: ReadingRow[] = indicators.flatMap((indicator) =>
    periods.map((periodo, p) => ({
      indicadorMunicipioId: indicator.indicadorId * 100 + p,
      chave: readingKey(1, indicator.indicadorId, periodo),
      municipioId: 1,
      indicadorId: indicator.indicadorId,
      periodo,
      valor: 50 + ((indicator.indicadorId * 7 + p * 13) % 90),
      meta: 100,
      observacao: '',
    })),
  );
  const times: number[] = [];
  for (let run = 0; run < 20; run++) {
    const start = performance.now();
    const index = indexReadings(readings);
    mapRows(indicators, levels, index, index.periods[index.periods.length - 1]!);
    history(indicators[0]!, index);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const assets = path.join('dist', 'assets');
  const chunk = (await readdir(assets)).find((f) => /^indicator-chart-.*\.js$/.test(f));
  const bytes = chunk ? await readFile(path.join(assets, chunk)) : null;
  return [
    '## Sala: indicator map (issue 29)',
    '',
    `Command: \`BENCH_ONLY=sala npm run bench\`. 50 indicators × 36 periods (1,800 readings), 20 runs in Node.`,
    '',
    `- the map's work on the answer (index, grade the period, one history): median ${ms(percentile(times, 50))}, p95 ${ms(percentile(times, 95))} (floor 200 ms, with the render)`,
    bytes ? `- chart chunk \`${chunk}\`: ${bytes.length} B, ${gzipSync(bytes).length} B gzip; imported only by the indicator map's chunk` : '- chart chunk: not found (run the build)',
    '',
  ].join('\n');
}
