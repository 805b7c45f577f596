import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createLead, listLeads } from '@/lib/server/services/leads';
import { leadCreate, leadListQuery } from '@/lib/shared/validation/leads';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/leads — list leads (operation 1)
  GET: async (a) => listResponse(a, 'leads', await listLeads(a.db, a.ctx, parseQuery(a.url, leadListQuery))),
  // POST /api/2023-01/leads — create a lead
  POST: async (a) => json({ lead: await createLead(a.db, a.ctx, await parseBody(a.req, 'lead', leadCreate)) }, 201),
});
