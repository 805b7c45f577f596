import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createWorkforceTimeOff, listWorkforceTimeOff } from '@/lib/server/services/workforce-planning';
import { workforceTimeOffCreate, workforceTimeOffListQuery, workforceTimeOffResponse } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_time_off';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/time_off — list time off
  GET: async (call) => listOrExport(call, 'workforce_time_off', workforceTimeOffListQuery, listWorkforceTimeOff, workforceTimeOffResponse),
  // POST /api/2023-01/workforce/time_off — create time off
  POST: async ({ db, ctx, req }) => json({ [KEY]: await createWorkforceTimeOff(db, ctx, await parseBody(req, KEY, workforceTimeOffCreate)) }, 201),
});
