import { parseId, parseQuery } from '@/lib/server/http/request';
import { defineRoute, listResponse } from '@/lib/server/http/route';
import { recordTimeline } from '@/lib/server/services/timeline';
import { timelineQuery } from '@/lib/shared/validation/timeline';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/companies/{id}/timeline — the company's comments, changes, calls and tasks, newest first
  GET: async (call) =>
    listResponse(call, 'timeline', await recordTimeline(call.db, call.ctx, 'company', parseId(call.params.id, 'Company'), parseQuery(call.url, timelineQuery))),
});
