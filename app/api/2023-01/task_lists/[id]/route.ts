import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { parseBody, parseId } from '@/lib/server/http/request';
import { deleteTaskList, getTaskList, updateTaskList } from '@/lib/server/services/task-lists';
import { taskListUpdate } from '@/lib/shared/validation/task-lists';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/task_lists/{id} — get a task list
  GET: async (a) => json({ task_list: await getTaskList(a.db, a.ctx, parseId(a.params.id, 'Task list')) }),
  // PATCH /api/2023-01/task_lists/{id} — update a task list
  PATCH: async (a) => {
    const id = parseId(a.params.id, 'Task list');
    return json({ task_list: await updateTaskList(a.db, a.ctx, id, await parseBody(a.req, 'task_list', taskListUpdate)) });
  },
  // DELETE /api/2023-01/task_lists/{id} — delete a task list (its tasks stay, out of any list)
  DELETE: async (a) => {
    await deleteTaskList(a.db, a.ctx, parseId(a.params.id, 'Task list'));
    return noContent();
  },
});
