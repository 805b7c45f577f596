import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { projectCreate, projectListQuery, projectResponse, projectUpdate } from '@/lib/shared/validation/projects';
import { resourcePaths } from '@/lib/server/openapi/resource';

export const projectsPaths: ZodOpenApiPathsObject = resourcePaths({
  path: 'projects',
  tag: 'Projects',
  singular: 'project',
  plural: 'projects',
  response: projectResponse,
  create: projectCreate,
  update: projectUpdate,
  listQuery: projectListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
});
