import type { BidResultRow } from '@/db/queries/bid-results';
import type { BidResultResponse } from '@/lib/shared/validation/bid-results';
import { base, companyRef, namedRef } from './common';

/** The one BidResult shape (`BidResult` in the OpenAPI document). */
export function serializeBidResult(row: BidResultRow): BidResultResponse {
  const { bidResult } = row;
  return {
    ...base(bidResult),
    project: namedRef(row.project)!,
    company: companyRef(row.company),
    is_us: bidResult.isUs,
    amount_in_cents: bidResult.amountInCents,
    rank: bidResult.rank,
    is_winner: bidResult.isWinner,
    notes: bidResult.notes,
  };
}
