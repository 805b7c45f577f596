import { defineRoute, json } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { forecast } from '@/lib/server/services/forecast';
import { forecastQuery } from '@/lib/shared/validation/forecast';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/forecast — contracted, pipeline, backlog and the gap to the targets, by month
  GET: async ({ db, ctx, url }) => json({ forecast: await forecast(db, ctx, parseQuery(url, forecastQuery)) }),
});
