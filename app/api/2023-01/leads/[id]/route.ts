import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteLead, getLead, updateLead } from '@/lib/server/services/leads';
import { leadUpdate } from '@/lib/shared/validation/leads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/leads/{id} — get a lead
  GET: async (a) => json({ lead: await getLead(a.db, a.ctx, parseId(a.params.id, 'Lead')) }),
  // PATCH /api/2023-01/leads/{id} — update a lead (operation 2)
  PATCH: async (a) => {
    const id = parseId(a.params.id, 'Lead');
    return json({ lead: await updateLead(a.db, a.ctx, id, await parseBody(a.req, 'lead', leadUpdate)) });
  },
  // DELETE /api/2023-01/leads/{id} — delete a lead
  DELETE: async (a) => {
    await deleteLead(a.db, a.ctx, parseId(a.params.id, 'Lead'));
    return noContent();
  },
});
