import { pageHeaders } from '@/lib/server/http/pagination';
import { defineRoute, json } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { workforceUtilization } from '@/lib/server/services/workforce-planning';
import { utilizationQuery } from '@/lib/shared/validation/workforce-planning';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/utilization — a page of people × weeks (or months): capacity, assigned days, time off, utilization
  GET: async ({ db, ctx, url }) => {
    const { body, page } = await workforceUtilization(db, ctx, parseQuery(url, utilizationQuery));
    return json({ workforce_utilization: body }, 200, pageHeaders(url, ctx.baseUrl, page));
  },
});
