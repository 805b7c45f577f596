import { defineRoute, json } from '@/lib/server/http/route';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { createTask, listTasks } from '@/lib/server/services/tasks';
import { taskCreate, taskResponse, tasksListQuery } from '@/lib/shared/validation/tasks';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/tasks — list tasks (operation 7)
  GET: async (call) => listOrExport(call, 'tasks', tasksListQuery, listTasks, taskResponse),
  // POST /api/2023-01/tasks — create a task
  POST: async ({ db, ctx, req }) => json({ task: await createTask(db, ctx, await parseBody(req, 'task', taskCreate)) }, 201),
});
