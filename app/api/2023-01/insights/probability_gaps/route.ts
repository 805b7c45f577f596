import { defineRoute, json } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { probabilityGaps } from '@/lib/server/services/insights';
import { probabilityGapsQuery } from '@/lib/shared/validation/insights';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/insights/probability_gaps — open pursuits whose learned and entered odds disagree on the most money
  GET: async (a) => json({ projects: await probabilityGaps(a.db, a.ctx, parseQuery(a.url, probabilityGapsQuery).limit) }),
});
