import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteTask, getTask, updateTask } from '@/lib/server/services/tasks';
import { taskUpdate } from '@/lib/shared/validation/tasks';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/tasks/{id} — get a task
  GET: async ({ db, ctx, params }) => json({ task: await getTask(db, ctx, parseId(params.id, 'Task')) }),
  // PATCH /api/2023-01/tasks/{id} — update a task (operation 8)
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Task');
    return json({ task: await updateTask(db, ctx, id, await parseBody(req, 'task', taskUpdate)) });
  },
  // DELETE /api/2023-01/tasks/{id} — delete a task
  DELETE: async ({ db, ctx, params }) => {
    await deleteTask(db, ctx, parseId(params.id, 'Task'));
    return noContent();
  },
});
