import { z } from 'zod';
import { goNoGoResponse } from './go-no-go';
import { CLOSE_TYPES, FORECAST_CURVES, PROJECT_STATUSES, WORK_SCOPES } from '@/db/schema/enums';
import {
  bothWays,
  idFilters,
  importIdQuery,
  LIMITS,
  addressInput,
  addressResponse,
  companyReference,
  customFields,
  date,
  longText,
  name,
  namedReference,
  nameSearch,
  nonNegativeInt,
  nullableIds,
  paginationQuery,
  projectStageResponse,
  queryId,
  recordResponse,
  relationId,
  responseDate,
  responseTimestamp,
  shortText,
  sortQuery,
  timestamp,
  userReference,
  writeBodies,
} from './common';

/** A Company reference, or us: `id` (and the timestamps) null, the account's name. */
const awardedToReference = z
  .object({
    id: z.string().nullable(),
    created_at: responseTimestamp.nullable(),
    updated_at: responseTimestamp.nullable(),
    name: z.string(),
    website: z.string().nullable(),
  })
  .meta({ id: 'AwardedToReference' });

/** Dollars with at most two decimals; stored exactly as integer cents. */
const dollars = z
  .number()
  .min(0)
  .max(1e13)
  .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, 'must have at most two decimals (cents)')
  .meta({ description: 'Dollars, at most two decimals; stored exactly in cents.' });

export const PROJECT_SORTS = ['-created_at', 'created_at', '-updated_at', 'updated_at', ...bothWays('name', 'amount', 'bid_due_date', 'start_date')] as const;

const fields = {
  name,
  description: longText.nullable(),
  project_number: shortText.nullable(),
  external_id: shortText.nullable(),
  amount: dollars.nullable(),
  probability: z.number().min(0).max(1).nullable(),
  estimated_cost: dollars
    .nullable()
    .meta({ description: 'Dollars, at most two decimals: the forecast spreads it on the same curve as the amount (cost, margin).' }),
  forecast_curve: z.enum(FORECAST_CURVES).meta({
    description: 'How the amount spreads over the months the project runs (docs/forecast.md); `s_curve` by default.',
  }),
  forecast_manual_percentages: z
    .array(z.number().min(0).max(100))
    .max(LIMITS.entries)
    .nullable()
    .superRefine((p, ctx) => {
      if (p === null) return;
      for (let i = 1; i < p.length; i++)
        if (p[i]! < p[i - 1]!) ctx.addIssue({ code: 'custom', path: [i], message: 'must not be below the month before (cumulative)' });
      if (p.length > 0 && p.at(-1) !== 100) ctx.addIssue({ code: 'custom', message: 'must end at exactly 100' });
    })
    .meta({
      description:
        'For the `manual` curve: the cumulative percent of the amount earned by the end of each calendar month the project spans, one per month, never decreasing, the last exactly 100.',
    }),
  square_feet: nonNegativeInt.nullable(),
  units: nonNegativeInt.nullable(),
  estimating_hours: z.number().int().min(1, 'must be a whole number of hours, at least 1').max(LIMITS.maxInt).nullable().meta({
    description: 'Hours the estimate will take: the go / no-go’s expected value per estimating hour (docs/insights.md).',
  }),
  award_date: date.nullable(),
  bid_due_date: date.nullable(),
  bid_due_at: timestamp.nullable(),
  bid_due_at_includes_time: z.boolean(),
  start_date: date.nullable(),
  end_date: date.nullable(),
  work_scope: z.enum(WORK_SCOPES).nullable(),
  close_type: z
    .enum(CLOSE_TYPES)
    .nullable()
    .meta({
      description:
        'Only in a closed stage: its category (won/lost), or cancelled / did_not_pursue (closed without a result: in no win rate, project_status lost). ' +
        "Set from the stage's category when omitted; kept while the project stays in stages of the same category.",
    }),
  closed_at: z.union([timestamp, date.transform((d) => new Date(`${d}T00:00:00Z`))]).meta({
    description:
      'When the project closed (a date-time, or a date meaning its midnight UTC), for history recorded late; not in the future. Set to now when the project enters a closed stage, cleared when it reopens.',
  }),
  address: addressInput.nullable(),
  custom_fields: customFields,
  project_stage_id: relationId.meta({ description: "Defaults to the account's first open stage." }),
  // People and records, then lookups.
  ...nullableIds('company', 'contact', 'assigned_to'),
  ...nullableIds('contract_type', 'delivery_method', 'division', 'lead_source', 'loss_reason', 'market_sector', 'tender_type'),
};

const checkDates = (p: { start_date?: string | null; end_date?: string | null }, ctx: z.RefinementCtx) => {
  if (p.start_date && p.end_date && p.end_date < p.start_date) {
    ctx.addIssue({ code: 'custom', path: ['end_date'], message: 'must be on or after start_date' });
  }
};

/** The POST body under `project` (`name` is required) and the PATCH body (any subset; null clears a nullable field). */
export const { create: projectCreate, update: projectUpdate } = writeBodies('Project', fields, { name: true }, checkDates);
export type ProjectCreate = z.output<typeof projectCreate>;
export type ProjectUpdate = z.output<typeof projectUpdate>;

export const projectListQuery = paginationQuery.extend({
  project_stage_id: queryId.optional(),
  project_status: z.enum(PROJECT_STATUSES).optional(),
  close_type: z.enum(CLOSE_TYPES).optional(),
  ...idFilters('company', 'market_sector', 'delivery_method', 'tender_type', 'contract_type', 'division'),
  import_id: importIdQuery(),
  assigned_to_id: queryId.optional(),
  q: nameSearch,
  bid_due_from: date.optional().meta({ description: 'Projects whose bid_due_date is on or after this date.' }),
  bid_due_to: date.optional().meta({ description: 'Projects whose bid_due_date is on or before this date.' }),
  closed_since: date.optional().meta({
    description: 'Closed projects whose closed_at is on or after this date (UTC).',
  }),
  competitor_id: queryId.optional().meta({ description: 'Projects on which this company bid (it has a bid result).' }),
  awarded_to_id: queryId.optional().meta({ description: 'Projects this company won (its bid result is the winner).' }),
  sort: sortQuery(PROJECT_SORTS, 'Order: a field, descending with a leading "-"; ties by id; empty values last. Default -created_at (newest first).'),
});
export type ProjectListQuery = z.output<typeof projectListQuery>;

export const projectResponse = recordResponse('Project', {
  name: z.string(),
  description: z.string().nullable(),
  project_number: z.string().nullable(),
  external_id: z.string().nullable(),
  stage_age: z.number().int().meta({ description: 'Whole days since the project entered its current stage.' }),
  project_duration: z.number().int().nullable().meta({ description: 'Whole months from start_date to end_date.' }),
  pursuit_duration: z.number().int().nullable().meta({
    description: 'Days from creation to award_date; while open, to today; once closed without award_date, to the close.',
  }),
  square_feet: z.number().int().nullable(),
  units: z.number().int().nullable(),
  probability: z.number().nullable(),
  suggested_probability: z
    .number()
    .nullable()
    .meta({
      description:
        'The learned probability of an open project (null once closed): (won + 1) ÷ (won + lost + 2) over the won and lost projects closed in the last 36 months ' +
        'in its market sector, or in the whole account when fewer than 5 share the sector; four decimals (docs/insights.md).',
    }),
  suggested_probability_basis: z
    .object({
      group_by: z.enum(['market_sector', 'account']).meta({ description: 'Whose history: the market sector, or the whole account.' }),
      won: z.number().int(),
      lost: z.number().int(),
    })
    .nullable()
    .meta({ description: 'The counts behind suggested_probability; null when it is.' }),
  price_to_win: z
    .object({
      low_in_cents: z.number().int(),
      high_in_cents: z.number().int(),
      basis: z.object({
        count: z.number().int().meta({ description: 'The closed projects of the sector the range comes from.' }),
        market_sector_id: z.string(),
      }),
    })
    .nullable()
    .meta({
      description:
        'For an open project with an amount: the 25th and 75th percentiles of (winning price ÷ our price) over the closed projects of its market sector in the last 36 months with both known, ' +
        'times its amount, in cents; null with fewer than 5 such projects (docs/bids-and-competitors.md).',
    }),
  estimated_cost: z.number().nullable().meta({ description: 'Dollars.' }),
  forecast_curve: z.enum(FORECAST_CURVES),
  forecast_manual_percentages: z.array(z.number()).nullable(),
  price_per_square_foot: z.number().nullable().meta({ description: 'amount / square_feet, dollars, 2 decimals.' }),
  price_per_unit: z.number().nullable().meta({ description: 'amount / units, dollars, 2 decimals.' }),
  amount: z.number().nullable().meta({ description: 'Dollars.' }),
  project_status: z.enum(PROJECT_STATUSES).meta({
    description:
      'Derived: pursuit (open stage), upcoming (won, before start_date), active (won, started), complete (won, past end_date), lost (lost, cancelled or did_not_pursue).',
  }),
  close_type: z.enum(CLOSE_TYPES).nullable(),
  closed_at: responseTimestamp.nullable().meta({ description: 'When the project entered a closed stage; null while it is open.' }),
  award_date: responseDate.nullable(),
  bid_due_date: responseDate.nullable(),
  start_date: responseDate.nullable(),
  end_date: responseDate.nullable(),
  bid_due_at: responseTimestamp.nullable(),
  bid_due_at_includes_time: z.boolean(),
  work_scope: z.enum(WORK_SCOPES).nullable(),
  address: addressResponse,
  assigned_to: userReference.nullable(),
  created_by: userReference.nullable(),
  company: companyReference.nullable(),
  contact: userReference.nullable(),
  contract_type: namedReference.nullable(),
  division: namedReference.nullable(),
  import: namedReference.nullable(),
  lead_source: namedReference.nullable(),
  loss_reason: namedReference.nullable(),
  market_sector: namedReference.nullable(),
  tender_type: namedReference.nullable(),
  delivery_method: namedReference.nullable(),
  project_stage: projectStageResponse.nullable(),
  awarded_to: awardedToReference.nullable().meta({
    description:
      'Who won it (read-only, from its bid results): the winning bidder’s Company reference, or us — the account’s name with `id` null — when our bid won or the project closed as won without a winner recorded; null otherwise.',
  }),
  bid_count: z.number().int().meta({ description: 'How many bid results the project has, ours included.' }),
  custom_fields: z.record(z.string(), z.unknown()),
  estimating_hours: z.number().int().nullable(),
  go_no_go: goNoGoResponse.meta({ description: 'The go / no-go scorecard’s answers, score and decision (PUT /projects/{id}/go_no_go).' }),
});
export type ProjectResponse = z.output<typeof projectResponse>;
