'use client';

import { useTheme } from 'next-themes';
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ReferenceArea, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

// Recharts is large: this module loads only on the demand page (next/dynamic there).

export interface DemandPoint {
  label: string;
  awarded: number;
  pursuit: number;
  headcount: number;
  shortfall: number;
}

const PALETTE = {
  light: { awarded: '#1d4ed8', pursuit: '#f59e0b', headcount: '#0f172a', text: '#334155', grid: '#e2e8f0', shortfall: '#fecaca' },
  dark: { awarded: '#60a5fa', pursuit: '#fbbf24', headcount: '#f8fafc', text: '#cbd5e1', grid: '#334155', shortfall: '#7f1d1d' },
};

/** Stacked awarded and pursuit FTE per period against the headcount line; shortfall periods shaded red. */
export function DemandChart({ data, pursuitLabel }: { data: DemandPoint[]; pursuitLabel: string }) {
  const { resolvedTheme } = useTheme();
  const c = PALETTE[resolvedTheme === 'dark' ? 'dark' : 'light'];
  const label = (i: number) => data[i]?.label ?? '';
  return (
    <ResponsiveContainer width="100%" height={320}>
      <ComposedChart data={data.map((d, i) => ({ ...d, i }))} margin={{ top: 10, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid stroke={c.grid} vertical={false} />
        {data.map((d, i) =>
          d.shortfall > 0 ? <ReferenceArea key={d.label} x1={i - 0.5} x2={i + 0.5} fill={c.shortfall} fillOpacity={0.6} ifOverflow="extendDomain" /> : null,
        )}
        <XAxis
          dataKey="i"
          type="number"
          domain={[-0.5, data.length - 0.5]}
          ticks={data.map((_, i) => i)}
          tickFormatter={label}
          tick={{ fill: c.text, fontSize: 12 }}
          stroke={c.grid}
          interval="preserveStartEnd"
          minTickGap={8}
        />
        <YAxis tick={{ fill: c.text, fontSize: 12 }} stroke={c.grid} allowDecimals={false} width={48} />
        <Tooltip
          labelFormatter={(i) => label(Number(i))}
          formatter={(v) => `${Number(v).toFixed(2)} FTE`}
          contentStyle={{ background: resolvedTheme === 'dark' ? '#0f172a' : '#fff', borderColor: c.grid, color: c.text }}
        />
        <Legend wrapperStyle={{ fontSize: 12 }} formatter={(value) => <span style={{ color: c.text }}>{value}</span>} />
        <Bar dataKey="awarded" name="Awarded" stackId="demand" fill={c.awarded} isAnimationActive={false} maxBarSize={36} />
        <Bar dataKey="pursuit" name={pursuitLabel} stackId="demand" fill={c.pursuit} isAnimationActive={false} maxBarSize={36} />
        <Line dataKey="headcount" name="Headcount" type="linear" stroke={c.headcount} strokeWidth={2} dot={{ r: 3 }} isAnimationActive={false} />
      </ComposedChart>
    </ResponsiveContainer>
  );
}
