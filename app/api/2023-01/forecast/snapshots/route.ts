import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { listForecastSnapshots, takeSnapshot } from '@/lib/server/services/forecast';
import { snapshotListQuery, snapshotResponse } from '@/lib/shared/validation/forecast';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/forecast/snapshots — the account's forecast snapshots, newest first
  GET: async (a) => listOrExport(a, 'forecast_snapshots', snapshotListQuery, listForecastSnapshots, snapshotResponse),
  // POST /api/2023-01/forecast/snapshots — take a snapshot now
  POST: async (a) => json({ forecast_snapshot: await takeSnapshot(a.db, a.ctx) }, 201),
});
