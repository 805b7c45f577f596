import { parseQuery } from '@/lib/server/http/request';
import { defineRoute, listResponse } from '@/lib/server/http/route';
import { competitors } from '@/lib/server/services/insights';
import { competitorsQuery } from '@/lib/shared/validation/insights';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/insights/competitors — who bid against us, how often they won, and at what price gap
  GET: async (call) => listResponse(call, 'competitors', await competitors(call.db, call.ctx, parseQuery(call.url, competitorsQuery))),
});
