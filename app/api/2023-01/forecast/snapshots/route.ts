import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { listForecastSnapshots, takeSnapshot } from '@/lib/server/services/forecast';
import { snapshotListQuery, snapshotResponse } from '@/lib/shared/validation/forecast';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/forecast/snapshots — the account's forecast snapshots, newest first
  GET: async (call) => listOrExport(call, 'forecast_snapshots', snapshotListQuery, listForecastSnapshots, snapshotResponse),
  // POST /api/2023-01/forecast/snapshots — take a snapshot now
  POST: async ({ db, ctx }) => json({ forecast_snapshot: await takeSnapshot(db, ctx) }, 201),
});
