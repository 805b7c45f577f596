import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createWorkforceEmployee, listWorkforceEmployees } from '@/lib/server/services/workforce-employees';
import { workforceEmployeeCreate, workforceEmployeeListQuery, workforceEmployeeResponse } from '@/lib/shared/validation/workforce-employees';

const KEY = 'workforce_employee';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/employees — list workforce employees (operation 11)
  GET: (call) => listOrExport(call, 'workforce_employees', workforceEmployeeListQuery, listWorkforceEmployees, workforceEmployeeResponse),
  // POST /api/2023-01/workforce/employees — create a workforce employee (operation 12)
  POST: async ({ req, db, ctx }) => {
    const input = await parseBody(req, KEY, workforceEmployeeCreate);
    return json({ [KEY]: await createWorkforceEmployee(db, ctx, input) }, 201);
  },
});
