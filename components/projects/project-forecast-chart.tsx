'use client';

import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useChartColors } from '@/components/forecast/chart-theme';
import { periodChartProps } from '@/components/forecast/chart-props';
import { monthLabel } from '@/components/forecast/money';
import { formatCents } from '@/lib/client/format';
import type { ProjectForecast } from '@/lib/client/hooks/use-forecast';

// A project's months: revenue (and cost) as bars, the cumulative revenue as a line on its own axis.
// Recharts, loaded with next/dynamic by the project's Forecast tab only.

export function ProjectForecastChart({ data }: { data: ProjectForecast }) {
  const c = useChartColors();
  const hasCost = data.months.some((m) => m.cost_in_cents !== null);
  const points = data.months.map((m) => ({
    label: monthLabel(m.month, 'short'),
    revenue: m.revenue_in_cents,
    cost: m.cost_in_cents,
    cumulative: m.cumulative_in_cents,
  }));
  const parts = periodChartProps(c);
  return (
    <div className="h-56 w-full sm:h-64">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 4 }} accessibilityLayer>
          <CartesianGrid {...parts.grid} />
          <XAxis {...parts.periodAxis} />
          <YAxis yAxisId="month" {...parts.moneyAxis} />
          <YAxis yAxisId="cumulative" orientation="right" {...parts.moneyAxis} tick={{ ...parts.tick, fill: c.backlog }} />
          <Tooltip
            formatter={(v) => formatCents(Number(v))}
            cursor={{ fill: c.cursor }}
            contentStyle={{ background: c.surface, borderColor: c.grid, fontSize: 12 }}
            labelStyle={{ color: c.axis, fontWeight: 600 }}
          />
          <Legend {...parts.legend} />
          <Bar yAxisId="month" dataKey="revenue" name="Revenue" fill={c.contracted} isAnimationActive={false} />
          {hasCost ? <Bar yAxisId="month" dataKey="cost" name="Cost" fill={c.cost} isAnimationActive={false} /> : null}
          <Line
            yAxisId="cumulative"
            dataKey="cumulative"
            name="Cumulative (right axis)"
            stroke={c.backlog}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
