import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { taskListCreate, taskListResponse, taskListsListQuery, taskListUpdate } from '@/lib/shared/validation/task-lists';
import { resourcePaths } from '@/lib/server/openapi/paths/resource';

export const taskListsPaths: ZodOpenApiPathsObject = resourcePaths({
  path: 'task_lists',
  tag: 'Task lists',
  singular: 'task_list',
  plural: 'task_lists',
  response: taskListResponse,
  create: taskListCreate,
  update: taskListUpdate,
  listQuery: taskListsListQuery,
  ops: ['list', 'create', 'get', 'update', 'delete'],
  summaries: { delete: 'Delete a task list (its tasks stay, out of any list)' },
});
