import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteWorkforceAssignment, getWorkforceAssignment, updateWorkforceAssignment } from '@/lib/server/services/workforce-planning';
import { workforceAssignmentUpdate } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_assignment';
const idOf = (raw: string | undefined) => parseId(raw, 'Workforce assignment');

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/assignments/{id}
  GET: async (a) => json({ [KEY]: await getWorkforceAssignment(a.db, a.ctx, idOf(a.params.id)) }),
  // PATCH /api/2023-01/workforce/assignments/{id}
  PATCH: async (a) => {
    const id = idOf(a.params.id);
    return json({ [KEY]: await updateWorkforceAssignment(a.db, a.ctx, id, await parseBody(a.req, KEY, workforceAssignmentUpdate)) });
  },
  // DELETE /api/2023-01/workforce/assignments/{id}
  DELETE: async (a) => {
    await deleteWorkforceAssignment(a.db, a.ctx, idOf(a.params.id));
    return noContent();
  },
});
