import Link from 'next/link';
import { compactCents } from '@/components/forecast/money';
import type { WinRate } from '@/lib/client/hooks/use-insights';
import { groupName, projectsHref, type Grouping } from './insights-params';

/** A share as a whole percent; '—' without one. */
export const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 100)}%`);

/** "3 won · 2 lost", for a row's text and its accessible name. */
export const counts = (r: Pick<WinRate, 'won_count' | 'lost_count'>) => `${r.won_count} won · ${r.lost_count} lost`;

/**
 * Win rate per group as horizontal CSS bars: the track is the group's results, the filled part its
 * wins, so every bar reads on the same 0–100 % scale whatever the group's size (its counts say
 * that). The name and the numbers sit above the bar, the amounts below, so the bar has the card's
 * whole width at any window size and nothing needs sideways room.
 * Each group with a filter is a link to its projects; the row without a group is not.
 */
export function WinRateBars({ rows, grouping, since }: { rows: readonly WinRate[]; grouping: Grouping; since: string }) {
  return (
    <ul className="divide-y divide-slate-100 dark:divide-slate-800">
      {rows.map((r) => {
        const name = groupName(grouping, r.group);
        const href = projectsHref(grouping, r.group, since);
        const label = `${name}: ${percent(r.win_rate)} win rate, ${r.won_count} won and ${r.lost_count} lost`;
        const body = (
          <>
            <span className="flex min-w-0 items-baseline justify-between gap-3">
              <span
                className={`truncate text-sm font-medium ${href ? 'text-blue-800 group-hover:underline dark:text-blue-300' : 'text-slate-700 dark:text-slate-300'}`}
              >
                {name}
              </span>
              <span className="shrink-0 text-sm tabular-nums">
                <span className="font-semibold">{percent(r.win_rate)}</span>
                <span className="ml-1.5 text-slate-600 dark:text-slate-400">{counts(r)}</span>
              </span>
            </span>
            <span aria-hidden className="block h-3 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
              <span
                className="block h-full bg-blue-600 group-hover:bg-blue-700 dark:bg-blue-500 dark:group-hover:bg-blue-400"
                style={{ width: `${(r.win_rate ?? 0) * 100}%` }}
              />
            </span>
            <span className="text-xs tabular-nums text-slate-600 dark:text-slate-400">
              {compactCents(r.won_amount_in_cents)} won of {compactCents(r.won_amount_in_cents + r.lost_amount_in_cents)} bid
            </span>
          </>
        );
        const row = 'group grid gap-1 px-4 py-2.5';
        return (
          <li key={r.group?.id ?? 'none'} data-group={r.group?.id ?? 'none'}>
            {href ? (
              <Link href={href} prefetch={false} aria-label={`${label}: its projects`} className={`${row} hover:bg-slate-50 dark:hover:bg-slate-800/60`}>
                {body}
              </Link>
            ) : (
              <div role="group" aria-label={label} className={row}>
                {body}
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
