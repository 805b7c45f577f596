import { defineRoute, json } from '@/lib/server/http/route';
import { parseId } from '@/lib/server/http/request';
import { convertLead } from '@/lib/server/services/lead-conversion';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // POST /api/2023-01/leads/{id}/convert — convert a lead into a project (the lead is archived)
  POST: async ({ db, ctx, params }) => json({ project: await convertLead(db, ctx, parseId(params.id, 'Lead')) }, 201),
});
