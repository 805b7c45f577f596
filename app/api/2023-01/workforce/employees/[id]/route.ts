import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import {
  deleteWorkforceEmployee,
  getWorkforceEmployee,
  updateWorkforceEmployee,
} from '@/lib/server/services/workforce-employees';
import { workforceEmployeeUpdate } from '@/lib/shared/validation/workforce-employees';

const KEY = 'workforce_employee';
const idOf = (raw: string | undefined) => parseId(raw, 'Workforce employee');

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/employees/{id} — get a workforce employee
  GET: async (a) => json({ [KEY]: await getWorkforceEmployee(a.db, a.ctx, idOf(a.params.id)) }),
  // PATCH /api/2023-01/workforce/employees/{id} — update a workforce employee (operation 13)
  PATCH: async (a) => {
    const id = idOf(a.params.id);
    return json({ [KEY]: await updateWorkforceEmployee(a.db, a.ctx, id, await parseBody(a.req, KEY, workforceEmployeeUpdate)) });
  },
  // DELETE /api/2023-01/workforce/employees/{id} — delete a workforce employee (their reports lose their manager)
  DELETE: async (a) => {
    await deleteWorkforceEmployee(a.db, a.ctx, idOf(a.params.id));
    return noContent();
  },
});
