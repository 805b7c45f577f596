import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { projectCreate, projectListQuery, projectResponse, projectUpdate } from '@/lib/shared/validation/projects';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

const EXTERNAL_ID_TAKEN = '`external_id` is already the external_id of another project of the account (case-insensitive)';

export const projectsPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'project',
  response: projectResponse,
  create: projectCreate,
  update: projectUpdate,
  listQuery: projectListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  conflicts: { create: EXTERNAL_ID_TAKEN, update: EXTERNAL_ID_TAKEN },
});
