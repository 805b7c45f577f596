import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteWorkforceAssignment, getWorkforceAssignment, updateWorkforceAssignment } from '@/lib/server/services/workforce-planning';
import { workforceAssignmentUpdate } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_assignment';
const idOf = (raw: string | undefined) => parseId(raw, 'Workforce assignment');

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/assignments/{id}
  GET: async ({ db, ctx, params }) => json({ [KEY]: await getWorkforceAssignment(db, ctx, idOf(params.id)) }),
  // PATCH /api/2023-01/workforce/assignments/{id}
  PATCH: async ({ params, db, ctx, req }) => {
    const id = idOf(params.id);
    return json({ [KEY]: await updateWorkforceAssignment(db, ctx, id, await parseBody(req, KEY, workforceAssignmentUpdate)) });
  },
  // DELETE /api/2023-01/workforce/assignments/{id}
  DELETE: async ({ db, ctx, params }) => {
    await deleteWorkforceAssignment(db, ctx, idOf(params.id));
    return noContent();
  },
});
