import { customFieldFilters } from '@/lib/shared/validation/custom-fields';
import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createLead, listLeads } from '@/lib/server/services/leads';
import { leadCreate, leadListQuery, leadResponse } from '@/lib/shared/validation/leads';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/leads — list leads (operation 1)
  GET: async (a) => listOrExport(a, 'leads', leadListQuery, (db, ctx, query) => listLeads(db, ctx, query, customFieldFilters(a.url.searchParams)), leadResponse),
  // POST /api/2023-01/leads — create a lead
  POST: async (a) => json({ lead: await createLead(a.db, a.ctx, await parseBody(a.req, 'lead', leadCreate)) }, 201),
});
