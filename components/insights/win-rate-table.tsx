import Link from 'next/link';
import { HeaderRow, numberCell as td, numberHeader as th, TotalsFoot } from '@/components/ui/header-row';
import { formatCents } from '@/lib/client/format';
import type { WinRate } from '@/lib/client/hooks/use-insights';
import { groupName, projectsHref, totals, type Grouping } from './insights-params';
import { percent } from './win-rate-bars';

/** The bars' numbers, a group a row, with the window's totals; each group's name links to its projects. */
export function WinRateTable({ rows, grouping, since, caption }: { rows: readonly WinRate[]; grouping: Grouping; since: string; caption: string }) {
  const all = totals(rows);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
          <HeaderRow
            columns={[
              [grouping.label, 'px-3 py-2 text-left'],
              ['Won', th],
              ['Lost', th],
              ['Win rate', th],
              ['Won amount', th],
              ['Lost amount', th],
              ['Win rate by amount', th],
            ]}
          />
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {rows.map((r) => {
            const name = groupName(grouping, r.group);
            const href = projectsHref(grouping, r.group, since);
            return (
              <tr key={r.group?.id ?? 'none'} data-group={r.group?.id ?? 'none'}>
                <th scope="row" className="max-w-64 truncate px-3 py-1.5 text-left font-medium">
                  {href ? (
                    <Link href={href} prefetch={false} className="text-blue-800 hover:underline dark:text-blue-300">
                      {name}
                    </Link>
                  ) : (
                    name
                  )}
                </th>
                <td className={td}>{r.won_count}</td>
                <td className={td}>{r.lost_count}</td>
                <td className={td}>{percent(r.win_rate)}</td>
                <td className={td}>{formatCents(r.won_amount_in_cents)}</td>
                <td className={td}>{formatCents(r.lost_amount_in_cents)}</td>
                <td className={td}>{percent(r.amount_win_rate)}</td>
              </tr>
            );
          })}
        </tbody>
        <TotalsFoot label="All" data-group="total">
          <td className={`${td} py-2`}>{all.won}</td>
          <td className={`${td} py-2`}>{all.lost}</td>
          <td className={`${td} py-2`}>{percent(all.winRate)}</td>
          <td className={`${td} py-2`}>{formatCents(all.wonCents)}</td>
          <td className={`${td} py-2`}>{formatCents(all.lostCents)}</td>
          <td className={`${td} py-2`}>{percent(all.amountWinRate)}</td>
        </TotalsFoot>
      </table>
    </div>
  );
}
