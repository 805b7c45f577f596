import type { Db } from '@/db';
import {
  deleteTaskRow,
  findTask,
  insertTask,
  listTasks as queryTasks,
  lockTask,
  taskListProjectId,
  updateTaskColumns,
  type TaskRecord,
} from '@/db/queries/tasks';
import { contacts, projects, taskLists, users } from '@/db/schema';
import { invalidField, notFound } from '@/lib/api/errors';
import { assertIfMatch } from '@/lib/api/preconditions';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { serializeTask } from '@/lib/serializers/tasks';
import type { TaskCreate, TaskResponse, TasksListQuery, TaskUpdate } from '@/lib/validation/tasks';
import { assertDeleteIfMatch, assertReferences, changedColumns, recordEvent, toColumns } from './common';

const references = {
  assigned_to_id: users,
  contact_id: contacts,
  project_id: projects,
  task_list_id: taskLists,
};

export async function listTasks(db: Db, ctx: ApiContext, query: TasksListQuery): Promise<Page<TaskResponse>> {
  const result = await queryTasks(
    db,
    ctx.accountId,
    {
      projectId: query.project_id,
      taskListId: query.task_list_id,
      assignedToId: query.assigned_to_id,
      completed: query.completed,
      deadlineBefore: query.deadline_before,
      deadlineAfter: query.deadline_after,
      updatedSince: query.updated_since,
      sort: query.sort,
    },
    pageWindow(query),
  );
  return toPage(query, result, serializeTask);
}

export async function getTask(db: Db, ctx: ApiContext, id: number): Promise<TaskResponse> {
  const row = await findTask(db, ctx.accountId, id);
  if (!row) throw notFound('Task');
  return serializeTask(row);
}

/**
 * A task in a list belongs to the list's project. A list given without `project_id` on a task
 * that has no project brings its project along; any other mismatch is refused, naming the field
 * the caller changed, rather than silently moving the task or dropping it from its list.
 */
async function projectColumn(
  db: Db,
  ctx: ApiContext,
  input: TaskUpdate,
  current: Pick<TaskRecord, 'projectId' | 'taskListId'> | null,
): Promise<{ projectId?: number | null }> {
  const listId = input.task_list_id !== undefined ? input.task_list_id : (current?.taskListId ?? null);
  const projectId = input.project_id !== undefined ? input.project_id : (current?.projectId ?? null);
  const touched = input.task_list_id !== undefined || input.project_id !== undefined;
  if (listId === null || !touched) return input.project_id !== undefined ? { projectId } : {};

  const listProjectId = await taskListProjectId(db, ctx.accountId, listId);
  if (input.project_id === undefined && projectId === null) return { projectId: listProjectId };
  if (projectId === listProjectId) return input.project_id !== undefined ? { projectId } : {};
  if (projectId === null) {
    throw invalidField('project_id', "can't be null while the task is in a task list; set task_list_id to null too");
  }
  if (input.task_list_id !== undefined) {
    throw invalidField('task_list_id', "belongs to another project than the task's project");
  }
  throw invalidField(
    'project_id',
    "is not the project of the task's task list; set task_list_id too (null takes the task out of its list)",
  );
}

async function columnsFrom(db: Db, ctx: ApiContext, input: TaskUpdate, current: TaskRecord | null) {
  return { ...toColumns(input, ['project_id']), ...(await projectColumn(db, ctx, input, current)) };
}

export async function createTask(db: Db, ctx: ApiContext, input: TaskCreate): Promise<TaskResponse> {
  return db.transaction(async (tx) => {
    await assertReferences(tx, ctx, input, references);
    const id = await insertTask(tx, {
      ...((await columnsFrom(tx, ctx, input, null)) as { title: string }),
      accountId: ctx.accountId,
      createdById: ctx.userId,
    });
    await recordEvent(tx, ctx, { resource: 'task', action: 'create', id, path: `tasks/${id}` });
    return getTask(tx, ctx, id);
  });
}

export async function updateTask(db: Db, ctx: ApiContext, id: number, input: TaskUpdate): Promise<TaskResponse> {
  return db.transaction(async (tx) => {
    const current = await lockTask(tx, ctx.accountId, id);
    if (!current) throw notFound('Task');
    await assertIfMatch(ctx.ifMatch, 'task', () => getTask(tx, ctx, id));
    await assertReferences(tx, ctx, input, references);
    const changes = changedColumns(current, await columnsFrom(tx, ctx, input, current));
    if (Object.keys(changes).length > 0) {
      await updateTaskColumns(tx, ctx.accountId, id, changes);
      await recordEvent(tx, ctx, { resource: 'task', action: 'update', id, path: `tasks/${id}`, changed: changes });
    }
    return getTask(tx, ctx, id);
  });
}

export async function deleteTask(db: Db, ctx: ApiContext, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await assertDeleteIfMatch(ctx, 'task', () => lockTask(tx, ctx.accountId, id), () => getTask(tx, ctx, id));
    if (!(await deleteTaskRow(tx, ctx.accountId, id))) throw notFound('Task');
    await recordEvent(tx, ctx, { resource: 'task', action: 'delete', id, path: `tasks/${id}` });
  });
}
