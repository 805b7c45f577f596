import { HeaderRow, numberCell as td, numberHeader as th, TotalsFoot } from '@/components/ui/header-row';
import type { Forecast } from '@/lib/client/hooks/use-forecast';
import { formatCents } from '@/lib/client/format';
import { FORECAST_COLUMNS, monthLabel } from './money';
import { gapWords } from './verdict';

/** A gap above zero falls short of the target; below zero, the forecast beats it (said in words: gapWords). */
function gapClass(gap: number | null) {
  if (gap === null || gap === 0) return '';
  return gap > 0 ? 'text-red-700 dark:text-red-300' : 'text-emerald-700 dark:text-emerald-300';
}

/** A month's cell: the gap in words, other columns in dollars. */
const cell = (key: string, value: number | null) => (key === 'gap_in_cents' ? gapWords(value) : formatCents(value));

/** The chart's numbers, a month a row, with the totals; the snapshot's total weighted beside today's when comparing. */
export function ForecastTable({ forecast, snapshot }: { forecast: Forecast; snapshot?: Forecast }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Forecast by month, in US dollars</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
          <HeaderRow
            columns={[
              ['Month', 'px-3 py-2 text-left'],
              ...FORECAST_COLUMNS.map(([label]) => [label, th] as const),
              ...(snapshot ? [['At snapshot', th] as const] : []),
            ]}
          />
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {forecast.months.map((m, i) => (
            <tr key={m.month} data-month={m.month}>
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-medium">
                {monthLabel(m.month)}
              </th>
              {FORECAST_COLUMNS.map(([label, key]) => (
                <td key={label} className={`${td} ${key === 'gap_in_cents' ? gapClass(m[key]) : ''}`}>
                  {cell(key, m[key])}
                </td>
              ))}
              {snapshot ? <td className={td}>{formatCents(snapshot.months[i]?.total_weighted_in_cents)}</td> : null}
            </tr>
          ))}
        </tbody>
        <TotalsFoot label="Total" data-month="total">
          {FORECAST_COLUMNS.map(([label, key]) => (
            <td key={label} className={`${td} py-2 ${key === 'gap_in_cents' ? gapClass(forecast.totals[key]) : ''}`}>
              {cell(key, forecast.totals[key])}
            </td>
          ))}
          {snapshot ? <td className={`${td} py-2`}>{formatCents(snapshot.totals.total_weighted_in_cents)}</td> : null}
        </TotalsFoot>
      </table>
    </div>
  );
}
