import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createCall, listCalls } from '@/lib/server/services/calls';
import { callCreate, callListQuery } from '@/lib/shared/validation/calls';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/calls — list calls
  GET: async (a) => listResponse(a, 'calls', await listCalls(a.db, a.ctx, parseQuery(a.url, callListQuery))),
  // POST /api/2023-01/calls — create a call
  POST: async (a) => json({ call: await createCall(a.db, a.ctx, await parseBody(a.req, 'call', callCreate)) }, 201),
});
