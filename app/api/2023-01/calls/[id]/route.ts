import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteCall, getCall, updateCall } from '@/lib/server/services/calls';
import { callUpdate } from '@/lib/shared/validation/calls';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/calls/{id} — get a call
  GET: async (a) => json({ call: await getCall(a.db, a.ctx, parseId(a.params.id, 'Call')) }),
  // PATCH /api/2023-01/calls/{id} — update a call (operation 10)
  PATCH: async (a) => {
    const id = parseId(a.params.id, 'Call');
    return json({ call: await updateCall(a.db, a.ctx, id, await parseBody(a.req, 'call', callUpdate)) });
  },
  // DELETE /api/2023-01/calls/{id} — delete a call
  DELETE: async (a) => {
    await deleteCall(a.db, a.ctx, parseId(a.params.id, 'Call'));
    return noContent();
  },
});
