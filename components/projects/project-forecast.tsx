'use client';

import dynamic from 'next/dynamic';
import { useQueryClient } from '@tanstack/react-query';
import { useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { SelectField } from '@/components/forms/fields/select-field';
import { MoneyField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { ErrorState, Skeleton, TableSkeleton } from '@/components/ui/states';
import { centsToDollarsInput, dollarsToCents, formatCents, humanize } from '@/lib/client/format';
import { forecastKeys, useProjectForecast, type ProjectForecast as ProjectForecastData } from '@/lib/client/hooks/use-forecast';
import { useUpdateProject, type Project } from '@/lib/client/hooks/use-projects';
import { FORECAST_CURVES, monthsSpanned } from '@/lib/shared/domain/forecast';
import { projectUpdate } from '@/lib/shared/validation/projects';
import { CARD } from '@/components/ui/section-card';

// A project's Forecast tab: how its amount spreads over the months it runs (the curve, or manual
// cumulative percentages), its estimated cost, and the months the API computes from them.

const ProjectForecastChart = dynamic(() => import('./project-forecast-chart').then((m) => m.ProjectForecastChart), {
  ssr: false,
  loading: () => <Skeleton className="h-56 w-full" />,
});

const CURVE_NAMES: Record<(typeof FORECAST_CURVES)[number], string> = {
  s_curve: 'S-curve (slow start and finish)',
  linear: 'Linear (even)',
  front_loaded: 'Front-loaded',
  back_loaded: 'Back-loaded',
  manual: 'Manual percentages',
};

const MISSING: Record<string, string> = { start_date: 'a start date', end_date: 'an end date', amount: 'an amount' };

type Values = { forecast_curve: string; estimated_cost_dollars: string; percentages: string[]; percentages_error?: string };

const monthName = (month: string) => new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The months the project spans, or none without both dates. */
const spanOf = (p: Project) => (p.start_date && p.end_date && p.end_date >= p.start_date ? monthsSpanned(p.start_date, p.end_date) : []);

/** Evenly rising cumulative percentages ending at 100: a starting point for a manual curve. */
const evenPercentages = (n: number) => Array.from({ length: n }, (_, i) => (i === n - 1 ? '100' : String(Math.round(((i + 1) / n) * 10_000) / 100)));

function defaults(p: Project): Values {
  const months = spanOf(p).length;
  const stored = p.forecast_manual_percentages;
  return {
    forecast_curve: p.forecast_curve,
    estimated_cost_dollars: p.estimated_cost == null ? '' : centsToDollarsInput(Math.round(p.estimated_cost * 100)),
    percentages: stored && stored.length === months ? stored.map(String) : evenPercentages(months),
  };
}

const percentOf = (s: string) => (s.trim() === '' ? Number.NaN : Number(s.replace('%', '').trim()));

function toPayload(v: Values): Record<string, unknown> {
  const cents = dollarsToCents(v.estimated_cost_dollars);
  return {
    forecast_curve: v.forecast_curve,
    estimated_cost: cents === null || Number.isNaN(cents) ? cents : cents / 100,
    // Kept as they are unless the curve is manual; then the API checks them against the months.
    ...(v.forecast_curve === 'manual' ? { forecast_manual_percentages: v.percentages.map(percentOf) } : {}),
  };
}

function inputChecks(v: Values): Record<string, string> {
  const checks: Record<string, string> = {};
  if (Number.isNaN(dollarsToCents(v.estimated_cost_dollars))) checks.estimated_cost_dollars = 'Enter dollars, like 1,100,000 or 19.99.';
  if (v.forecast_curve === 'manual') {
    v.percentages.forEach((s, i) => {
      if (Number.isNaN(percentOf(s))) checks[`percentages.${i}`] = 'Enter a percentage from 0 to 100.';
    });
  }
  return checks;
}

/** API field → form field: the manual percentages by entry, and as a whole. */
function fieldOf(months: number): Record<string, string> {
  return {
    estimated_cost: 'estimated_cost_dollars',
    forecast_manual_percentages: 'percentages_error',
    ...Object.fromEntries(Array.from({ length: months }, (_, i) => [`forecast_manual_percentages.${i}`, `percentages.${i}`])),
  };
}

function CurveForm({ project }: { project: Project }) {
  const qc = useQueryClient();
  const update = useUpdateProject({ silent: true });
  const months = spanOf(project);
  const state = useRecordForm({
    record: project,
    schema: projectUpdate,
    defaults: (r?: Project) => defaults(r ?? project),
    toPayload,
    fieldOf: fieldOf(months.length),
    inputChecks,
    save: async (changes, base) => {
      const saved = await update.mutateAsync({ id: project.id, changes, base });
      await qc.invalidateQueries({ queryKey: forecastKeys.project(project.id) });
      return saved;
    },
    done: (saved) => {
      toast.success('Forecast settings saved.');
      state.form.reset(defaults(saved));
    },
  });
  const { control, formState } = state.form;
  const curve = useWatch({ control, name: 'forecast_curve' });
  const listError = formState.errors.percentages_error?.message;

  return (
    <RecordForm state={state} className="space-y-4 p-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          name="forecast_curve"
          label="Revenue curve"
          hint="How the amount spreads over the months the project runs."
          options={FORECAST_CURVES.map((c) => ({ id: c, name: CURVE_NAMES[c] }))}
          placeholder="—"
        />
        <MoneyField name="estimated_cost_dollars" label="Estimated cost (USD)" hint="Spread on the same curve, for cost and margin." placeholder="1,100,000" />
      </div>
      {curve === 'manual' ? (
        <fieldset className="rounded-md border border-slate-200 p-3 dark:border-slate-700" aria-describedby="manual-hint">
          <legend className="px-1 text-sm font-medium">Cumulative percent earned by the end of each month</legend>
          <p id="manual-hint" className="mb-3 text-xs text-slate-600 dark:text-slate-400">
            One per month the project spans, never decreasing, the last exactly 100.
          </p>
          {months.length === 0 ? (
            <p className="text-sm text-red-700 dark:text-red-400">Give the project a start and an end date first: one percentage per month it spans.</p>
          ) : (
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-6">
              {months.map((m, i) => (
                <TextField key={m} name={`percentages.${i}`} label={monthName(m)} inputMode="decimal" />
              ))}
            </div>
          )}
          {listError ? (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
              Percentages {listError}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      <SubmitRow label="Save forecast settings" unchanged="disabled" />
    </RecordForm>
  );
}

function MonthsTable({ data }: { data: ProjectForecastData }) {
  const td = 'whitespace-nowrap px-3 py-1.5 text-right tabular-nums';
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">The project’s revenue, cost and margin by month, in US dollars</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-300">
          <tr>
            {['Month', 'Revenue', 'Cumulative', 'Cost', 'Margin'].map((h, i) => (
              <th key={h} scope="col" className={`px-3 py-2 font-medium ${i === 0 ? 'text-left' : 'text-right'}`}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {data.months.map((m) => (
            <tr key={m.month} data-month={m.month}>
              <th scope="row" className="whitespace-nowrap px-3 py-1.5 text-left font-medium">
                {monthName(m.month)}
              </th>
              <td className={td}>{formatCents(m.revenue_in_cents)}</td>
              <td className={td}>{formatCents(m.cumulative_in_cents)}</td>
              <td className={td}>{formatCents(m.cost_in_cents)}</td>
              <td className={td}>{formatCents(m.margin_in_cents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Months({ projectId }: { projectId: string }) {
  const { data, error, isPending, refetch } = useProjectForecast(projectId);
  if (error) return <ErrorState error={error} onRetry={() => refetch()} />;
  if (isPending) return <TableSkeleton rows={4} />;
  if (data.missing.length > 0) {
    return (
      <p
        role="note"
        className="m-4 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
      >
        Not in the forecast yet: the project needs{' '}
        {data.missing
          .map((f) => MISSING[f] ?? humanize(f))
          .join(', ')
          .replace(/, ([^,]*)$/, ' and $1')}
        . Edit the project to add {data.missing.length === 1 ? 'it' : 'them'}.
      </p>
    );
  }
  return (
    <>
      <div className="p-2 sm:p-4">
        <ProjectForecastChart data={data} />
      </div>
      <MonthsTable data={data} />
    </>
  );
}

/** The Forecast tab of a project. */
export function ProjectForecast({ project }: { project: Project }) {
  return (
    <div className="space-y-4">
      <section aria-labelledby="forecast-settings-heading" className={`${CARD} min-w-0`}>
        <h2 id="forecast-settings-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold dark:border-slate-800">
          Forecast settings
        </h2>
        {/* Mounted again when the project changes (its dates decide the months), so the form starts from it. */}
        <CurveForm key={`${project.updated_at}-${project.start_date}-${project.end_date}`} project={project} />
      </section>
      <section aria-labelledby="forecast-months-heading" className={`${CARD} min-w-0`}>
        <h2 id="forecast-months-heading" className="border-b border-slate-200 px-4 py-3 text-base font-semibold dark:border-slate-800">
          Revenue by month
        </h2>
        <Months projectId={project.id} />
      </section>
    </div>
  );
}
