import { parseQuery } from '@/lib/server/http/request';
import { defineRoute, listResponse } from '@/lib/server/http/route';
import { listMerges } from '@/lib/server/services/merges';
import { mergeListQuery } from '@/lib/shared/validation/merges';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/merges — the merge history, newest first
  GET: async (call) => listResponse(call, 'merges', await listMerges(call.db, call.ctx, parseQuery(call.url, mergeListQuery))),
});
