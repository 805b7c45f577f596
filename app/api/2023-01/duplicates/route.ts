import { parseQuery } from '@/lib/server/http/request';
import { defineRoute, listResponse } from '@/lib/server/http/route';
import { listDuplicates } from '@/lib/server/services/merges';
import { duplicatesQuery } from '@/lib/shared/validation/merges';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/duplicates?resource=companies|contacts — likely duplicates, surest first
  GET: async (call) => listResponse(call, 'duplicates', await listDuplicates(call.db, call.ctx, parseQuery(call.url, duplicatesQuery))),
});
