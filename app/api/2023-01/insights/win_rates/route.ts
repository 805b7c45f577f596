import { defineRoute, json } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { winRates } from '@/lib/server/services/insights';
import { winRatesQuery } from '@/lib/shared/validation/insights';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/insights/win_rates — won and lost projects by a grouping, with win rates
  GET: async ({ db, ctx, url }) => json({ win_rates: await winRates(db, ctx, parseQuery(url, winRatesQuery)) }),
});
