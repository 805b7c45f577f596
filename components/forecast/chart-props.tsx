import type { ChartColors } from './chart-theme';
import { compactCents } from './money';

/**
 * What the charts by month (or quarter) share, by the theme's colors: the grid, the axis of
 * periods, an axis of money, the legend. Spread on Recharts' own components.
 */
export function periodChartProps(c: ChartColors) {
  const tick = { fill: c.axis, fontSize: 12 };
  return {
    tick,
    grid: { stroke: c.grid, vertical: false },
    periodAxis: { dataKey: 'label', tick, tickLine: false, axisLine: { stroke: c.grid }, interval: 'preserveStartEnd', minTickGap: 8 } as const,
    moneyAxis: { tick, tickLine: false, axisLine: false, tickFormatter: (v: number) => compactCents(v), width: 56 } as const,
    legend: {
      wrapperStyle: { fontSize: 12, paddingTop: 8 },
      itemSorter: null,
      formatter: (value: string) => <span style={{ color: c.axis }}>{value}</span>,
    },
  };
}
