import { customFieldFilters } from '@/lib/shared/validation/custom-fields';
import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createCompany, listCompanies } from '@/lib/server/services/companies';
import { companyCreate, companyListQuery, companyResponse } from '@/lib/shared/validation/companies';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/companies — list companies
  GET: async (a) => listOrExport(a, 'companies', companyListQuery, (db, ctx, query) => listCompanies(db, ctx, query, customFieldFilters(a.url.searchParams)), companyResponse),
  // POST /api/2023-01/companies — create a company
  POST: async (a) => {
    const input = await parseBody(a.req, 'company', companyCreate);
    return json({ company: await createCompany(a.db, a.ctx, input) }, 201);
  },
});
