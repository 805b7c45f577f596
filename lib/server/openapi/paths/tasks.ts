import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { taskCreate, taskResponse, tasksListQuery, taskUpdate } from '@/lib/shared/validation/tasks';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const tasksPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'task',
  response: taskResponse,
  create: taskCreate,
  update: taskUpdate,
  listQuery: tasksListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
});
