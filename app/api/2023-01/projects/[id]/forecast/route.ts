import { defineRoute, json } from '@/lib/api/route';
import { parseId } from '@/lib/api/request';
import { projectForecast } from '@/lib/services/forecast';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/projects/{id}/forecast — the project's revenue (and cost, margin) month by month
  GET: async (a) => json({ project_forecast: await projectForecast(a.db, a.ctx, parseId(a.params.id, 'Project')) }),
});
