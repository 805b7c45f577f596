import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteWorkforceTimeOff, getWorkforceTimeOff, updateWorkforceTimeOff } from '@/lib/server/services/workforce-planning';
import { workforceTimeOffUpdate } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_time_off';
const idOf = (raw: string | undefined) => parseId(raw, 'Time off');

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/time_off/{id}
  GET: async ({ db, ctx, params }) => json({ [KEY]: await getWorkforceTimeOff(db, ctx, idOf(params.id)) }),
  // PATCH /api/2023-01/workforce/time_off/{id}
  PATCH: async ({ params, db, ctx, req }) => {
    const id = idOf(params.id);
    return json({ [KEY]: await updateWorkforceTimeOff(db, ctx, id, await parseBody(req, KEY, workforceTimeOffUpdate)) });
  },
  // DELETE /api/2023-01/workforce/time_off/{id}
  DELETE: async ({ db, ctx, params }) => {
    await deleteWorkforceTimeOff(db, ctx, idOf(params.id));
    return noContent();
  },
});
