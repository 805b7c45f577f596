import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createCompany, listCompanies } from '@/lib/server/services/companies';
import { companyCreate, companyListQuery, companyResponse } from '@/lib/shared/validation/companies';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/companies — list companies
  GET: async (call) => listOrExport(call, 'companies', companyListQuery, listCompanies, companyResponse),
  // POST /api/2023-01/companies — create a company
  POST: async ({ req, db, ctx }) => {
    const input = await parseBody(req, 'company', companyCreate);
    return json({ company: await createCompany(db, ctx, input) }, 201);
  },
});
