import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createTaskList, listTaskLists } from '@/lib/server/services/task-lists';
import { taskListCreate, taskListsListQuery } from '@/lib/shared/validation/task-lists';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/task_lists — list task lists (operation 9)
  GET: async (a) => listResponse(a, 'task_lists', await listTaskLists(a.db, a.ctx, parseQuery(a.url, taskListsListQuery))),
  // POST /api/2023-01/task_lists — create a task list
  POST: async (a) =>
    json({ task_list: await createTaskList(a.db, a.ctx, await parseBody(a.req, 'task_list', taskListCreate)) }, 201),
});
