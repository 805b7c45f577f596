import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteCompany, getCompany, updateCompany } from '@/lib/server/services/companies';
import { companyUpdate } from '@/lib/shared/validation/companies';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/companies/{id} — get a company (operation 4)
  GET: async ({ db, ctx, params }) => json({ company: await getCompany(db, ctx, parseId(params.id, 'Company')) }),
  // PATCH /api/2023-01/companies/{id} — update a company
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Company');
    return json({ company: await updateCompany(db, ctx, id, await parseBody(req, 'company', companyUpdate)) });
  },
  // DELETE /api/2023-01/companies/{id} — delete a company
  DELETE: async ({ db, ctx, params }) => {
    await deleteCompany(db, ctx, parseId(params.id, 'Company'));
    return noContent();
  },
});
