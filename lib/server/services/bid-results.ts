import type { Db } from '@/db';
import {
  clashingResult,
  findBidResult,
  listBidResults as queryBidResults,
  lockProjectForResults,
  projectOfResult,
  resultsOfProject,
  type BidResultRecord,
  type BidResultRow,
} from '@/db/queries/bid-results';
import { bidResults, companies } from '@/db/schema';
import { serializeBidResult } from '@/lib/server/serializers/bid-results';
import type { BidResultCreate, BidResultListQuery, BidResultResponse, BidResultUpdate } from '@/lib/shared/validation/bid-results';
import { teamOf, type CallerContext } from './context';
import { invalidField, notFound, validationFailed, type FieldErrors } from './errors';
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

type BidderColumns = Pick<BidResultRecord, 'isUs' | 'companyId' | 'isWinner'>;

/** The row as it will be: our bid has no company, a company's bid names one, and the project's rules hold. */
async function checkBidder(tx: Db, projectId: number, exceptId: number | null, next: BidderColumns): Promise<void> {
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
    const bidder: BidderColumns = { isUs: input.is_us ?? false, companyId: input.company_id ?? null, isWinner: input.is_winner ?? false };
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

// ---- imports (docs/imports.md#bid-results): through the same writes, so each has its event ----

/** The bidder of an imported row: a company of the account, or us. */
export type Bidder = { companyId: number } | { us: true };

const isBidder = (row: BidResultRecord, bidder: Bidder) => ('us' in bidder ? row.isUs : row.companyId === bidder.companyId);

/**
 * A bid result imported: the bidder's row on the project updated with what the file says, or
 * created; the project must exist (the importer found it by name or number). Its id, and whether
 * it was an update. A winner the file names takes the win from the project's other bidder.
 */
export async function upsertBidResult(
  db: Db,
  ctx: CallerContext,
  projectId: number,
  bidder: Bidder,
  values: { amount_in_cents?: number | null; rank?: number | null; is_winner?: boolean; notes?: string | null },
): Promise<{ id: number; updated: boolean }> {
  const rows = await resultsOfProject(db, ctx.accountId, projectId);
  if (values.is_winner) {
    for (const other of rows) if (other.isWinner && !isBidder(other, bidder)) await updateBidResult(db, ctx, other.id, { is_winner: false });
  }
  const existing = rows.find((r) => isBidder(r, bidder));
  if (existing) {
    await updateBidResult(db, ctx, existing.id, values);
    return { id: existing.id, updated: true };
  }
  const who = 'us' in bidder ? { is_us: true } : { company_id: bidder.companyId };
  const created = await createBidResult(db, ctx, projectId, { ...who, ...values });
  return { id: Number(created.id), updated: false };
}

/**
 * A historical project's award, as its import row says (Awarded To, Winning Amount): the winner's
 * result (us, or the company named) marked winner with the winning amount, and our own bid at the
 * project's amount when the project has none yet. Without a winner named, a winning amount is
 * ours on a won project; on any other it is refused.
 */
export async function recordAward(
  db: Db,
  ctx: CallerContext,
  project: { id: number; closeType: string | null; amountInCents: number | null },
  award: { winner?: Bidder; winningAmountInCents?: number },
): Promise<void> {
  const winner = award.winner ?? (project.closeType === 'won' ? ({ us: true } as const) : undefined);
  if (!winner) {
    if (award.winningAmountInCents !== undefined) throw invalidField('winning_amount', 'needs Awarded To: who won it (Us for our own win)');
    return;
  }
  const amount = award.winningAmountInCents ?? ('us' in winner ? project.amountInCents : undefined);
  await upsertBidResult(db, ctx, project.id, winner, { is_winner: true, ...(amount !== undefined && { amount_in_cents: amount }) });
  if (!('us' in winner) && !(await resultsOfProject(db, ctx.accountId, project.id)).some((r) => r.isUs)) {
    await createBidResult(db, ctx, project.id, { is_us: true, amount_in_cents: project.amountInCents });
  }
}
