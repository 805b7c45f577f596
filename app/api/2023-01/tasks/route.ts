import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createTask, listTasks } from '@/lib/server/services/tasks';
import { taskCreate, taskResponse, tasksListQuery } from '@/lib/shared/validation/tasks';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/tasks — list tasks (operation 7)
  GET: async (a) => listOrExport(a, 'tasks', tasksListQuery, listTasks, taskResponse),
  // POST /api/2023-01/tasks — create a task
  POST: async (a) => json({ task: await createTask(a.db, a.ctx, await parseBody(a.req, 'task', taskCreate)) }, 201),
});
