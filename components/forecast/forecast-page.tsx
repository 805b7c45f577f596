'use client';

import { useQuery } from '@tanstack/react-query';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { inputClass, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { CARD, SectionCard } from '@/components/ui/section-card';
import { RecordFilter } from '@/components/ui/record-filter';
import { ErrorState, Skeleton, TableSkeleton } from '@/components/ui/states';
import { formatCents } from '@/lib/client/format';
import { forecastQuery, useForecast, type Forecast } from '@/lib/client/hooks/use-forecast';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useProjectStages } from '@/lib/client/hooks/use-projects';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useMe } from '@/lib/client/hooks/use-users';
import { ClosingTheGap } from './closing-the-gap';
import { forecastVerdict } from './verdict';
import { download, forecastCsv } from './forecast-csv';
import { FORECAST_FILTERS, FORECAST_URL_KEYS, forecastParams } from './forecast-params';
import { ForecastTable } from './forecast-table';
import { SnapshotPanel } from './snapshot-panel';

// Recharts is most of this page's JavaScript: it loads after the page, in the browser only.
const ForecastChart = dynamic(() => import('./forecast-chart').then((m) => m.ForecastChart), {
  ssr: false,
  loading: () => <Skeleton className="h-80 w-full sm:h-96" />,
});
const RevenueTargetsForm = dynamic(() => import('./revenue-targets-form').then((m) => m.RevenueTargetsForm), {
  loading: () => <TableSkeleton rows={4} />,
});

function Filters({
  state,
  setState,
  range,
}: {
  state: Record<(typeof FORECAST_URL_KEYS)[number], string>;
  setState: (c: Record<string, string | null>) => void;
  /** The months the API answered for: what blank month inputs mean. */
  range?: { from: string; to: string };
}) {
  const divisions = useOptions('/divisions', 'divisions').data ?? [];
  const sectors = useOptions('/market_sectors', 'market_sectors').data ?? [];
  const users = useOptions('/users', 'users').data ?? [];
  const stages = (useProjectStages().data ?? []).filter((s) => s.category !== 'lost');
  const month = (key: 'from' | 'to', label: string) => (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-700 dark:text-slate-300">{label}</span>
      <input type="month" className={inputClass} value={state[key] || range?.[key] || ''} onChange={(e) => setState({ [key]: e.target.value || null })} />
    </label>
  );
  const select = (key: (typeof FORECAST_FILTERS)[number], label: string, options: { id: string; name: string }[], any: string) => (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-700 dark:text-slate-300">{label}</span>
      <Select key={options.length} value={state[key]} onChange={(e) => setState({ [key]: e.target.value || null })} options={options} placeholder={any} />
    </label>
  );
  const filtered = FORECAST_FILTERS.some((f) => state[f]) || state.from || state.to;
  return (
    <div className="mb-4 grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4">
      {month('from', 'From')}
      {month('to', 'To')}
      {select('division_id', 'Division', divisions, 'Any division')}
      {select('market_sector_id', 'Market sector', sectors, 'Any sector')}
      {select('assigned_to_id', 'Assigned to', users, 'Anyone')}
      {select('project_stage_id', 'Stage', stages, 'Any stage')}
      <div className="text-sm">
        <span className="mb-1 block font-medium text-slate-700 dark:text-slate-300">Company</span>
        <RecordFilter page="forecast" kind="company" id={state.company_id} onChange={(id) => setState({ company_id: id })} />
      </div>
      {filtered ? (
        <div className="col-span-2 sm:col-span-3 lg:col-span-4">
          <Button variant="ghost" size="sm" onClick={() => setState(Object.fromEntries(['from', 'to', ...FORECAST_FILTERS].map((k) => [k, null])))}>
            Clear filters and range
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A row of pressed buttons choosing one value (`''`: the default). */
function Toggle({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: readonly (readonly [string, string])[];
  onChange: (v: string) => void;
}) {
  return (
    <div role="group" aria-label={label} className="inline-flex overflow-hidden rounded-md border border-slate-300 text-sm dark:border-slate-600">
      {options.map(([v, text]) => (
        <button
          key={text}
          type="button"
          aria-pressed={value === v}
          onClick={() => onChange(v)}
          className="px-3 py-1 font-medium text-slate-700 aria-pressed:bg-blue-700 aria-pressed:text-white dark:text-slate-200 dark:aria-pressed:bg-blue-600"
        >
          {text}
        </button>
      ))}
    </div>
  );
}

/** The range's answer in words first: on track, or short and what closing it takes. */
function Verdict({ forecast }: { forecast: Forecast }) {
  const verdict = forecastVerdict(forecast);
  if (!verdict) return null;
  const tone =
    verdict.tone === 'ahead'
      ? 'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950/40 dark:text-emerald-100'
      : 'border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100';
  return (
    <p role="status" aria-label="Forecast against target" className={`rounded-md border px-4 py-3 text-base font-semibold ${tone}`}>
      {verdict.text}
    </p>
  );
}

/** Revenue by month: contracted and pipeline against the targets, the backlog, the gap and what closing it takes. */
export function ForecastPage() {
  const [state, setState] = useUrlState(FORECAST_URL_KEYS);
  const params = forecastParams(state);
  const query = useForecast(params);
  // A snapshot keeps the entered probabilities: it is compared as it was weighted then.
  const compare = useQuery({ ...forecastQuery({ ...params, probability_source: undefined, snapshot_id: state.snapshot }), enabled: Boolean(state.snapshot) });
  const snapshot = state.snapshot && compare.data?.snapshot_id === state.snapshot ? compare.data : undefined;
  const me = useMe().data;
  const isAdmin = me?.role === 'admin';
  const [editingTargets, setEditingTargets] = useState(false);
  const unweighted = state.pipeline === 'unweighted';
  const f = query.data;

  return (
    <>
      <PageHeader
        title="Forecast"
        description="Revenue by month: what is signed, what the pipeline may bring, and how far that falls from the target."
        actions={
          <>
            {isAdmin ? (
              <Button variant="secondary" onClick={() => setEditingTargets(true)}>
                Edit targets
              </Button>
            ) : null}
            <Button variant="secondary" disabled={!f} onClick={() => f && download(forecastCsv(f), `forecast-${f.from}-to-${f.to}.csv`)}>
              Export CSV
            </Button>
          </>
        }
      />
      <Filters state={state} setState={setState} range={f} />

      {query.error ? (
        <div className={CARD}>
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        </div>
      ) : !f ? (
        <div role="status" aria-label="Loading forecast" className="space-y-4">
          <Skeleton className="h-96 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : (
        <div className="space-y-4">
          <Verdict forecast={f} />
          {f.unscheduled.count > 0 ? (
            <p
              role="note"
              className="rounded-md border border-amber-300 bg-amber-50 px-4 py-2.5 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
            >
              {f.unscheduled.count} {f.unscheduled.count === 1 ? 'project' : 'projects'} ({formatCents(f.unscheduled.amount_in_cents)}){' '}
              {f.unscheduled.count === 1 ? 'is' : 'are'} not in the forecast: missing a start date, an end date or an amount.{' '}
              <Link href="/projects?view=table&sort=start_date" className="font-medium underline">
                Schedule them in Projects
              </Link>
            </p>
          ) : null}
          <div className="grid gap-4 xl:grid-cols-3">
            <SectionCard
              title="Revenue by month"
              id="forecast-chart-heading"
              className="xl:col-span-2"
              actions={
                <div className="flex flex-wrap justify-end gap-2">
                  <Toggle
                    label="Pipeline shown"
                    value={state.pipeline}
                    options={[
                      ['', 'Weighted pipeline'],
                      ['unweighted', 'Unweighted pipeline'],
                    ]}
                    onChange={(v) => setState({ pipeline: v || null })}
                  />
                  {unweighted ? null : (
                    <Toggle
                      label="Probabilities"
                      value={state.probability}
                      options={[
                        ['', 'Entered odds'],
                        ['suggested', 'Learned odds'],
                      ]}
                      onChange={(v) => setState({ probability: v || null })}
                    />
                  )}
                </div>
              }
            >
              <div className="p-2 sm:p-4">
                <ForecastChart forecast={f} unweighted={unweighted} snapshot={snapshot} />
              </div>
              <p className="px-4 pb-3 text-xs text-slate-600 dark:text-slate-400">
                Bars: contracted (won) revenue plus the pipeline{' '}
                {unweighted
                  ? 'at its whole value'
                  : f.probability_source === 'suggested'
                    ? 'weighted by each project’s learned probability (its market sector’s record, or the company’s)'
                    : 'weighted by each project’s probability'}
                {unweighted ? '' : ', with the gap to the target above them'}. Backlog: won revenue still to be earned after each month (right axis).
              </p>
            </SectionCard>
            <SectionCard title="What closing the gap takes" id="forecast-gap-heading">
              <ClosingTheGap forecast={f} canEditTargets={isAdmin} />
            </SectionCard>
          </div>

          <SectionCard title="By month" id="forecast-table-heading">
            <ForecastTable forecast={f} snapshot={snapshot} />
            <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
              Totals add up each column over the months (the backlog’s too; the backlog at the end of the range is the last month’s). Target and gap total the
              months that have a target.
            </p>
          </SectionCard>

          <SectionCard title="Snapshots and slips" id="forecast-slips-heading">
            <SnapshotPanel selected={state.snapshot} onSelect={(id) => setState({ snapshot: id })} />
          </SectionCard>
        </div>
      )}

      <Dialog open={editingTargets} onClose={() => setEditingTargets(false)} title="Revenue targets" wide>
        {editingTargets && f ? <RevenueTargetsForm first={f.from} onDone={() => setEditingTargets(false)} /> : null}
      </Dialog>
    </>
  );
}
