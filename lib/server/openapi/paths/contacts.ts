import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { contactCreate, contactListQuery, contactResponse, contactUpdate } from '@/lib/shared/validation/contacts';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

const EMAIL_TAKEN = '`email` is already the email of another contact of the account (case-insensitive)';

export const contactsPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'contact',
  response: contactResponse,
  create: contactCreate,
  update: contactUpdate,
  listQuery: contactListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: { create: 'Create a contact (operation 5)', update: 'Update a contact (operation 6)' },
  conflicts: { create: EMAIL_TAKEN, update: EMAIL_TAKEN },
});
