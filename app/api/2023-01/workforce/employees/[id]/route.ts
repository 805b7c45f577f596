import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteWorkforceEmployee, getWorkforceEmployee, updateWorkforceEmployee } from '@/lib/server/services/workforce-employees';
import { workforceEmployeeUpdate } from '@/lib/shared/validation/workforce-employees';

const KEY = 'workforce_employee';
const idOf = (raw: string | undefined) => parseId(raw, 'Workforce employee');

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/employees/{id} — get a workforce employee
  GET: async ({ db, ctx, params }) => json({ [KEY]: await getWorkforceEmployee(db, ctx, idOf(params.id)) }),
  // PATCH /api/2023-01/workforce/employees/{id} — update a workforce employee (operation 13)
  PATCH: async ({ params, db, ctx, req }) => {
    const id = idOf(params.id);
    return json({ [KEY]: await updateWorkforceEmployee(db, ctx, id, await parseBody(req, KEY, workforceEmployeeUpdate)) });
  },
  // DELETE /api/2023-01/workforce/employees/{id} — delete a workforce employee (their reports lose their manager)
  DELETE: async ({ db, ctx, params }) => {
    await deleteWorkforceEmployee(db, ctx, idOf(params.id));
    return noContent();
  },
});
