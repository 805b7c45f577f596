import { z } from 'zod';
import { FORECAST_CURVES, FORECAST_FILTER_RELATIONS, FORECAST_FILTERS, FORECAST_SNAPSHOT_SOURCES } from '@/db/schema/enums';
import { idFilters, LIMITS, month, paginationQuery, projectReference, queryId, recordResponse, responseDate, userReference } from './common';

// The forecast (docs/forecast.md): a project's months, the company's months against its targets,
// the targets themselves, snapshots and what slipped since one.

export { FORECAST_CURVES, FORECAST_FILTERS };

export const PROBABILITY_SOURCES = ['entered', 'suggested'] as const;

/** At most five years of months in one forecast. */
export const MAX_FORECAST_MONTHS = 60;

const monthsBetween = (from: string, to: string) =>
  (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;

export const forecastQuery = z
  .object({
    from: month.optional().meta({ description: 'First month (YYYY-MM); default: this month (UTC).' }),
    to: month
      .optional()
      .meta({ description: `Last month (YYYY-MM), included; default: the 17 months after \`from\`; at most ${MAX_FORECAST_MONTHS} months in all.` }),
    ...idFilters(...FORECAST_FILTER_RELATIONS),
    snapshot_id: queryId
      .optional()
      .meta({ description: 'The forecast as it stood when this snapshot was taken (its projects, probabilities and dates; today’s targets).' }),
    probability_source: z
      .enum(PROBABILITY_SOURCES)
      .default('entered')
      .meta({
        description:
          'Which probability weights the open pipeline: `entered` (the project’s, else its stage’s default; the default) or `suggested` ' +
          '(each open project’s learned suggested_probability, docs/insights.md). Not with snapshot_id: a snapshot keeps the entered probabilities.',
      }),
  })
  .superRefine((q, ctx) => {
    if (q.probability_source === 'suggested' && q.snapshot_id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['probability_source'], message: 'must be entered with snapshot_id (a snapshot keeps the entered probabilities)' });
    }
    if (q.from === undefined || q.to === undefined) return;
    const n = monthsBetween(q.from, q.to);
    if (n < 1) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must not be before from' });
    else if (n > MAX_FORECAST_MONTHS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${MAX_FORECAST_MONTHS} months after from (both included)` });
  });
export type ForecastQuery = z.output<typeof forecastQuery>;

const cents = z.number().int();
const monthRow = z.object({
  month: z.string().meta({ example: '2027-01' }),
  contracted_in_cents: cents.meta({ description: 'Won projects (upcoming, active, complete): their revenue that month.' }),
  weighted_pipeline_in_cents: cents.meta({
    description: 'Open projects: revenue × probability (the project’s, else its stage’s default, else 0), each rounded half up.',
  }),
  unweighted_pipeline_in_cents: cents.meta({ description: 'Open projects: their revenue that month.' }),
  total_weighted_in_cents: cents.meta({ description: 'contracted + weighted pipeline.' }),
  backlog_in_cents: cents.meta({ description: 'Won revenue scheduled after the end of the month: signed and not yet earned.' }),
  target_in_cents: cents.nullable().meta({ description: 'The revenue target of the month; null without one.' }),
  gap_in_cents: cents.nullable().meta({ description: 'target − total weighted; null without a target.' }),
});

const gapMonth = z.object({
  month: z.string(),
  gap_in_cents: cents,
  awards_needed: z
    .number()
    .nullable()
    .meta({ description: 'gap ÷ win rate ÷ average contract amount, two decimals; null when there is no win rate or average to divide by.' }),
});

export const forecastResponse = z
  .object({
    from: z.string(),
    to: z.string(),
    snapshot_id: z.string().nullable(),
    probability_source: z.enum(PROBABILITY_SOURCES).meta({ description: 'The probabilities that weighted the pipeline (the query’s).' }),
    months: z.array(monthRow),
    totals: monthRow
      .omit({ month: true })
      .meta({ description: 'Each field summed over the months (targets and gaps over the months that have a target; null when none has).' }),
    unscheduled: z
      .object({ count: z.number().int(), amount_in_cents: cents })
      .meta({ description: 'Open and won projects missing a start date, an end date or an amount: left out of the months.' }),
    closing_the_gap: z
      .object({
        since: responseDate.meta({ description: 'Closed projects counted from this day: 36 months back.' }),
        won_count: z.number().int(),
        lost_count: z.number().int(),
        win_rate: z.number().nullable().meta({ description: 'won ÷ (won + lost), four decimals; null with no closed project.' }),
        average_contract_in_cents: cents.nullable().meta({ description: 'The average amount of those won projects.' }),
        months: z.array(gapMonth).meta({ description: 'The months with a positive gap.' }),
      })
      .meta({ description: 'What closing each month’s gap would take, with the numbers it came from.' }),
  })
  .meta({ id: 'Forecast' });
export type ForecastResponse = z.output<typeof forecastResponse>;

export const projectForecastResponse = z
  .object({
    project_id: z.string(),
    curve: z.enum(FORECAST_CURVES),
    amount_in_cents: cents.nullable(),
    estimated_cost_in_cents: cents.nullable(),
    months: z.array(
      z.object({
        month: z.string(),
        revenue_in_cents: cents,
        cumulative_in_cents: cents,
        cost_in_cents: cents.nullable().meta({ description: 'The estimated cost on the same curve; null without `estimated_cost`.' }),
        margin_in_cents: cents.nullable().meta({ description: 'revenue − cost; null without `estimated_cost`.' }),
      }),
    ),
    missing: z.array(z.enum(['start_date', 'end_date', 'amount'])).meta({ description: 'What the project lacks to be scheduled (then `months` is empty).' }),
  })
  .meta({ id: 'ProjectForecast' });
export type ProjectForecastResponse = z.output<typeof projectForecastResponse>;

// ---- targets ----

const target = z.object({
  month,
  amount_in_cents: z.number().int().min(0).max(1e15).nullable().meta({ description: 'Cents; null removes the month’s target.' }),
});

/** PUT body under `revenue_targets`: the months to set (or, with null, to clear); other months keep theirs. */
export const revenueTargetsPut = z
  .array(target)
  .max(LIMITS.entries)
  .superRefine((rows, ctx) => {
    const seen = new Set<string>();
    rows.forEach((r, i) => {
      if (seen.has(r.month)) ctx.addIssue({ code: 'custom', path: [i, 'month'], message: 'is given twice' });
      seen.add(r.month);
    });
  })
  .meta({ id: 'RevenueTargetsPut' });
export type RevenueTargetsPut = z.output<typeof revenueTargetsPut>;

export const revenueTargetsQuery = z.object({
  from: month.optional().meta({ description: 'From this month on.' }),
  to: month.optional().meta({ description: 'Up to this month, included.' }),
});
export type RevenueTargetsQuery = z.output<typeof revenueTargetsQuery>;

export const revenueTargetResponse = z.object({ month: z.string(), amount_in_cents: cents }).meta({ id: 'RevenueTarget' });
export type RevenueTargetResponse = z.output<typeof revenueTargetResponse>;

// ---- snapshots and slips ----

export const snapshotListQuery = paginationQuery;
export type SnapshotListQuery = z.output<typeof snapshotListQuery>;

export const snapshotResponse = recordResponse('ForecastSnapshot', {
  source: z.enum(FORECAST_SNAPSHOT_SOURCES).meta({ description: '`scheduled` (the weekly snapshot) or `manual`.' }),
  created_by: userReference.nullable(),
  project_count: z.number().int().meta({ description: 'Open and won projects it kept.' }),
});
export type SnapshotResponse = z.output<typeof snapshotResponse>;

export const slipsQuery = z.object({
  since_snapshot_id: queryId.meta({ description: 'The snapshot to compare today’s projects with.' }),
});
export type SlipsQuery = z.output<typeof slipsQuery>;

export const slipResponse = z
  .object({
    project: projectReference,
    start_date_before: responseDate.nullable(),
    start_date_now: responseDate.nullable(),
    days_slipped: z.number().int().nullable().meta({ description: 'Days the start moved later; null when it did not.' }),
    amount_before_in_cents: cents.nullable(),
    amount_now_in_cents: cents.nullable(),
    amount_change_in_cents: cents.nullable().meta({ description: 'now − before, when both are set and differ.' }),
    probability_before: z.number().nullable().meta({ description: 'The effective probability then (the project’s, else its stage’s default).' }),
    probability_now: z.number().nullable(),
    closed_since: z.boolean().meta({ description: 'It was open then and is won or lost now.' }),
  })
  .meta({ id: 'ForecastSlip' });
export type SlipResponse = z.output<typeof slipResponse>;
