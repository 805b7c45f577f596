import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { orMerged } from '@/lib/server/services/merges';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteCompany, getCompany, updateCompany } from '@/lib/server/services/companies';
import { companyUpdate } from '@/lib/shared/validation/companies';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/companies/{id} — get a company (operation 4)
  GET: async ({ db, ctx, params }) => {
    const id = parseId(params.id, 'Company');
    return json({ company: await orMerged(db, ctx, 'companies', id, () => getCompany(db, ctx, id)) });
  },
  // PATCH /api/2023-01/companies/{id} — update a company
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Company');
    const input = await parseBody(req, 'company', companyUpdate);
    return json({ company: await orMerged(db, ctx, 'companies', id, () => updateCompany(db, ctx, id, input)) });
  },
  // DELETE /api/2023-01/companies/{id} — delete a company
  DELETE: async ({ db, ctx, params }) => {
    const id = parseId(params.id, 'Company');
    await orMerged(db, ctx, 'companies', id, () => deleteCompany(db, ctx, id));
    return noContent();
  },
});
