import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  workforceEmployeeCreate,
  workforceEmployeeListQuery,
  workforceEmployeeResponse,
  workforceEmployeeUpdate,
} from '@/lib/shared/validation/workforce-employees';
import { resourcePaths } from '@/lib/server/openapi/resource';

export const workforceEmployeesPaths: ZodOpenApiPathsObject = resourcePaths({
  path: 'workforce/employees',
  tag: 'Workforce',
  singular: 'workforce_employee',
  plural: 'workforce_employees',
  response: workforceEmployeeResponse,
  create: workforceEmployeeCreate,
  update: workforceEmployeeUpdate,
  listQuery: workforceEmployeeListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: {
    list: 'List workforce employees (operation 11)',
    create: 'Create a workforce employee (operation 12)',
    update: 'Update a workforce employee (operation 13)',
    delete: "Delete a workforce employee (their reports' manager becomes null)",
  },
});
