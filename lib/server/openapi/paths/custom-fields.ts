import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { customFieldCreate, customFieldListQuery, customFieldResponse, customFieldUpdate } from '@/lib/shared/validation/custom-fields';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const customFieldsPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'custom_field',
  response: customFieldResponse,
  create: customFieldCreate,
  update: customFieldUpdate,
  listQuery: customFieldListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  conflicts: { create: 'The resource already has a field with this `key`' },
  summaries: {
    list: 'List the custom fields of the account (by resource, then position)',
    create: 'Define a custom field on projects, leads, companies or contacts (admins; 409 when the key exists for the resource)',
    update: 'Change a custom field: label, options, required, position, archived (admins; resource, key and type never change)',
    delete: 'Delete a custom field and every value of it (admins; archive it to keep the values)',
  },
});
