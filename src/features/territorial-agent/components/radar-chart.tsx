import { Box } from '@chakra-ui/react';
import { useId } from 'react';
import { radarPoints, type RadarAxis } from '../../../domain/territorial-agent.ts';

/**
 * The axes' scores as a radar (issue 31): plain SVG in this screen's chunk, no chart library. Rings
 * at 25, 50, 75 and 100 %, one spoke per axis named at its tip, the municipality's polygon filled.
 * Colours are Chakra tokens (variant and dark mode); the numbers are in the table beside it.
 */
const SIZE = 420;
const CENTER = SIZE / 2;
const RADIUS = 130;
const SHAPE = 'var(--chakra-colors-color-palette-solid)';
const GRID = { fill: 'none', stroke: 'var(--chakra-colors-border-emphasized)', strokeWidth: 1 } as const;

export function RadarChart({ eixos, label }: { eixos: readonly RadarAxis[]; label: string }) {
  const titleId = useId();
  const values = eixos.map((e) => e.percentual);
  const ring = (pct: number) =>
    radarPoints(
      eixos.map(() => pct),
      RADIUS,
      CENTER,
    )
      .map((p) => `${p.x},${p.y}`)
      .join(' ');
  const tips = radarPoints(
    eixos.map(() => 100),
    RADIUS,
    CENTER,
  );
  const labels = radarPoints(
    eixos.map(() => 100),
    RADIUS + 22,
    CENTER,
  );
  const shape = radarPoints(values, RADIUS, CENTER);
  return (
    <Box maxW="md" w="full" mx="auto" color="fg" css={{ '& svg': { width: '100%', height: 'auto', overflow: 'visible' } }}>
      <svg viewBox={`0 0 ${SIZE} ${SIZE}`} role="img" aria-labelledby={titleId} data-testid="radar-chart">
        <title id={titleId}>{label}</title>
        {[25, 50, 75, 100].map((pct) => (
          <polygon key={pct} points={ring(pct)} fill="none" style={GRID} />
        ))}
        {tips.map((tip, i) => (
          <line key={eixos[i]!.eixoId} x1={CENTER} y1={CENTER} x2={tip.x} y2={tip.y} style={GRID} />
        ))}
        {eixos.length >= 3 ? (
          <polygon
            data-testid="radar-shape"
            points={shape.map((p) => `${p.x},${p.y}`).join(' ')}
            style={{ fill: SHAPE, fillOpacity: 0.3, stroke: SHAPE, strokeWidth: 2 }}
          />
        ) : (
          shape.map((p, i) => (
            <line key={eixos[i]!.eixoId} x1={CENTER} y1={CENTER} x2={p.x} y2={p.y} style={{ stroke: SHAPE, strokeWidth: 4 }} />
          ))
        )}
        {shape.map((p, i) => (
          <circle key={eixos[i]!.eixoId} cx={p.x} cy={p.y} r="4" style={{ fill: SHAPE }} />
        ))}
        {labels.map((p, i) => {
          const e = eixos[i]!;
          const anchor = Math.abs(p.x - CENTER) < 8 ? 'middle' : p.x > CENTER ? 'start' : 'end';
          return (
            <text key={e.eixoId} x={p.x} y={p.y} textAnchor={anchor} dominantBaseline="middle" fontSize="13" fill="currentColor">
              <tspan x={p.x}>{e.nome.length > 22 ? `${e.nome.slice(0, 21)}…` : e.nome}</tspan>
              <tspan x={p.x} dy="15" fontWeight="bold">{`${e.percentual}%`}</tspan>
            </text>
          );
        })}
      </svg>
    </Box>
  );
}
