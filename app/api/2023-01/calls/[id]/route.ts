import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteCall, getCall, updateCall } from '@/lib/server/services/calls';
import { callUpdate } from '@/lib/shared/validation/calls';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/calls/{id} — get a call
  GET: async ({ db, ctx, params }) => json({ call: await getCall(db, ctx, parseId(params.id, 'Call')) }),
  // PATCH /api/2023-01/calls/{id} — update a call (operation 10)
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Call');
    return json({ call: await updateCall(db, ctx, id, await parseBody(req, 'call', callUpdate)) });
  },
  // DELETE /api/2023-01/calls/{id} — delete a call
  DELETE: async ({ db, ctx, params }) => {
    await deleteCall(db, ctx, parseId(params.id, 'Call'));
    return noContent();
  },
});
