import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteTaskList, getTaskList, updateTaskList } from '@/lib/server/services/task-lists';
import { taskListUpdate } from '@/lib/shared/validation/task-lists';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/task_lists/{id} — get a task list
  GET: async ({ db, ctx, params }) => json({ task_list: await getTaskList(db, ctx, parseId(params.id, 'Task list')) }),
  // PATCH /api/2023-01/task_lists/{id} — update a task list
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Task list');
    return json({ task_list: await updateTaskList(db, ctx, id, await parseBody(req, 'task_list', taskListUpdate)) });
  },
  // DELETE /api/2023-01/task_lists/{id} — delete a task list (its tasks stay, out of any list)
  DELETE: async ({ db, ctx, params }) => {
    await deleteTaskList(db, ctx, parseId(params.id, 'Task list'));
    return noContent();
  },
});
