import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { callCreate, callListQuery, callResponse, callUpdate } from '@/lib/shared/validation/calls';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const callsPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'call',
  response: callResponse,
  create: callCreate,
  update: callUpdate,
  listQuery: callListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: { update: 'Update a call (operation 10)' },
});
