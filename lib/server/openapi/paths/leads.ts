import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { leadCreate, leadListQuery, leadResponse, leadUpdate } from '@/lib/shared/validation/leads';
import { projectResponse } from '@/lib/shared/validation/projects';
import { conflictResponse, idPath, notFoundResponses, ok, resourcePaths, standardErrors } from '@/lib/server/openapi/paths/resource';

const EXTERNAL_ID_TAKEN = {
  create: '`external_id` is already the external_id of another lead of the account (case-insensitive)',
  update: '`external_id` is already the external_id of another lead of the account (case-insensitive)',
};

export const leadPaths: ZodOpenApiPathsObject = {
  ...resourcePaths({
    resource: 'lead',
    response: leadResponse,
    create: leadCreate,
    update: leadUpdate,
    listQuery: leadListQuery,
    ops: ['list', 'create', 'get', 'update', 'delete'],
    conflicts: EXTERNAL_ID_TAKEN,
  }),
  '/api/2023-01/leads/{id}/convert': {
    post: {
      operationId: 'convert_lead',
      tags: ['Leads'],
      summary: 'Convert a lead into a project',
      description:
        "Creates a project in the account's first open stage carrying the lead's name, description, value (as amount), size, address, work scope, company, contact, assignee, contract type, delivery method, division, source, sector and tender type (estimated_start_date becomes start_date), and archives the lead. A lead converts once (409 after that).",
      requestParams: { path: idPath },
      responses: {
        ...ok('The new project.', 'project', projectResponse, '201'),
        ...standardErrors,
        ...notFoundResponses,
        ...conflictResponse('Already converted; `details.project_id` names the project to a caller who sees every project'),
      },
    },
  },
};
