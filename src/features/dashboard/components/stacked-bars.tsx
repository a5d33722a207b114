import { Chart, useChart } from '@chakra-ui/charts';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';

export type BarSeries<T> = { name: keyof T & string; label: string; color: string };

/** A bar chart (stacked when asked) in Chakra's chart frame; recharts is loaded only with the dashboard. */
export function StackedBars<T extends Record<string, unknown>>({
  data,
  category,
  series,
  stacked = true,
  layout = 'horizontal',
  onBarClick,
}: {
  data: T[];
  category: keyof T & string;
  series: ReadonlyArray<BarSeries<T>>;
  stacked?: boolean;
  layout?: 'horizontal' | 'vertical';
  /** A click on a bar opens what is behind it; the same link is in the chart's table for the keyboard. */
  onBarClick?: (row: T) => void;
}) {
  const chart = useChart<T>({
    data,
    series: series.map((s) => ({ name: s.name, label: s.label, color: s.color, stackId: stacked ? 'a' : undefined })),
  });
  const vertical = layout === 'vertical';
  return (
    <Chart.Root chart={chart} h={vertical ? `${Math.max(200, data.length * 40 + 80)}px` : '280px'} minW="0">
      {/* responsive: recharts 3 draws nothing without a size; this fills Chart.Root's box and follows its resizes. */}
      <BarChart responsive data={chart.data} layout={layout} accessibilityLayer={false}>
        <CartesianGrid stroke={chart.color('border.muted')} vertical={vertical} horizontal={!vertical} />
        {vertical ? (
          <>
            <XAxis type="number" allowDecimals={false} tickLine={false} stroke={chart.color('fg.muted')} />
            <YAxis type="category" dataKey={chart.key(category) as never} width={120} tickLine={false} stroke={chart.color('fg.muted')} />
          </>
        ) : (
          <>
            <XAxis dataKey={chart.key(category) as never} tickLine={false} stroke={chart.color('fg.muted')} />
            <YAxis allowDecimals={false} tickLine={false} stroke={chart.color('fg.muted')} />
          </>
        )}
        <Tooltip cursor={{ fill: chart.color('bg.muted') }} animationDuration={100} content={<Chart.Tooltip />} />
        <Legend content={<Chart.Legend />} />
        {chart.series.map((item) => (
          <Bar
            key={String(item.name)}
            isAnimationActive={false}
            dataKey={chart.key(item.name) as never}
            fill={chart.color(item.color)}
            stackId={item.stackId}
            name={String(item.label ?? item.name)}
            style={onBarClick ? { cursor: 'pointer' } : undefined}
            onClick={
              onBarClick
                ? (_: unknown, index: number) => {
                    const row = data[index];
                    if (row) onBarClick(row);
                  }
                : undefined
            }
          />
        ))}
      </BarChart>
    </Chart.Root>
  );
}
