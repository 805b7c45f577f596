import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createWorkforceCertification, listWorkforceCertifications } from '@/lib/server/services/workforce-planning';
import { workforceCertificationCreate, workforceCertificationListQuery, workforceCertificationResponse } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_certification';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/certifications — list certifications
  GET: async (a) => listOrExport(a, 'workforce_certifications', workforceCertificationListQuery, listWorkforceCertifications, workforceCertificationResponse),
  // POST /api/2023-01/workforce/certifications — create certifications
  POST: async (a) => json({ [KEY]: await createWorkforceCertification(a.db, a.ctx, await parseBody(a.req, KEY, workforceCertificationCreate)) }, 201),
});
