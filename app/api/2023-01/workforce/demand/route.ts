import { defineRoute, json } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { workforceDemand } from '@/lib/server/services/workforce-planning';
import { demandQuery } from '@/lib/shared/validation/workforce-planning';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/demand — per role and period: headcount against awarded and (weighted) pursuit demand
  GET: async ({ db, ctx, url }) => json({ workforce_demand: await workforceDemand(db, ctx, parseQuery(url, demandQuery)) }),
});
