import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createWorkforceCertification, listWorkforceCertifications } from '@/lib/server/services/workforce-planning';
import { workforceCertificationCreate, workforceCertificationListQuery } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_certification';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/workforce/certifications — list certifications
  GET: async (a) => listResponse(a, 'workforce_certifications', await listWorkforceCertifications(a.db, a.ctx, parseQuery(a.url, workforceCertificationListQuery))),
  // POST /api/2023-01/workforce/certifications — create certifications
  POST: async (a) => json({ [KEY]: await createWorkforceCertification(a.db, a.ctx, await parseBody(a.req, KEY, workforceCertificationCreate)) }, 201),
});
