import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createWorkforceAssignment, listWorkforceAssignments } from '@/lib/server/services/workforce-planning';
import { workforceAssignmentCreate, workforceAssignmentListQuery } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_assignment';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/workforce/assignments — list workforce assignments
  GET: async (a) => listResponse(a, 'workforce_assignments', await listWorkforceAssignments(a.db, a.ctx, parseQuery(a.url, workforceAssignmentListQuery))),
  // POST /api/2023-01/workforce/assignments — create workforce assignments
  POST: async (a) => json({ [KEY]: await createWorkforceAssignment(a.db, a.ctx, await parseBody(a.req, KEY, workforceAssignmentCreate)) }, 201),
});
