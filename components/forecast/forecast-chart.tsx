'use client';

import {
  Bar,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type BarProps,
  type LineProps,
  type TooltipContentProps,
} from 'recharts';
import type { NameType, ValueType } from 'recharts/types/component/DefaultTooltipContent';
import type { Forecast } from '@/lib/client/hooks/use-forecast';
import { formatCents } from '@/lib/client/format';
import { useChartColors } from './chart-theme';
import { periodChartProps } from './chart-props';
import { monthLabel } from './money';

// Recharts, loaded with next/dynamic by the Forecast page only (it is most of the page's JavaScript).
// Values stay in cents; the axes and the tooltip format them.

interface Point {
  month: string;
  label: string;
  contracted: number;
  pipeline: number;
  /** The positive gap stacked on the bars (weighted view only): how far they fall short of the target. */
  gap: number | null;
  target: number | null;
  backlog: number;
  snapshot: number | null;
}

const NAMES = {
  contracted: 'Contracted',
  weighted: 'Weighted pipeline',
  unweighted: 'Unweighted pipeline',
  gap: 'Gap to target',
  target: 'Target',
  backlog: 'Backlog (right axis)',
  snapshot: 'Total weighted at snapshot',
};

function ChartTooltip({ active, payload, label }: Pick<TooltipContentProps<ValueType, NameType>, 'active' | 'payload' | 'label'>) {
  if (!active || !payload?.length) return null;
  return (
    <div className="rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md dark:border-slate-700 dark:bg-slate-900">
      <p className="mb-1 font-semibold text-slate-900 dark:text-slate-100">{label}</p>
      <dl className="space-y-0.5">
        {payload
          .filter((p) => p.value != null)
          .map((p) => (
            <div key={String(p.dataKey)} className="flex items-center justify-between gap-4">
              <dt className="flex items-center gap-1.5 text-slate-700 dark:text-slate-300">
                <span aria-hidden className="inline-block h-2 w-2 rounded-sm" style={{ background: p.color }} />
                {p.name}
              </dt>
              <dd className="font-medium tabular-nums text-slate-900 dark:text-slate-100">{formatCents(Number(p.value))}</dd>
            </div>
          ))}
      </dl>
    </div>
  );
}

/**
 * Contracted and pipeline revenue stacked by month, the gap to the target stacked above them (the
 * weighted view), the target as a line, the backlog on its own axis, and the snapshot's total when
 * comparing.
 */
export function ForecastChart({ forecast, unweighted, snapshot }: { forecast: Forecast; unweighted: boolean; snapshot?: Forecast }) {
  const c = useChartColors();
  const hasTarget = forecast.months.some((m) => m.target_in_cents !== null);
  const points: Point[] = forecast.months.map((m, i) => ({
    month: m.month,
    label: monthLabel(m.month, 'short'),
    contracted: m.contracted_in_cents,
    pipeline: unweighted ? m.unweighted_pipeline_in_cents : m.weighted_pipeline_in_cents,
    gap: !unweighted && m.gap_in_cents !== null && m.gap_in_cents > 0 ? m.gap_in_cents : null,
    target: m.target_in_cents,
    backlog: m.backlog_in_cents,
    snapshot: snapshot?.months[i]?.month === m.month ? snapshot.months[i]!.total_weighted_in_cents : null,
  }));
  const parts = periodChartProps(c);
  // In the legend's order (its itemSorter is null): the revenue stacked in bars, then the lines.
  const bars: (BarProps & { dataKey: keyof Point })[] = [
    { dataKey: 'contracted', name: NAMES.contracted, fill: c.contracted },
    { dataKey: 'pipeline', name: unweighted ? NAMES.unweighted : NAMES.weighted, fill: c.pipeline },
  ];
  if (!unweighted && hasTarget) bars.push({ dataKey: 'gap', name: NAMES.gap, fill: c.gapFill, stroke: c.gap, strokeDasharray: '4 3' });
  const lines: (LineProps & { dataKey: keyof Point })[] = [];
  if (hasTarget) lines.push({ yAxisId: 'money', dataKey: 'target', name: NAMES.target, type: 'step', stroke: c.target, dot: false, connectNulls: false });
  lines.push({ yAxisId: 'backlog', dataKey: 'backlog', name: NAMES.backlog, type: 'monotone', stroke: c.backlog, strokeDasharray: '6 3', dot: false });
  if (snapshot) lines.push({ yAxisId: 'money', dataKey: 'snapshot', name: NAMES.snapshot, type: 'monotone', stroke: c.snapshot, dot: { r: 2 } });
  return (
    <div className="h-80 w-full sm:h-96">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 4, bottom: 0, left: 4 }} accessibilityLayer>
          <CartesianGrid {...parts.grid} />
          <XAxis {...parts.periodAxis} />
          <YAxis yAxisId="money" {...parts.moneyAxis} />
          <YAxis yAxisId="backlog" orientation="right" {...parts.moneyAxis} tick={{ ...parts.tick, fill: c.backlog }} />
          <Tooltip content={(props) => <ChartTooltip {...props} />} cursor={{ fill: c.cursor }} />
          <Legend {...parts.legend} />
          {bars.map((bar) => (
            <Bar key={bar.dataKey} yAxisId="money" stackId="revenue" {...bar} isAnimationActive={false} />
          ))}
          {lines.map((line) => (
            <Line key={line.dataKey} {...line} strokeWidth={2} isAnimationActive={false} />
          ))}
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
