import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createCompany, listCompanies } from '@/lib/server/services/companies';
import { companyCreate, companyListQuery } from '@/lib/shared/validation/companies';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/companies — list companies
  GET: async (a) => listResponse(a, 'companies', await listCompanies(a.db, a.ctx, parseQuery(a.url, companyListQuery))),
  // POST /api/2023-01/companies — create a company
  POST: async (a) => {
    const input = await parseBody(a.req, 'company', companyCreate);
    return json({ company: await createCompany(a.db, a.ctx, input) }, 201);
  },
});
