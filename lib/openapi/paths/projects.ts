import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { projectCreate, projectListQuery, projectResponse, projectUpdate } from '@/lib/validation/projects';
import { resourcePaths } from '../resource';

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
