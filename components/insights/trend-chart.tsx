'use client';

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis, type TooltipContentProps } from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import { periodChartProps } from '@/components/forecast/chart-props';
import { useChartColors } from '@/components/forecast/chart-theme';
import type { QuarterPoint } from './insights-params';

// Recharts, loaded with next/dynamic by the Insights page only (it is most of the page's JavaScript).

/** `Q3 2026` → `Q3 ’26`: fits a phone's axis. */
const shortQuarter = (name: string) => name.replace(/ \d\d(\d\d)$/, ' ’$1');

function TrendTooltip({ active, payload, label }: Pick<TooltipContentProps<ValueType, NameType>, 'active' | 'payload' | 'label'>) {
  const point = payload?.[0]?.payload as QuarterPoint | undefined;
  if (!active || !point) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900">
      <p className="mb-1 font-semibold text-slate-900 dark:text-slate-100">{label}</p>
      <p className="text-slate-700 dark:text-slate-300">
        {point.won} won · {point.lost} lost
      </p>
      <p className="font-medium text-slate-900 dark:text-slate-100">{point.winRate === null ? 'No results' : `${Math.round(point.winRate * 100)}% win rate`}</p>
    </div>
  );
}

/** Won and lost projects per quarter, stacked (left axis), and the quarter's win rate as a line (right axis, %). */
export function TrendChart({ points }: { points: QuarterPoint[] }) {
  const c = useChartColors();
  const parts = periodChartProps(c);
  const data = points.map((p) => ({ ...p, label: p.name, rate: p.winRate === null ? null : Math.round(p.winRate * 1000) / 10 }));
  return (
    <div className="h-72 w-full sm:h-80">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 0, bottom: 0, left: 0 }} accessibilityLayer>
          <CartesianGrid {...parts.grid} />
          <XAxis {...parts.periodAxis} tickFormatter={shortQuarter} />
          <YAxis yAxisId="count" tick={parts.tick} tickLine={false} axisLine={false} allowDecimals={false} width={32} />
          <YAxis
            yAxisId="rate"
            orientation="right"
            domain={[0, 100]}
            ticks={[0, 25, 50, 75, 100]}
            tick={{ ...parts.tick, fill: c.backlog }}
            tickLine={false}
            axisLine={false}
            tickFormatter={(v: number) => `${v}%`}
            width={44}
          />
          <Tooltip content={(props) => <TrendTooltip {...props} />} cursor={{ fill: c.cursor }} />
          <Legend {...parts.legend} />
          <Bar yAxisId="count" dataKey="won" name="Won" stackId="results" fill={c.contracted} isAnimationActive={false} />
          <Bar yAxisId="count" dataKey="lost" name="Lost" stackId="results" fill={c.cost} isAnimationActive={false} />
          <Line
            yAxisId="rate"
            dataKey="rate"
            name="Win rate (right axis)"
            type="linear"
            stroke={c.backlog}
            strokeWidth={2}
            dot={{ r: 3, fill: c.backlog }}
            connectNulls
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
