import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteWorkforceCertification, getWorkforceCertification, updateWorkforceCertification } from '@/lib/server/services/workforce-planning';
import { workforceCertificationUpdate } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_certification';
const idOf = (raw: string | undefined) => parseId(raw, 'Certification');

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/certifications/{id}
  GET: async (a) => json({ [KEY]: await getWorkforceCertification(a.db, a.ctx, idOf(a.params.id)) }),
  // PATCH /api/2023-01/workforce/certifications/{id}
  PATCH: async (a) => {
    const id = idOf(a.params.id);
    return json({ [KEY]: await updateWorkforceCertification(a.db, a.ctx, id, await parseBody(a.req, KEY, workforceCertificationUpdate)) });
  },
  // DELETE /api/2023-01/workforce/certifications/{id}
  DELETE: async (a) => {
    await deleteWorkforceCertification(a.db, a.ctx, idOf(a.params.id));
    return noContent();
  },
});
