import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteBidResult, getBidResult, updateBidResult } from '@/lib/server/services/bid-results';
import { bidResultUpdate } from '@/lib/shared/validation/bid-results';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/bid_results/{id} — one bidder's result
  GET: async ({ db, ctx, params }) => json({ bid_result: await getBidResult(db, ctx, parseId(params.id, 'Bid result')) }),
  // PATCH /api/2023-01/bid_results/{id} — its price, rank, winner or notes
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Bid result');
    return json({ bid_result: await updateBidResult(db, ctx, id, await parseBody(req, 'bid_result', bidResultUpdate)) });
  },
  // DELETE /api/2023-01/bid_results/{id}
  DELETE: async ({ db, ctx, params }) => {
    await deleteBidResult(db, ctx, parseId(params.id, 'Bid result'));
    return noContent();
  },
});
