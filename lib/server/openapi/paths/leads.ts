import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { leadCreate, leadListQuery, leadResponse, leadUpdate } from '@/lib/shared/validation/leads';
import { projectResponse } from '@/lib/shared/validation/projects';
import { errorResponse, idPath, notFoundResponses, ok, resourcePaths, standardErrors } from '@/lib/server/openapi/resource';

export const leadPaths: ZodOpenApiPathsObject = {
  ...resourcePaths({
    path: 'leads',
    tag: 'Leads',
    singular: 'lead',
    plural: 'leads',
    response: leadResponse,
    create: leadCreate,
    update: leadUpdate,
    listQuery: leadListQuery,
    ops: ['list', 'create', 'get', 'update', 'delete'],
  }),
  '/api/2023-01/leads/{id}/convert': {
    post: {
      tags: ['Leads'],
      summary: 'Convert a lead into a project',
      description:
        "Creates a project in the account's first open stage carrying the lead's name, description, value (as amount), size, address, work scope, company, contact, assignee, contract type, delivery method, division, source, sector and tender type (estimated_start_date becomes start_date), and archives the lead. A lead converts once (409 after that).",
      requestParams: { path: idPath },
      responses: {
        ...ok('The new project.', 'project', projectResponse, '201'),
        ...standardErrors,
        ...notFoundResponses,
        '409': { description: 'Already converted (`conflict`).', content: { 'application/json': { schema: errorResponse } } },
      },
    },
  },
};
