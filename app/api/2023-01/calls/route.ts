import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createCall, listCalls } from '@/lib/server/services/calls';
import { callCreate, callListQuery, callResponse } from '@/lib/shared/validation/calls';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/calls — list calls
  GET: async (call) => listOrExport(call, 'calls', callListQuery, listCalls, callResponse),
  // POST /api/2023-01/calls — create a call
  POST: async ({ db, ctx, req }) => json({ call: await createCall(db, ctx, await parseBody(req, 'call', callCreate)) }, 201),
});
