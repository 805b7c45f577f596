import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteTask, getTask, updateTask } from '@/lib/server/services/tasks';
import { taskUpdate } from '@/lib/shared/validation/tasks';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/tasks/{id} — get a task
  GET: async (a) => json({ task: await getTask(a.db, a.ctx, parseId(a.params.id, 'Task')) }),
  // PATCH /api/2023-01/tasks/{id} — update a task (operation 8)
  PATCH: async (a) => {
    const id = parseId(a.params.id, 'Task');
    return json({ task: await updateTask(a.db, a.ctx, id, await parseBody(a.req, 'task', taskUpdate)) });
  },
  // DELETE /api/2023-01/tasks/{id} — delete a task
  DELETE: async (a) => {
    await deleteTask(a.db, a.ctx, parseId(a.params.id, 'Task'));
    return noContent();
  },
});
