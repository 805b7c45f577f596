import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createWorkforceAssignment, listWorkforceAssignments } from '@/lib/server/services/workforce-planning';
import { workforceAssignmentCreate, workforceAssignmentListQuery, workforceAssignmentResponse } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_assignment';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/assignments — list workforce assignments
  GET: async (call) => listOrExport(call, 'workforce_assignments', workforceAssignmentListQuery, listWorkforceAssignments, workforceAssignmentResponse),
  // POST /api/2023-01/workforce/assignments — create workforce assignments
  POST: async ({ db, ctx, req }) => json({ [KEY]: await createWorkforceAssignment(db, ctx, await parseBody(req, KEY, workforceAssignmentCreate)) }, 201),
});
