import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createTaskList, listTaskLists } from '@/lib/server/services/task-lists';
import { taskListCreate, taskListResponse, taskListsListQuery } from '@/lib/shared/validation/task-lists';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/task_lists — list task lists (operation 9)
  GET: async (call) => listOrExport(call, 'task_lists', taskListsListQuery, listTaskLists, taskListResponse),
  // POST /api/2023-01/task_lists — create a task list
  POST: async ({ db, ctx, req }) => json({ task_list: await createTaskList(db, ctx, await parseBody(req, 'task_list', taskListCreate)) }, 201),
});
