import { defineRoute, json } from '@/lib/api/route';
import { parseQuery } from '@/lib/api/request';
import { forecast } from '@/lib/services/forecast';
import { forecastQuery } from '@/lib/validation/forecast';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/forecast — contracted, pipeline, backlog and the gap to the targets, by month
  GET: async (a) => json({ forecast: await forecast(a.db, a.ctx, parseQuery(a.url, forecastQuery)) }),
});
