import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { taskListCreate, taskListResponse, taskListsListQuery, taskListUpdate } from '@/lib/shared/validation/task-lists';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const taskListsPaths: ZodOpenApiPathsObject = resourcePaths({
  resource: 'task_list',
  response: taskListResponse,
  create: taskListCreate,
  update: taskListUpdate,
  listQuery: taskListsListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: { delete: 'Delete a task list (its tasks stay, out of any list)' },
});
