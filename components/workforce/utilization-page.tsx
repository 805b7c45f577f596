'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { todayIso } from '@/lib/client/format';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { averageUtilization, useUtilization, type Utilization } from '@/lib/client/hooks/use-workforce-planning';
import { employeeName } from '@/lib/client/hooks/use-workforce';
import { pageOf } from '@/lib/shared/url-state';
import { asDate, asInterval, periodLabel, periodStart, shiftPeriods, WINDOW, windowEnd, type PlanInterval } from './plan-range';
import { WorkforceTabs } from './workforce-tabs';
import { DivisionSelect, EarlierLater, IntervalToggle, RoleSelect } from './plan-controls';
import { CARD } from '@/components/ui/section-card';

const KEYS = ['role_id', 'division_id', 'interval', 'from', 'page'] as const;
const PER_PAGE = 25;

type Cell = Utilization['employees'][number]['periods'][number];
type Load = 'off' | 'none' | 'under' | 'full' | 'over' | 'na';

/** What a cell shows: the load it is (for its color) and its text, so color is never the only sign. */
export function loadOf(c: Cell): Load {
  if (c.capacity_days === 0) return c.time_off_days > 0 ? 'off' : 'na';
  const u = c.utilization_percent ?? 0;
  if (u === 0) return 'none';
  if (u < 100) return 'under';
  return u === 100 ? 'full' : 'over';
}

const LOAD_CLASS: Record<Load, string> = {
  none: 'bg-white text-slate-500 dark:bg-slate-900 dark:text-slate-400',
  under: 'bg-emerald-50 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  full: 'bg-blue-100 text-blue-900 dark:bg-blue-900 dark:text-blue-100',
  over: 'bg-red-100 font-semibold text-red-900 dark:bg-red-900 dark:text-red-100',
  off: 'bg-slate-200 text-slate-700 italic dark:bg-slate-700 dark:text-slate-200',
  na: 'bg-white text-slate-400 dark:bg-slate-900 dark:text-slate-500',
};

const LEGEND: [Load, string, string][] = [
  ['under', '60%', 'Under 100 %: room for more'],
  ['full', '100%', 'Exactly 100 %: fully booked'],
  ['over', '130% ▲', 'Over 100 %: over-allocated'],
  ['off', 'Off', 'Time off the whole period'],
];

function cellText(c: Cell): string {
  const load = loadOf(c);
  if (load === 'off') return 'Off';
  if (load === 'na') return '—';
  return `${c.utilization_percent}%${load === 'over' ? ' ▲' : ''}`;
}

function cellTitle(c: Cell, label: string): string {
  const parts = [`${label}: ${c.assigned_days} of ${c.capacity_days} working days assigned`];
  if (c.time_off_days > 0) parts.push(`${c.time_off_days} days off`);
  return parts.join(', ');
}

export function UtilizationPage() {
  const [state, setState] = useUrlState(KEYS);
  const hydrated = useHydrated();
  const interval = asInterval(state.interval);
  // The window starts this week (or month) unless the URL says otherwise: today is the browser's.
  const from = periodStart(asDate(state.from) ?? todayIso(), interval);
  const to = windowEnd(from, interval);
  const page = pageOf(state.page);
  const query = useUtilization({ from, to, interval, role_id: state.role_id, division_id: state.division_id, page, per_page: PER_PAGE }, hydrated);
  const move = (n: number) => setState({ from: shiftPeriods(from, interval, n * WINDOW[interval]), page: state.page || null });
  const setInterval = (next: PlanInterval) => setState({ interval: next === 'week' ? null : next, from: state.from ? periodStart(from, next) : null });
  const grid = query.data?.data;

  return (
    <>
      <PageHeader title="Workforce" description="Who is booked, who is free: each person's assigned days against their working days." />
      <WorkforceTabs current="/workforce/utilization" />
      <div className="mb-4 flex flex-wrap items-end gap-2">
        <RoleSelect value={state.role_id} onChange={(id) => setState({ role_id: id })} className="w-full sm:w-48" />
        <DivisionSelect value={state.division_id} onChange={(id) => setState({ division_id: id })} />
        <IntervalToggle value={interval} onChange={setInterval} order={['week', 'month'] as const} />
        <EarlierLater onMove={move} labels={[`Previous ${WINDOW[interval]} ${interval}s`, `Next ${WINDOW[interval]} ${interval}s`]}>
          {state.from ? (
            <Button variant="ghost" onClick={() => setState({ from: null, page: state.page || null })}>
              Today
            </Button>
          ) : null}
        </EarlierLater>
      </div>

      <ul aria-label="Legend" className="mb-3 flex flex-wrap gap-x-4 gap-y-2 text-xs text-slate-700 dark:text-slate-300">
        {LEGEND.map(([load, sample, text]) => (
          <li key={load} className="flex items-center gap-1.5">
            <span className={`inline-block min-w-12 rounded px-1.5 py-0.5 text-center ${LOAD_CLASS[load]} border border-slate-200 dark:border-slate-700`}>
              {sample}
            </span>
            {text}
          </li>
        ))}
      </ul>

      <div className={CARD}>
        {query.error ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : !grid ? (
          <TableSkeleton rows={8} />
        ) : grid.employees.length === 0 ? (
          <EmptyState title="No one matches this view.">Clear the role or division filter to see more people.</EmptyState>
        ) : (
          <>
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-sm">
                <caption className="sr-only">
                  Utilization by {interval} from {periodLabel(grid.periods[0]!.start, interval)}: assigned days as a percent of working days
                </caption>
                <thead>
                  <tr className="border-b border-slate-200 dark:border-slate-800">
                    <th scope="col" className="sticky left-0 z-10 bg-white px-3 py-2 text-left font-medium dark:bg-slate-900">
                      Person
                    </th>
                    <th scope="col" className="px-2 py-2 text-right font-medium whitespace-nowrap">
                      Average
                    </th>
                    {grid.periods.map((p) => (
                      <th key={p.start} scope="col" className="px-1 py-2 text-center text-xs font-medium whitespace-nowrap text-slate-600 dark:text-slate-400">
                        {periodLabel(p.start, interval)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {grid.employees.map((row) => {
                    const name = employeeName(row.employee);
                    const avg = averageUtilization(row.periods);
                    return (
                      <tr key={row.employee.id} className="border-b border-slate-100 dark:border-slate-800">
                        <th scope="row" className="sticky left-0 z-10 bg-white px-3 py-1.5 text-left font-normal dark:bg-slate-900">
                          <Link
                            href={`/workforce?employee=${row.employee.id}`}
                            className="block max-w-40 truncate font-medium text-blue-800 hover:underline dark:text-blue-300"
                            title={`${name}: assignments, time off and certifications`}
                          >
                            {name}
                          </Link>
                          <span className="block text-xs text-slate-500 dark:text-slate-400">{row.employee.role?.name ?? 'No role'}</span>
                        </th>
                        <td className="px-2 py-1.5 text-right tabular-nums whitespace-nowrap">{avg === null ? '—' : `${avg}%`}</td>
                        {row.periods.map((c) => {
                          const label = periodLabel(c.start, interval);
                          return (
                            <td
                              key={c.start}
                              data-period={c.start}
                              title={cellTitle(c, label)}
                              className={`border border-slate-100 px-1 py-1.5 text-center text-xs tabular-nums whitespace-nowrap dark:border-slate-800 ${LOAD_CLASS[loadOf(c)]}`}
                            >
                              {cellText(c)}
                              {c.time_off_days > 0 && c.capacity_days > 0 ? (
                                <span className="block text-[10px] font-normal text-slate-600 not-italic dark:text-slate-300">{c.time_off_days}d off</span>
                              ) : null}
                            </td>
                          );
                        })}
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            <Pagination page={page} perPage={PER_PAGE} total={query.data?.total ?? 0} onPage={(p) => setState({ page: String(p) })} />
          </>
        )}
      </div>
      <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
        A cell is the person's assigned working days as a percent of their working days that {interval}, after time off. Hover a cell for the days; open a
        person for their assignments.
      </p>
    </>
  );
}
