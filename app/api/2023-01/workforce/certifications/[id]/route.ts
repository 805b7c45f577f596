import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteWorkforceCertification, getWorkforceCertification, updateWorkforceCertification } from '@/lib/server/services/workforce-planning';
import { workforceCertificationUpdate } from '@/lib/shared/validation/workforce-planning';

const KEY = 'workforce_certification';
const idOf = (raw: string | undefined) => parseId(raw, 'Certification');

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/workforce/certifications/{id}
  GET: async ({ db, ctx, params }) => json({ [KEY]: await getWorkforceCertification(db, ctx, idOf(params.id)) }),
  // PATCH /api/2023-01/workforce/certifications/{id}
  PATCH: async ({ params, db, ctx, req }) => {
    const id = idOf(params.id);
    return json({ [KEY]: await updateWorkforceCertification(db, ctx, id, await parseBody(req, KEY, workforceCertificationUpdate)) });
  },
  // DELETE /api/2023-01/workforce/certifications/{id}
  DELETE: async ({ db, ctx, params }) => {
    await deleteWorkforceCertification(db, ctx, idOf(params.id));
    return noContent();
  },
});
