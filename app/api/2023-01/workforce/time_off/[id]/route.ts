import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteWorkforceTimeOff, getWorkforceTimeOff, updateWorkforceTimeOff } from '@/lib/server/services/workforce-planning';
import { workforceTimeOffUpdate } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_time_off';
const idOf = (raw: string | undefined) => parseId(raw, 'Time off');

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/time_off/{id}
  GET: async (a) => json({ [KEY]: await getWorkforceTimeOff(a.db, a.ctx, idOf(a.params.id)) }),
  // PATCH /api/2023-01/workforce/time_off/{id}
  PATCH: async (a) => {
    const id = idOf(a.params.id);
    return json({ [KEY]: await updateWorkforceTimeOff(a.db, a.ctx, id, await parseBody(a.req, KEY, workforceTimeOffUpdate)) });
  },
  // DELETE /api/2023-01/workforce/time_off/{id}
  DELETE: async (a) => {
    await deleteWorkforceTimeOff(a.db, a.ctx, idOf(a.params.id));
    return noContent();
  },
});
