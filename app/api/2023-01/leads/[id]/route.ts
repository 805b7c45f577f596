import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteLead, getLead, updateLead } from '@/lib/server/services/leads';
import { leadUpdate } from '@/lib/shared/validation/leads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/leads/{id} — get a lead
  GET: async ({ db, ctx, params }) => json({ lead: await getLead(db, ctx, parseId(params.id, 'Lead')) }),
  // PATCH /api/2023-01/leads/{id} — update a lead (operation 2)
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Lead');
    return json({ lead: await updateLead(db, ctx, id, await parseBody(req, 'lead', leadUpdate)) });
  },
  // DELETE /api/2023-01/leads/{id} — delete a lead
  DELETE: async ({ db, ctx, params }) => {
    await deleteLead(db, ctx, parseId(params.id, 'Lead'));
    return noContent();
  },
});
