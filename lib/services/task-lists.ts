import type { Db } from '@/db';
import {
  deleteTaskListRow,
  findTaskList,
  insertTaskList,
  listTaskLists as queryTaskLists,
  lockTaskList,
  updateTaskListColumns,
} from '@/db/queries/task-lists';
import { updateTasksOfList } from '@/db/queries/tasks';
import { projects, tasks } from '@/db/schema';
import { notFound } from '@/lib/api/errors';
import { assertIfMatch } from '@/lib/api/preconditions';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { serializeTaskList } from '@/lib/serializers/task-lists';
import type {
  TaskListCreate,
  TaskListResponse,
  TaskListsListQuery,
  TaskListUpdate,
} from '@/lib/validation/task-lists';
import { assertReferences, changedColumns, deleteRecord, recordEvent, recordEvents, resourcePath, toColumns } from './common';

const references = { project_id: projects };

export async function listTaskLists(db: Db, ctx: ApiContext, query: TaskListsListQuery): Promise<Page<TaskListResponse>> {
  const result = await queryTaskLists(
    db,
    ctx.accountId,
    { projectId: query.project_id, updatedSince: query.updated_since },
    pageWindow(query),
  );
  return toPage(query, result, serializeTaskList);
}

export async function getTaskList(db: Db, ctx: ApiContext, id: number): Promise<TaskListResponse> {
  const row = await findTaskList(db, ctx.accountId, id);
  if (!row) throw notFound('Task list');
  return serializeTaskList(row);
}

export async function createTaskList(db: Db, ctx: ApiContext, input: TaskListCreate): Promise<TaskListResponse> {
  return db.transaction(async (tx) => {
    await assertReferences(tx, ctx, input, references);
    const id = await insertTaskList(tx, { name: input.name, projectId: input.project_id, accountId: ctx.accountId });
    await recordEvent(tx, ctx, { resource: 'task_list', action: 'create', id, path: `task_lists/${id}` });
    return getTaskList(tx, ctx, id);
  });
}

/**
 * A task's project is always its list's project, so moving a list to another project moves its
 * tasks along (each records a `task.update`).
 */
export async function updateTaskList(db: Db, ctx: ApiContext, id: number, input: TaskListUpdate): Promise<TaskListResponse> {
  return db.transaction(async (tx) => {
    const current = await lockTaskList(tx, ctx.accountId, id);
    if (!current) throw notFound('Task list');
    await assertIfMatch(ctx.ifMatch, 'task_list', () => getTaskList(tx, ctx, id));
    await assertReferences(tx, ctx, input, references);
    const changes = changedColumns(current, toColumns(input));
    if (Object.keys(changes).length > 0) {
      await updateTaskListColumns(tx, ctx.accountId, id, changes);
      await recordEvent(tx, ctx, { resource: 'task_list', action: 'update', id, path: `task_lists/${id}`, changed: changes });
      if (changes.projectId !== undefined) {
        const moved = await updateTasksOfList(tx, ctx.accountId, id, { projectId: changes.projectId });
        await recordEvents(tx, ctx, moved.map((taskId) => ({ resource: 'task', action: 'update', id: taskId, path: resourcePath('task', taskId), changed: { projectId: changes.projectId } })));
      }
    }
    return getTaskList(tx, ctx, id);
  });
}

/**
 * Deletes the list only: its tasks stay, out of any list. They are taken out explicitly (rather
 * than left to the foreign key) so their updated_at and a `task.update` tell sync clients.
 */
export async function deleteTaskList(db: Db, ctx: ApiContext, id: number): Promise<void> {
  await deleteRecord(db, ctx, {
    resource: 'task_list',
    label: 'Task list',
    id,
    lock: (tx) => lockTaskList(tx, ctx.accountId, id),
    load: (tx) => getTaskList(tx, ctx, id),
    references: [{ resource: 'task', table: tasks, column: tasks.taskListId }],
    remove: (tx) => deleteTaskListRow(tx, ctx.accountId, id),
  });
}
