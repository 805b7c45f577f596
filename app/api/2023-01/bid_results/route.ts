import { listOrExport } from '@/lib/server/http/export';
import { defineRoute } from '@/lib/server/http/route';
import { listBidResults } from '@/lib/server/services/bid-results';
import { bidResultListQuery, bidResultResponse } from '@/lib/shared/validation/bid-results';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/bid_results — every bid result the caller sees, by project or bidder
  GET: async (call) => listOrExport(call, 'bid_results', bidResultListQuery, listBidResults, bidResultResponse),
});
