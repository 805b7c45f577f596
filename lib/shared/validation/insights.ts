import { z } from 'zod';
import { companyReference, date, integerParameter, namedReference, paginationQuery, queryId, responseTimestamp, userReference } from './common';

/** What win rates group by: a project relation each (the group embeds as that relation does on a project). */
export const WIN_RATE_GROUP_BYS = [
  'market_sector',
  'delivery_method',
  'tender_type',
  'contract_type',
  'division',
  'company',
  'assigned_to',
  'quarter',
] as const;

const quarterReference = z.object({ id: z.string(), name: z.string() }).meta({ id: 'QuarterReference' });

export const winRatesQuery = z.object({
  group_by: z.enum(WIN_RATE_GROUP_BYS).default('market_sector').meta({
    description:
      "The project relation to group by; market_sector by default (the learned probability's own grouping); `quarter`: the calendar quarter of closed_at (UTC), the trend.",
  }),
  since: date.optional().meta({
    description: 'Projects closed (closed_at) on or after this date, from its midnight UTC; by default today (UTC) 36 months back.',
  }),
});
export type WinRatesQuery = z.output<typeof winRatesQuery>;

export const winRateResponse = z
  .object({
    group: z.union([namedReference, companyReference, userReference, quarterReference]).nullable().meta({
      description:
        'The group, embedded as the relation is on a project (named reference; company or user reference); null for projects without one. For `quarter`: `{id: "2026-Q3", name: "Q3 2026"}`.',
    }),
    won_count: z.number().int(),
    lost_count: z.number().int(),
    won_amount_in_cents: z.number().int().meta({ description: 'Sum of the won projects’ amounts (a project without one counts 0).' }),
    lost_amount_in_cents: z.number().int(),
    win_rate: z.number().nullable().meta({ description: 'won_count ÷ (won_count + lost_count), four decimals; null with no closed project.' }),
    amount_win_rate: z.number().nullable().meta({
      description: 'won_amount_in_cents ÷ (won + lost amounts), four decimals; null when both are 0.',
    }),
  })
  .meta({ id: 'WinRate' });

export const winRatesResponse = z.array(winRateResponse).meta({
  description:
    'One row per group with a won or lost project closed since `since` (cancelled and did_not_pursue count in none), the most closed first, ties by id, the row without a group last; by quarter, oldest first.',
});
export type WinRateResponse = z.output<typeof winRateResponse>;

export const probabilityGapsQuery = z.object({
  limit: z
    .string()
    .regex(/^[0-9]{1,2}$/, 'must be a whole number from 1 to 20')
    .transform(Number)
    .pipe(z.number().int().min(1, 'must be from 1 to 20').max(20, 'must be from 1 to 20'))
    .default(3)
    .meta(integerParameter({ min: 1, max: 20, default: 3 }, 'How many projects, 1–20; default 3.')),
});

export const competitorsQuery = paginationQuery.omit({ updated_since: true }).extend({
  since: date.optional().meta({
    description: 'Bids met on or after this date (from its midnight UTC): when the project’s bid was due, else when it closed. By default, every bid.',
  }),
  market_sector_id: queryId.optional().meta({ description: 'Only projects of this market sector.' }),
  delivery_method_id: queryId.optional().meta({ description: 'Only projects of this delivery method.' }),
});
export type CompetitorsQuery = z.output<typeof competitorsQuery>;

export const competitorResponse = z
  .object({
    company: companyReference,
    bids_against_us: z.number().int().meta({ description: 'Projects of ours the company bid on.' }),
    their_wins: z.number().int().meta({ description: 'Of those, the projects it won.' }),
    our_wins_when_both_bid: z.number().int().meta({ description: 'Of those, the projects we won.' }),
    head_to_head_win_rate: z.number().nullable().meta({
      description: 'Our wins ÷ (our wins + their wins) over the projects both bid on and one of us won, four decimals; null without such a project.',
    }),
    median_price_gap: z.number().nullable().meta({
      description:
        'The median of (their amount − our amount) ÷ our amount over the projects where both are known, four decimals (0.05: they bid 5% above us); null without one.',
    }),
    last_met_at: responseTimestamp.meta({
      description: 'The latest of those bids: when the project’s bid was due, else when it closed, else when the result was recorded.',
    }),
  })
  .meta({ id: 'Competitor' });
export type CompetitorResponse = z.output<typeof competitorResponse>;
