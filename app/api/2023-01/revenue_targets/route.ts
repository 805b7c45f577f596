import { ACCESS } from '@/lib/server/http/access';
import { defineRoute, json } from '@/lib/server/http/route';
import { parseQuery, parseWrappedBody } from '@/lib/server/http/request';
import { listTargets, putTargets } from '@/lib/server/services/forecast';
import { revenueTargetsPut, revenueTargetsQuery } from '@/lib/shared/validation/forecast';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/revenue_targets — the account's monthly revenue targets, by month
  GET: async ({ db, ctx, url }) => json({ revenue_targets: await listTargets(db, ctx, parseQuery(url, revenueTargetsQuery)) }),
  // PUT /api/2023-01/revenue_targets — set (or, with null, clear) the months given; admins
  PUT: {
    access: ACCESS.revenueTargets,
    run: async ({ db, ctx, req }) => json({ revenue_targets: await putTargets(db, ctx, await parseWrappedBody(req, 'revenue_targets', revenueTargetsPut)) }),
  },
});
