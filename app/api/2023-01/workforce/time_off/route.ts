import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createWorkforceTimeOff, listWorkforceTimeOff } from '@/lib/server/services/workforce-planning';
import { workforceTimeOffCreate, workforceTimeOffListQuery } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_time_off';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/workforce/time_off — list time off
  GET: async (a) => listResponse(a, 'workforce_time_off', await listWorkforceTimeOff(a.db, a.ctx, parseQuery(a.url, workforceTimeOffListQuery))),
  // POST /api/2023-01/workforce/time_off — create time off
  POST: async (a) => json({ [KEY]: await createWorkforceTimeOff(a.db, a.ctx, await parseBody(a.req, KEY, workforceTimeOffCreate)) }, 201),
});
