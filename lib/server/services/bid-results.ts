import type { Db } from '@/db';
import {
  clashingResult,
  findBidResult,
  listBidResults as queryBidResults,
  lockProjectForResults,
  projectOfResult,
  type BidResultRecord,
  type BidResultRow,
} from '@/db/queries/bid-results';
import { bidResults, companies } from '@/db/schema';
import { serializeBidResult } from '@/lib/server/serializers/bid-results';
import type { BidResultCreate, BidResultListQuery, BidResultResponse, BidResultUpdate } from '@/lib/shared/validation/bid-results';
import { teamOf, type CallerContext } from './context';
import { notFound, validationFailed, type FieldErrors } from './errors';
import { createRecord, deleteRecord, recordReads, updateRecord, type RecordKind } from './records';
import type { Page } from './paging';
import { assertSees } from './visibility';

// Who bid on a project, at what price, and who won (docs/bids-and-competitors.md). A result
// belongs to a project: whoever sees the project reads and writes its results (a team-only user
// those of their teams' projects). Each row is a company's bid, or ours (`is_us`, no company); a
// project has at most one winner, one bid of ours and one per company — a 422 naming the field
// otherwise. A write of results touches no other record: the project's `awarded_to` and
// `bid_count` are read from them.

export const bidResultKind: RecordKind<BidResultRow, BidResultResponse> = {
  resource: 'bid_result',
  table: bidResults,
  references: { company_id: companies },
  read: findBidResult,
  columns: (row) => row.bidResult,
  serialize: serializeBidResult,
};

const reads = recordReads(bidResultKind, queryBidResults, { team: true });
export const getBidResult = reads.get;

/** Every result the caller sees (GET /bid_results), by project or bidder. */
export const listBidResults = reads.list;

/** A project's results (GET /projects/{id}/bid_results): a 404 for a project the caller does not see. */
export async function listProjectBidResults(
  db: Db,
  ctx: CallerContext,
  projectId: number,
  query: Omit<BidResultListQuery, 'project_id' | 'company_id'>,
): Promise<Page<BidResultResponse>> {
  await assertSees(db, ctx, 'project', projectId);
  return reads.list(db, ctx, { ...query, project_id: projectId });
}

type Bidder = Pick<BidResultRecord, 'isUs' | 'companyId' | 'isWinner'>;

/** The row as it will be: our bid has no company, a company's bid names one, and the project's rules hold. */
async function checkBidder(tx: Db, projectId: number, exceptId: number | null, next: Bidder): Promise<void> {
  const errors: FieldErrors = {};
  if (next.isUs && next.companyId !== null) errors.company_id = ['must be empty for our own bid (is_us is true)'];
  if (!next.isUs && next.companyId === null) errors.company_id = ["can't be blank: name the bidder, or set is_us for our own bid"];
  if (Object.keys(errors).length === 0) {
    const clash = await clashingResult(tx, projectId, exceptId, next);
    if (clash.winner) errors.is_winner = ['another bidder is already the winner of this project'];
    if (clash.us) errors.is_us = ['the project already has our bid'];
    if (clash.company) errors.company_id = ['has already a bid on this project'];
  }
  const fields = Object.keys(errors);
  if (fields.length > 0) throw validationFailed(errors, fields.map((f) => `${f} ${errors[f]![0]}`).join('; '));
}

export function createBidResult(db: Db, ctx: CallerContext, projectId: number, input: BidResultCreate): Promise<BidResultResponse> {
  return createRecord(db, ctx, bidResultKind, input, async (tx) => {
    // In a transaction: the lock holds until the row is written.
    if (!(await lockProjectForResults(tx, ctx.accountId, projectId, teamOf(ctx)))) throw notFound('Project');
    const bidder: Bidder = { isUs: input.is_us ?? false, companyId: input.company_id ?? null, isWinner: input.is_winner ?? false };
    await checkBidder(tx, projectId, null, bidder);
    return {
      projectId,
      ...bidder,
      amountInCents: input.amount_in_cents ?? null,
      rank: input.rank ?? null,
      notes: input.notes ?? null,
    };
  });
}

const columnsOf = (input: BidResultUpdate) => ({
  ...(input.company_id !== undefined && { companyId: input.company_id }),
  ...(input.is_us !== undefined && { isUs: input.is_us }),
  ...(input.amount_in_cents !== undefined && { amountInCents: input.amount_in_cents }),
  ...(input.rank !== undefined && { rank: input.rank }),
  ...(input.is_winner !== undefined && { isWinner: input.is_winner }),
  ...(input.notes !== undefined && { notes: input.notes }),
});

export function updateBidResult(db: Db, ctx: CallerContext, id: number, input: BidResultUpdate): Promise<BidResultResponse> {
  return updateRecord(db, ctx, bidResultKind, id, input, {
    // The project first, then the row: the order a project's delete takes them in.
    before: async (tx) => {
      const projectId = await projectOfResult(tx, ctx.accountId, id);
      if (projectId !== undefined) await lockProjectForResults(tx, ctx.accountId, projectId);
    },
    columns: async ({ bidResult: current }, tx) => {
      const next = columnsOf(input);
      // Our bid named a company, or the other way round: the other field follows unless given.
      if (input.is_us === true && input.company_id === undefined) next.companyId = null;
      const after = { ...current, ...next };
      await checkBidder(tx, current.projectId, id, after);
      return next;
    },
  });
}

export function deleteBidResult(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, bidResultKind, id);
}
