import type { Db } from '@/db';
import { findTask, listTasks as queryTasks, taskListProjectId, type TaskRecord, type TaskRow } from '@/db/queries/tasks';
import { contacts, projects, taskLists, tasks, users } from '@/db/schema';
import { serializeTask } from '@/lib/server/serializers/tasks';
import type { TaskCreate, TaskResponse, TaskUpdate } from '@/lib/shared/validation/tasks';
import { toColumns } from './common';
import { createRecord, deleteRecord, recordReads, updateRecord, type RecordKind } from './records';
import { invalidField } from '@/lib/server/services/errors';
import { type CallerContext } from '@/lib/server/services/context';

export const taskKind: RecordKind<TaskRow, TaskResponse> = {
  resource: 'task',
  table: tasks,
  references: { assigned_to_id: users, contact_id: contacts, project_id: projects, task_list_id: taskLists },
  read: findTask,
  columns: (row) => row.task,
  serialize: serializeTask,
};

export const { list: listTasks, get: getTask } = recordReads(taskKind, queryTasks, { team: true });

/**
 * A task in a list belongs to the list's project. A list given without `project_id` on a task
 * that has no project brings its project along; any other mismatch is refused, naming the field
 * the caller changed, rather than silently moving the task or dropping it from its list.
 */
async function projectColumn(
  db: Db,
  ctx: CallerContext,
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
  throw invalidField('project_id', "is not the project of the task's task list; set task_list_id too (null takes the task out of its list)");
}

async function columnsFrom(db: Db, ctx: CallerContext, input: TaskUpdate, current: TaskRecord | null) {
  return { ...toColumns(input, ['project_id']), ...(await projectColumn(db, ctx, input, current)) };
}

export function createTask(db: Db, ctx: CallerContext, input: TaskCreate): Promise<TaskResponse> {
  return createRecord(db, ctx, taskKind, input, async (tx) => ({ ...(await columnsFrom(tx, ctx, input, null)), createdById: ctx.userId }));
}

export function updateTask(db: Db, ctx: CallerContext, id: number, input: TaskUpdate): Promise<TaskResponse> {
  return updateRecord(db, ctx, taskKind, id, input, { columns: ({ task }, tx) => columnsFrom(tx, ctx, input, task) });
}

export function deleteTask(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, taskKind, id);
}
