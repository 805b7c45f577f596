import { HeaderRow } from '@/components/ui/header-row';
import type { Forecast } from '@/lib/client/hooks/use-forecast';
import { formatCents, formatDate } from '@/lib/client/format';
import { monthLabel } from './money';
import { gapWords, wholeAwards } from './verdict';

const percent = (rate: number) => `${(rate * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })}%`;

/**
 * What closing each month's gap takes: awards needed = gap ÷ win rate ÷ average contract, with the
 * record it came from (docs/forecast.md, "Closing the gap").
 */
export function ClosingTheGap({ forecast, canEditTargets }: { forecast: Forecast; canEditTargets: boolean }) {
  const g = forecast.closing_the_gap;
  const hasTargets = forecast.months.some((m) => m.target_in_cents !== null);
  return (
    <div className="space-y-3 p-4 text-sm">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Win rate</dt>
          <dd className="font-semibold tabular-nums">{g.win_rate === null ? '—' : percent(g.win_rate)}</dd>
        </div>
        <div>
          <dt className="text-slate-600 dark:text-slate-400">Average contract</dt>
          <dd className="font-semibold tabular-nums">{formatCents(g.average_contract_in_cents)}</dd>
        </div>
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        From {g.won_count} won and {g.lost_count} lost {g.won_count + g.lost_count === 1 ? 'project' : 'projects'} closed since {formatDate(g.since)}. Awards
        needed = gap ÷ win rate ÷ average contract, rounded up to whole contracts.
      </p>
      {!hasTargets ? (
        <p className="text-slate-700 dark:text-slate-300">
          No revenue targets in this range{canEditTargets ? ': set them with “Edit targets”.' : '; an admin can set them.'}
        </p>
      ) : g.months.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">Every month with a target is covered by the weighted forecast.</p>
      ) : (
        <div className="max-h-80 overflow-auto">
          <table className="w-full text-sm">
            <caption className="sr-only">Awards needed per month</caption>
            <thead className="text-slate-600 dark:text-slate-400">
              <HeaderRow
                columns={[
                  ['Month', 'py-1 pr-2 text-left'],
                  ['Gap', 'px-2 py-1 text-right'],
                  ['Awards needed', 'py-1 pl-2 text-right'],
                ]}
              />
            </thead>
            <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
              {g.months.map((m) => (
                <tr key={m.month}>
                  <th scope="row" className="whitespace-nowrap py-1 pr-2 text-left font-normal">
                    {monthLabel(m.month)}
                  </th>
                  <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">{gapWords(m.gap_in_cents)}</td>
                  <td
                    className="py-1 pl-2 text-right font-semibold tabular-nums"
                    title={m.awards_needed === null ? undefined : `${m.awards_needed.toFixed(2)} by the formula`}
                  >
                    {m.awards_needed === null ? '—' : wholeAwards(m.awards_needed).toLocaleString('en-US')}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
