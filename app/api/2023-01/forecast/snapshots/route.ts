import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseQuery } from '@/lib/server/http/request';
import { listForecastSnapshots, takeSnapshot } from '@/lib/server/services/forecast';
import { snapshotListQuery } from '@/lib/shared/validation/forecast';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/forecast/snapshots — the account's forecast snapshots, newest first
  GET: async (a) => listResponse(a, 'forecast_snapshots', await listForecastSnapshots(a.db, a.ctx, parseQuery(a.url, snapshotListQuery))),
  // POST /api/2023-01/forecast/snapshots — take a snapshot now
  POST: async (a) => json({ forecast_snapshot: await takeSnapshot(a.db, a.ctx) }, 201),
});
