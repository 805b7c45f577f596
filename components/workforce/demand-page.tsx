'use client';

import dynamic from 'next/dynamic';
import { useMemo } from 'react';
import { HeaderRow } from '@/components/ui/header-row';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, Skeleton, TableSkeleton } from '@/components/ui/states';
import { todayIso } from '@/lib/client/format';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useDemand, type Demand } from '@/lib/client/hooks/use-workforce-planning';
import type { DemandPoint } from './demand-chart';
import { asDate, asInterval, periodLabel, periodStart, shiftPeriods, windowEnd, type PlanInterval } from './plan-range';
import { WorkforceTabs } from './workforce-tabs';
import { DivisionSelect, EarlierLater, IntervalToggle, RoleSelect } from './plan-controls';
import { CARD, PANEL } from '@/components/ui/section-card';

// Recharts (about 100 kB) loads with this page's chart only, after the first paint.
const DemandChart = dynamic(() => import('./demand-chart').then((m) => m.DemandChart), {
  ssr: false,
  loading: () => <Skeleton className="h-80 w-full" />,
});

const KEYS = ['role_id', 'division_id', 'interval', 'from', 'pursuits'] as const;
/** Periods on one screen: a year of months, a quarter of weeks. */
const COUNT: Record<PlanInterval, number> = { month: 12, week: 13 };

type RoleRow = Demand['periods'][number]['roles'][number];
const fte = (v: number) => v.toFixed(2);

/** The role to show first: the one short of people the most, else the one with the most demand. */
function defaultRole(demand: Demand): string | undefined {
  const totals = new Map<string, { shortfall: number; demand: number }>();
  for (const p of demand.periods) {
    for (const r of p.roles) {
      const t = totals.get(r.role.id) ?? { shortfall: 0, demand: 0 };
      t.shortfall += r.shortfall_fte;
      t.demand += r.awarded_fte + r.pursuit_weighted_fte;
      totals.set(r.role.id, t);
    }
  }
  return [...totals.entries()].sort(([, a], [, b]) => b.shortfall - a.shortfall || b.demand - a.demand)[0]?.[0];
}

export function DemandPage() {
  const [state, setState] = useUrlState(KEYS);
  const hydrated = useHydrated();
  const interval = asInterval(state.interval || 'month');
  const from = periodStart(asDate(state.from) ?? todayIso(), interval);
  const to = windowEnd(from, interval, COUNT[interval]);
  const unweighted = state.pursuits === 'unweighted';
  const roles = useOptions('/workforce/roles', 'workforce_roles').data ?? [];
  // Every role in one request: the role picker switches without another round trip.
  const query = useDemand({ from, to, interval, division_id: state.division_id }, hydrated);
  const demand = hydrated ? query.data : undefined;
  const roleId = state.role_id || (demand ? defaultRole(demand) : undefined) || roles[0]?.id || '';
  const roleName = roles.find((r) => r.id === roleId)?.name ?? 'this role';

  const rows = useMemo(
    () =>
      (demand?.periods ?? []).map((p) => {
        const r = p.roles.find((x) => x.role.id === roleId);
        return { start: p.start, r: r ?? null };
      }),
    [demand, roleId],
  );
  const points: DemandPoint[] = rows.map(({ start, r }) => {
    const awarded = r?.awarded_fte ?? 0;
    const pursuit = (unweighted ? r?.pursuit_fte : r?.pursuit_weighted_fte) ?? 0;
    const headcount = r?.headcount_fte ?? 0;
    return { label: periodLabel(start, interval), awarded, pursuit, headcount, shortfall: Math.max(0, awarded + pursuit - headcount) };
  });
  const short = points.filter((p) => p.shortfall > 0.005);
  const setInterval = (next: PlanInterval) => setState({ interval: next === 'month' ? null : next, from: state.from ? periodStart(from, next) : null });
  const move = (n: number) => setState({ from: shiftPeriods(from, interval, n * COUNT[interval]) });

  return (
    <>
      <PageHeader title="Workforce" description="People each role needs on won work and likely pursuits, against the people it has." />
      <WorkforceTabs current="/workforce/demand" />
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <RoleSelect placeholder="Choose a role" value={roleId} onChange={(id) => setState({ role_id: id })} className="w-full sm:w-56" />
        <DivisionSelect value={state.division_id} onChange={(id) => setState({ division_id: id })} />
        <IntervalToggle value={interval} onChange={setInterval} order={['month', 'week'] as const} />
        <label className="flex items-center gap-2 px-1 py-2 text-sm">
          <input type="checkbox" className="h-4 w-4" checked={unweighted} onChange={(e) => setState({ pursuits: e.target.checked ? 'unweighted' : null })} />
          Count pursuits unweighted (as if all won)
        </label>
        <EarlierLater onMove={move} labels={['Earlier periods', 'Later periods']} />
      </div>

      {query.error ? (
        <div className={CARD}>
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        </div>
      ) : !demand ? (
        <TableSkeleton rows={8} />
      ) : !roleId ? (
        <EmptyState title="No roles yet.">Add workforce roles to see the demand for each.</EmptyState>
      ) : (
        <>
          <section aria-labelledby="demand-chart-heading" className={PANEL}>
            <h2 id="demand-chart-heading" className="text-base font-semibold">
              {roleName}: demand against headcount, in full-time people
            </h2>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              {short.length === 0
                ? 'Enough people in every period shown.'
                : `Short of people in ${short.length} of ${points.length} periods (shaded red), the most ${fte(Math.max(...short.map((p) => p.shortfall)))} in ${
                    short.reduce((a, b) => (b.shortfall > a.shortfall ? b : a)).label
                  }; the table below has every period.`}
            </p>
            <div className="mt-3" role="img" aria-label={`Bar chart of ${roleName} demand by period; the table below has the numbers.`}>
              <DemandChart data={points} pursuitLabel={unweighted ? 'Pursuits (unweighted)' : 'Pursuits × win probability'} />
            </div>
          </section>
          <DemandTable rows={rows} interval={interval} unweighted={unweighted} roleName={roleName} />
        </>
      )}
    </>
  );
}

function DemandTable({
  rows,
  interval,
  unweighted,
  roleName,
}: {
  rows: { start: string; r: RoleRow | null }[];
  interval: PlanInterval;
  unweighted: boolean;
  roleName: string;
}) {
  const th = 'px-3 py-2 text-right whitespace-nowrap';
  return (
    <div className={`mt-4 overflow-x-auto ${CARD}`}>
      <table className="w-full text-sm">
        <caption className="px-3 py-2 text-left text-sm font-semibold">
          {roleName} by {interval}, in FTE
        </caption>
        <thead>
          <HeaderRow
            className="border-y border-slate-200 text-slate-600 dark:border-slate-800 dark:text-slate-400"
            columns={[
              [interval === 'week' ? 'Week of' : 'Month', 'px-3 py-2 text-left'],
              ['Headcount', th],
              ['Awarded', th],
              ['Pursuits weighted', th],
              ['Pursuits unweighted', th],
              ['Shortfall', th],
            ]}
          />
        </thead>
        <tbody>
          {rows.map(({ start, r }) => {
            const shortfall = r ? (unweighted ? Math.max(0, r.awarded_fte + r.pursuit_fte - r.headcount_fte) : r.shortfall_fte) : 0;
            return (
              <tr
                key={start}
                data-period={start}
                className={`border-b border-slate-100 tabular-nums dark:border-slate-800 ${shortfall > 0.005 ? 'bg-red-50 dark:bg-red-950' : ''}`}
              >
                <th scope="row" className="px-3 py-1.5 text-left font-normal whitespace-nowrap">
                  {periodLabel(start, interval)}
                </th>
                <td className="px-3 py-1.5 text-right">{fte(r?.headcount_fte ?? 0)}</td>
                <td className="px-3 py-1.5 text-right">{fte(r?.awarded_fte ?? 0)}</td>
                <td className="px-3 py-1.5 text-right">{fte(r?.pursuit_weighted_fte ?? 0)}</td>
                <td className="px-3 py-1.5 text-right">{fte(r?.pursuit_fte ?? 0)}</td>
                <td className={`px-3 py-1.5 text-right ${shortfall > 0.005 ? 'font-semibold text-red-800 dark:text-red-300' : ''}`}>
                  {shortfall > 0.005 ? `${fte(shortfall)} short` : '—'}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="px-3 py-2 text-xs text-slate-600 dark:text-slate-400">
        Shortfall: awarded plus {unweighted ? 'every pursuit' : 'pursuits weighted by their win probability'}, less headcount, when more.
      </p>
    </div>
  );
}
