import { parseBody, parseId, parseQuery } from '@/lib/server/http/request';
import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { createBidResult, listProjectBidResults } from '@/lib/server/services/bid-results';
import { bidResultCreate, projectBidResultsQuery } from '@/lib/shared/validation/bid-results';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/projects/{id}/bid_results — who bid on the project, the lowest price first
  GET: async (call) =>
    listResponse(
      call,
      'bid_results',
      await listProjectBidResults(call.db, call.ctx, parseId(call.params.id, 'Project'), parseQuery(call.url, projectBidResultsQuery)),
    ),
  // POST /api/2023-01/projects/{id}/bid_results — a bidder's price, rank and whether they won (or ours)
  POST: async ({ params, db, ctx, req }) => {
    const projectId = parseId(params.id, 'Project');
    return json({ bid_result: await createBidResult(db, ctx, projectId, await parseBody(req, 'bid_result', bidResultCreate)) }, 201);
  },
});
