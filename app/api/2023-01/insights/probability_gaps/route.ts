import { defineRoute, json } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { probabilityGaps } from '@/lib/server/services/insights';
import { probabilityGapsQuery } from '@/lib/shared/validation/insights';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/insights/probability_gaps — open pursuits whose learned and entered odds disagree on the most money
  GET: async ({ db, ctx, url }) => json({ projects: await probabilityGaps(db, ctx, parseQuery(url, probabilityGapsQuery).limit) }),
});
