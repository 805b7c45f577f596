import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { companyCreate, companyListQuery, companyResponse, companyUpdate } from '@/lib/shared/validation/companies';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const companiesPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'company',
  response: companyResponse,
  create: companyCreate,
  update: companyUpdate,
  listQuery: companyListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: {
    get: 'Get a company (operation 4)',
    delete: 'Delete a company; its leads, projects, contacts and calls remain, without a company',
  },
});
