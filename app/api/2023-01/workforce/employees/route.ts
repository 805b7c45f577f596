import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createWorkforceEmployee, listWorkforceEmployees } from '@/lib/server/services/workforce-employees';
import { workforceEmployeeCreate, workforceEmployeeListQuery } from '@/lib/shared/validation/workforce-employees';

const KEY = 'workforce_employee';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/workforce/employees — list workforce employees (operation 11)
  GET: async (a) => {
    const page = await listWorkforceEmployees(a.db, a.ctx, parseQuery(a.url, workforceEmployeeListQuery));
    return listResponse(a, 'workforce_employees', page);
  },
  // POST /api/2023-01/workforce/employees — create a workforce employee (operation 12)
  POST: async (a) => {
    const input = await parseBody(a.req, KEY, workforceEmployeeCreate);
    return json({ [KEY]: await createWorkforceEmployee(a.db, a.ctx, input) }, 201);
  },
});
