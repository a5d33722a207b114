import { Box, Text, VisuallyHidden } from '@chakra-ui/react';
import { useId } from 'react';
import { formatPeriod } from '../../../domain/sala.ts';
import { formatValue, type HistoryPoint } from '../map-logic.ts';

/**
 * One indicator's history as a line against its target (issue 29 item 3). No chart library is
 * installed and the project adds none for one chart: this is plain SVG in its own chunk, loaded only
 * by the indicator map. Colours are Chakra's tokens (so it follows the variant and the dark mode),
 * the value line is solid and the target dashed (not colour alone), and the same numbers are in a
 * table for screen readers.
 */

const WIDTH = 640;
const HEIGHT = 240;
const PAD = { top: 16, right: 16, bottom: 32, left: 56 };

export function IndicatorChart({ title, points, unidade }: { title: string; points: readonly HistoryPoint[]; unidade: string }) {
  const titleId = useId();
  const descId = useId();
  const values = points.flatMap((p) => (p.valor === null ? [p.meta] : [p.valor, p.meta]));
  const low = Math.min(0, ...values);
  const high = Math.max(1, ...values) * 1.1;
  const x = (i: number) => PAD.left + (points.length <= 1 ? 0 : (i * (WIDTH - PAD.left - PAD.right)) / (points.length - 1));
  const y = (v: number) => PAD.top + ((high - v) * (HEIGHT - PAD.top - PAD.bottom)) / (high - low || 1);
  const path = (pick: (p: HistoryPoint) => number | null) => {
    let d = '';
    let pen = false;
    points.forEach((p, i) => {
      const v = pick(p);
      if (v === null) {
        pen = false;
        return;
      }
      d += `${pen ? 'L' : 'M'}${x(i).toFixed(1)},${y(v).toFixed(1)}`;
      pen = true;
    });
    return d;
  };
  const last = [...points].reverse().find((p) => p.valor !== null);
  const summary = last
    ? `Última leitura em ${formatPeriod(last.periodo)}: ${formatValue(last.valor, unidade)}; meta ${formatValue(last.meta, unidade)}`
    : 'Sem leituras';
  const ticks = [low, (low + high) / 2, high / 1.1];

  return (
    <Box as="figure" m="0">
      <Text as="figcaption" fontWeight="medium" mb="2">
        {title}
      </Text>
      <Box overflowX="auto">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} width="100%" role="img" aria-labelledby={`${titleId} ${descId}`} style={{ minWidth: 300 }}>
          <title id={titleId}>{`Histórico de ${title}`}</title>
          <desc id={descId}>{summary}</desc>
          {ticks.map((t) => (
            <g key={t}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} stroke="var(--chakra-colors-border)" />
              <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" fontSize="11" fill="var(--chakra-colors-fg-muted)">
                {formatValue(Math.round(t * 100) / 100)}
              </text>
            </g>
          ))}
          {points.length > 0 && (
            <>
              <text x={x(0)} y={HEIGHT - 10} fontSize="11" fill="var(--chakra-colors-fg-muted)">
                {formatPeriod(points[0]!.periodo)}
              </text>
              <text x={x(points.length - 1)} y={HEIGHT - 10} fontSize="11" textAnchor="end" fill="var(--chakra-colors-fg-muted)">
                {formatPeriod(points[points.length - 1]!.periodo)}
              </text>
            </>
          )}
          <path d={path((p) => p.meta)} fill="none" stroke="var(--chakra-colors-fg-muted)" strokeWidth="2" strokeDasharray="6 4" />
          <path d={path((p) => p.valor)} fill="none" stroke="var(--chakra-colors-color-palette-solid)" strokeWidth="3" />
          {points.map((p, i) =>
            p.valor === null ? null : <circle key={p.periodo} cx={x(i)} cy={y(p.valor)} r="3.5" fill="var(--chakra-colors-color-palette-solid)" />,
          )}
        </svg>
      </Box>
      <Text textStyle="xs" color="fg.muted">
        Linha contínua: valor lido; tracejada: meta.
      </Text>
      <VisuallyHidden>
        <table>
          <caption>{`Leituras de ${title}`}</caption>
          <thead>
            <tr>
              <th scope="col">Período</th>
              <th scope="col">Valor</th>
              <th scope="col">Meta</th>
            </tr>
          </thead>
          <tbody>
            {points.map((p) => (
              <tr key={p.periodo}>
                <th scope="row">{formatPeriod(p.periodo)}</th>
                <td>{formatValue(p.valor, unidade)}</td>
                <td>{formatValue(p.meta, unidade)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Box>
  );
}

export default IndicatorChart;
