import { defineRoute, json } from '@/lib/server/http/route';
import { parseId } from '@/lib/server/http/request';
import { projectForecast } from '@/lib/server/services/forecast';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/projects/{id}/forecast — the project's revenue (and cost, margin) month by month
  GET: async ({ db, ctx, params }) => json({ project_forecast: await projectForecast(db, ctx, parseId(params.id, 'Project')) }),
});
