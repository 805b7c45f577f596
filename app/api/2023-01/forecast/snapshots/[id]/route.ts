import { defineRoute, json } from '@/lib/server/http/route';
import { parseId } from '@/lib/server/http/request';
import { getForecastSnapshot } from '@/lib/server/services/forecast';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/forecast/snapshots/{id} — one snapshot
  GET: async ({ db, ctx, params }) => json({ forecast_snapshot: await getForecastSnapshot(db, ctx, parseId(params.id, 'Snapshot')) }),
});
