import { z } from 'zod';
import { bothWays, cents, companyReference, idFilters, LIMITS, longText, paginationQuery, projectReference, recordResponse, relationId } from './common';

// Who bid on a project, at what price, and who won (docs/bids-and-competitors.md).

export const BID_RESULT_SORTS = ['-created_at', 'created_at', '-updated_at', 'updated_at', ...bothWays('rank', 'amount_in_cents')] as const;

const fields = {
  company_id: relationId.nullable().meta({ description: 'The bidder: a company of the directory. Null (or omitted) for our own bid, with `is_us: true`.' }),
  is_us: z.boolean().meta({ description: 'Our own bid (no company). At most one per project.' }),
  amount_in_cents: cents.nullable().meta({ description: 'The bid price in cents; null when unknown.' }),
  rank: z.number().int().min(1, 'must be 1 or more (1 = lowest price)').max(LIMITS.maxInt).nullable().meta({
    description: '1 for the lowest price; null when unknown.',
  }),
  is_winner: z.boolean().meta({ description: 'This bidder was awarded the project. At most one per project.' }),
  notes: longText.nullable(),
};

/** POST /projects/{id}/bid_results under `bid_result`: a company's bid, or ours (`is_us: true`). */
export const bidResultCreate = z.object(fields).partial().meta({ id: 'BidResultCreate' });
/** PATCH /bid_results/{id} under `bid_result`: any subset; the project stays. */
export const bidResultUpdate = z.object(fields).partial().meta({ id: 'BidResultUpdate' });
export type BidResultCreate = z.output<typeof bidResultCreate>;
export type BidResultUpdate = z.output<typeof bidResultUpdate>;

const sort = z
  .enum(BID_RESULT_SORTS)
  .optional()
  .meta({ description: 'Order: a field, descending with a leading "-"; ties by id. Default: the lowest price first (rank, then amount; unknowns last).' });

/** GET /projects/{id}/bid_results: the project's bidders. */
export const projectBidResultsQuery = paginationQuery.extend({ sort });
/** GET /bid_results: every result the caller sees, by project or bidder (for sync clients). */
export const bidResultListQuery = paginationQuery.extend({ ...idFilters('project', 'company'), sort });
export type BidResultListQuery = z.output<typeof bidResultListQuery>;

export const bidResultResponse = recordResponse('BidResult', {
  project: projectReference,
  company: companyReference.nullable().meta({ description: 'The bidder; null for our own bid.' }),
  is_us: z.boolean(),
  amount_in_cents: z.number().int().nullable(),
  rank: z.number().int().nullable(),
  is_winner: z.boolean(),
  notes: z.string().nullable(),
});
export type BidResultResponse = z.output<typeof bidResultResponse>;

/** An imported bid result's row (docs/imports.md#bid-results): its project, and a bidder as a create names one. */
export const bidResultImportRow = bidResultCreate.extend({ project_id: relationId });
