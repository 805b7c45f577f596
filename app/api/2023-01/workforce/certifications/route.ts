import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createWorkforceCertification, listWorkforceCertifications } from '@/lib/server/services/workforce-planning';
import { workforceCertificationCreate, workforceCertificationListQuery, workforceCertificationResponse } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_certification';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/certifications — list certifications
  GET: async (call) =>
    listOrExport(call, 'workforce_certifications', workforceCertificationListQuery, listWorkforceCertifications, workforceCertificationResponse),
  // POST /api/2023-01/workforce/certifications — create certifications
  POST: async ({ db, ctx, req }) => json({ [KEY]: await createWorkforceCertification(db, ctx, await parseBody(req, KEY, workforceCertificationCreate)) }, 201),
});
