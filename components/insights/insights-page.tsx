'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { HeaderRow } from '@/components/ui/header-row';
import { PageHeader } from '@/components/ui/page-header';
import { CARD, SectionCard } from '@/components/ui/section-card';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { formatDate, todayIso } from '@/lib/client/format';
import { useWinRates } from '@/lib/client/hooks/use-insights';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import {
  defaultSince,
  groupingOf,
  GROUPINGS,
  INSIGHTS_URL_KEYS,
  INSIGHTS_VIEWS,
  insightsView,
  insightsViewHref,
  quarterSeries,
  sinceOf,
  totals,
  trendParams,
  winRatesParams,
  type InsightsUrlState,
  type InsightsView,
} from './insights-params';
import { percent, WinRateBars } from './win-rate-bars';
import { WinRateTable } from './win-rate-table';

// Recharts is most of this page's JavaScript: it loads after the page, in the browser only.
const TrendChart = dynamic(() => import('./trend-chart').then((m) => m.TrendChart), {
  ssr: false,
  loading: () => <Skeleton className="h-72 w-full sm:h-80" />,
});

// The competitors view loads with it (still rendered on the server), out of the win rates' first load.
const CompetitorsView = dynamic(() => import('./competitors-view').then((m) => m.CompetitorsView), {
  loading: () => <Skeleton className="h-96 w-full" />,
});

const card = `min-w-0 ${CARD}`;
const label = 'mb-1 block font-medium text-slate-700 dark:text-slate-300';

/** The page's views as links (each its own address), the one shown marked. */
function ViewLinks({ state, view }: { state: InsightsUrlState; view: InsightsView }) {
  return (
    <nav aria-label="Insights views" className="mb-4 flex gap-1 border-b border-slate-200 dark:border-slate-800">
      {INSIGHTS_VIEWS.map((v) => (
        <Link
          key={v.value}
          href={insightsViewHref(state, v.value)}
          aria-current={view === v.value ? 'page' : undefined}
          className="-mb-px whitespace-nowrap border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 aria-[current=page]:border-blue-700 aria-[current=page]:text-blue-800 dark:text-slate-400 dark:hover:text-slate-100 dark:aria-[current=page]:border-blue-400 dark:aria-[current=page]:text-blue-300"
        >
          {v.label}
        </Link>
      ))}
    </nav>
  );
}

/** Insights: how often our bids are won (the default view), or who we bid against (Competitors). */
export function InsightsPage() {
  const [state, setState] = useUrlState(INSIGHTS_URL_KEYS);
  const view = insightsView(state);
  return (
    <>
      <PageHeader
        title="Insights"
        description={
          view === 'competitors'
            ? 'Who bids against us: how often they win, how often we beat them, and how their prices compare with ours.'
            : 'How often our bids are won: by the kind of work, the client and the person, and over time.'
        }
      />
      <ViewLinks state={state} view={view} />
      {view === 'competitors' ? <CompetitorsView state={state} setState={setState} /> : <WinRates state={state} setState={setState} />}
    </>
  );
}

/** Win rates of the account's closed bids: by a grouping (bars and their numbers) and by quarter. */
function WinRates({ state, setState }: { state: InsightsUrlState; setState: (changes: Partial<Record<keyof InsightsUrlState, string | null>>) => void }) {
  const grouping = groupingOf(state);
  // The window's first day as the API counts it: the URL's, else its default (36 months back).
  const since = sinceOf(state) || defaultSince();
  const rates = useWinRates(winRatesParams(state));
  const trend = useWinRates(trendParams(state));
  const rows = rates.data;
  const all = rows ? totals(rows) : null;
  const points = trend.data ? quarterSeries(trend.data) : [];
  const groupWord = grouping.noun;

  return (
    <>
      <div className="mb-4 flex flex-wrap items-end gap-3">
        <label className="w-full text-sm sm:w-56">
          <span className={label}>Group by</span>
          <select
            className={inputClass}
            value={grouping.value}
            onChange={(e) => setState({ group_by: e.target.value === GROUPINGS[0].value ? null : e.target.value })}
          >
            {GROUPINGS.map((g) => (
              <option key={g.value} value={g.value}>
                {g.label}
              </option>
            ))}
          </select>
        </label>
        <label className="w-full text-sm sm:w-48">
          <span className={label}>Closed since</span>
          <input type="date" className={inputClass} value={since} max={todayIso()} onChange={(e) => setState({ since: e.target.value || null })} />
        </label>
        {state.since ? (
          <Button variant="ghost" size="sm" className="mb-1" onClick={() => setState({ since: null })}>
            Last 36 months
          </Button>
        ) : null}
      </div>

      {rates.error ? (
        <div className={card}>
          <ErrorState error={rates.error} onRetry={() => rates.refetch()} />
        </div>
      ) : !rows || !all ? (
        <div role="status" aria-label="Loading insights" className="space-y-4">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-80 w-full" />
        </div>
      ) : rows.length === 0 ? (
        <div className={card}>
          <EmptyState title={`No won or lost projects closed since ${formatDate(since)}.`}>
            Win rates count the projects closed as won or lost. Pick an earlier date, or close projects on the{' '}
            <Link href="/projects" className="font-medium text-blue-800 underline dark:text-blue-300">
              projects board
            </Link>
            .
          </EmptyState>
        </div>
      ) : (
        <div className={`space-y-4 ${rates.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={rates.isPlaceholderData}>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Since {formatDate(since)}: <strong className="tabular-nums">{all.won + all.lost}</strong> projects won or lost,{' '}
            <strong className="tabular-nums">{all.won}</strong> won — a <strong className="tabular-nums">{percent(all.winRate)}</strong> win rate (
            {percent(all.amountWinRate)} of the amount bid). Cancelled projects and those we did not pursue count in none.
          </p>
          <div className="grid gap-4 xl:grid-cols-2 xl:items-start">
            <SectionCard title={`Win rate by ${groupWord}`} id="insights-bars-heading">
              <WinRateBars rows={rows} grouping={grouping} since={since} />
              <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
                Each bar is the share of the {groupWord}’s won and lost projects that were won. Open one to see its projects closed since {formatDate(since)}.
              </p>
            </SectionCard>
            <SectionCard title="Trend by quarter" id="insights-trend-heading">
              {trend.error ? (
                <ErrorState error={trend.error} onRetry={() => trend.refetch()} />
              ) : !trend.data ? (
                <div role="status" aria-label="Loading the trend" className="p-4">
                  <Skeleton className="h-72 w-full sm:h-80" />
                </div>
              ) : (
                <>
                  <div className="p-2 sm:p-4">
                    <TrendChart points={points} />
                  </div>
                  <details className="border-t border-slate-100 text-sm dark:border-slate-800">
                    <summary className="cursor-pointer px-4 py-2 font-medium text-slate-700 dark:text-slate-300">The numbers by quarter</summary>
                    <div className="overflow-x-auto">
                      <table className="w-full">
                        <caption className="sr-only">Won and lost projects per quarter of closing</caption>
                        <thead className="bg-slate-50 text-slate-700 dark:bg-slate-800/50 dark:text-slate-300">
                          <HeaderRow
                            columns={[
                              ['Quarter', 'px-3 py-1.5 text-left'],
                              ['Won', 'px-3 py-1.5 text-right'],
                              ['Lost', 'px-3 py-1.5 text-right'],
                              ['Win rate', 'px-3 py-1.5 text-right'],
                            ]}
                          />
                        </thead>
                        <tbody className="divide-y divide-slate-100 tabular-nums dark:divide-slate-800">
                          {points.map((p) => (
                            <tr key={p.id}>
                              <th scope="row" className="px-3 py-1 text-left font-medium">
                                {p.name}
                              </th>
                              <td className="px-3 py-1 text-right">{p.won}</td>
                              <td className="px-3 py-1 text-right">{p.lost}</td>
                              <td className="px-3 py-1 text-right">{percent(p.winRate)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                  </details>
                </>
              )}
            </SectionCard>
          </div>
          <SectionCard title={`By ${groupWord}: the numbers`} id="insights-table-heading">
            <WinRateTable
              rows={rows}
              grouping={grouping}
              since={since}
              caption={`Won and lost projects by ${groupWord} since ${formatDate(since)}, in US dollars`}
            />
          </SectionCard>
        </div>
      )}
    </>
  );
}
