import { defineRoute, json } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { forecastSlips } from '@/lib/server/services/forecast';
import { slipsQuery } from '@/lib/shared/validation/forecast';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/forecast/slips?since_snapshot_id= — projects that slipped or changed since a snapshot
  GET: async ({ db, ctx, url }) => json({ forecast_slips: await forecastSlips(db, ctx, parseQuery(url, slipsQuery)) }),
});
