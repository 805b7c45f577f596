import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteCompany, getCompany, updateCompany } from '@/lib/server/services/companies';
import { companyUpdate } from '@/lib/shared/validation/companies';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/companies/{id} — get a company (operation 4)
  GET: async (a) => json({ company: await getCompany(a.db, a.ctx, parseId(a.params.id, 'Company')) }),
  // PATCH /api/2023-01/companies/{id} — update a company
  PATCH: async (a) => {
    const id = parseId(a.params.id, 'Company');
    return json({ company: await updateCompany(a.db, a.ctx, id, await parseBody(a.req, 'company', companyUpdate)) });
  },
  // DELETE /api/2023-01/companies/{id} — delete a company
  DELETE: async (a) => {
    await deleteCompany(a.db, a.ctx, parseId(a.params.id, 'Company'));
    return noContent();
  },
});
