import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createLead, listLeads } from '@/lib/server/services/leads';
import { leadCreate, leadListQuery, leadResponse } from '@/lib/shared/validation/leads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/leads — list leads (operation 1)
  GET: async (call) => listOrExport(call, 'leads', leadListQuery, listLeads, leadResponse),
  // POST /api/2023-01/leads — create a lead
  POST: async ({ db, ctx, req }) => json({ lead: await createLead(db, ctx, await parseBody(req, 'lead', leadCreate)) }, 201),
});
