import type { ZodOpenApiPathsObject } from 'zod-openapi';
import {
  workforceEmployeeCreate,
  workforceEmployeeListQuery,
  workforceEmployeeResponse,
  workforceEmployeeUpdate,
} from '@/lib/shared/validation/workforce-employees';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

const EMAIL_TAKEN = '`email` is already the email of another employee of the account (case-insensitive)';

export const workforceEmployeesPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'workforce_employee',
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
  conflicts: { create: EMAIL_TAKEN, update: EMAIL_TAKEN },
});
