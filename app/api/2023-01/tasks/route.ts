import { defineRoute, json, listResponse } from '@/lib/server/http/route';
import { parseBody, parseQuery } from '@/lib/server/http/request';
import { createTask, listTasks } from '@/lib/server/services/tasks';
import { taskCreate, tasksListQuery } from '@/lib/shared/validation/tasks';

export const { GET, POST, PUT, PATCH, DELETE } = defineRoute({
  // GET /api/2023-01/tasks — list tasks (operation 7)
  GET: async (a) => listResponse(a, 'tasks', await listTasks(a.db, a.ctx, parseQuery(a.url, tasksListQuery))),
  // POST /api/2023-01/tasks — create a task
  POST: async (a) => json({ task: await createTask(a.db, a.ctx, await parseBody(a.req, 'task', taskCreate)) }, 201),
});
