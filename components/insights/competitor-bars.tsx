import Link from 'next/link';
import type { Competitor } from '@/lib/client/hooks/use-insights';
import { competitorProjectsHref } from './insights-params';
import { percent } from './win-rate-bars';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "We won 3 · they won 1 · 5 bids against us", for a row's text and its accessible name. */
export const headToHeadCounts = (c: Competitor) =>
  `We won ${c.our_wins_when_both_bid} · they won ${c.their_wins} · ${plural(c.bids_against_us, 'bid', 'bids')} against us`;

const US = 'bg-blue-600 dark:bg-blue-500';
const THEM = 'bg-amber-500 dark:bg-amber-400';

/**
 * Head to head per competitor, as horizontal CSS bars (as the win rates' are): the track is the
 * projects both bid on that one of us won, blue our share, amber theirs, so every bar reads on the
 * same 0–100 % scale; the percent and the counts sit above the bar in words, so nothing depends on
 * color and nothing needs sideways room at 390 px. Each row opens the projects the company bid on.
 */
export function CompetitorBars({ rows }: { rows: readonly Competitor[] }) {
  return (
    <>
      <p aria-hidden className="flex flex-wrap gap-x-4 gap-y-1 px-4 pt-3 text-xs text-slate-600 dark:text-slate-400">
        <span className="inline-flex items-center gap-1.5">
          <span className={`inline-block h-2.5 w-2.5 rounded-sm ${US}`} /> Our wins
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className={`inline-block h-2.5 w-2.5 rounded-sm ${THEM}`} /> Their wins
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span className="inline-block h-2.5 w-2.5 rounded-sm bg-slate-200 dark:bg-slate-700" /> No result between us yet
        </span>
      </p>
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {rows.map((c) => {
          const rate = c.head_to_head_win_rate;
          const name = c.company.name;
          const label = `${name}: ${rate === null ? 'no head-to-head result yet' : `we win ${percent(rate)} head to head`}; ${headToHeadCounts(c)}`;
          return (
            <li key={c.company.id} data-company={c.company.id}>
              <Link
                href={competitorProjectsHref(c.company.id)}
                prefetch={false}
                aria-label={`${label}: the projects they bid on`}
                className="group grid gap-1 px-4 py-2.5 hover:bg-slate-50 dark:hover:bg-slate-800/60"
              >
                <span className="flex min-w-0 items-baseline justify-between gap-3">
                  <span className="truncate text-sm font-medium text-blue-800 group-hover:underline dark:text-blue-300">{name}</span>
                  <span className="shrink-0 text-sm tabular-nums">
                    {rate === null ? (
                      <span className="text-slate-600 dark:text-slate-400">No result yet</span>
                    ) : (
                      <>
                        <span className="text-slate-600 dark:text-slate-400">We win </span>
                        <span className="font-semibold">{percent(rate)}</span>
                      </>
                    )}
                  </span>
                </span>
                <span aria-hidden className="flex h-3 overflow-hidden rounded bg-slate-200 dark:bg-slate-700">
                  {rate === null ? null : (
                    <>
                      <span className={`block h-full ${US}`} style={{ width: `${rate * 100}%` }} />
                      {/* A gap between the two shares, so they read apart in either scheme. */}
                      <span
                        className={`block h-full ${THEM} ${rate > 0 && rate < 1 ? 'border-l-2 border-white dark:border-slate-900' : ''}`}
                        style={{ width: `${(1 - rate) * 100}%` }}
                      />
                    </>
                  )}
                </span>
                <span className="text-xs tabular-nums text-slate-600 dark:text-slate-400">{headToHeadCounts(c)}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </>
  );
}
