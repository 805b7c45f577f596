import type { Db } from '@/db';
import { findTaskList, listTaskLists as queryTaskLists, type TaskListRow } from '@/db/queries/task-lists';
import { updateTasksOfList } from '@/db/queries/tasks';
import { projects, taskLists, tasks } from '@/db/schema';
import { serializeTaskList } from '@/lib/server/serializers/task-lists';
import type { TaskListCreate, TaskListResponse, TaskListUpdate } from '@/lib/shared/validation/task-lists';
import { resourcePath, toColumns } from './common';
import { createRecord, deleteRecord, recordReads, updateRecord, type RecordKind } from './records';
import { type CallerContext } from '@/lib/server/services/context';

export const taskListKind: RecordKind<TaskListRow, TaskListResponse> = {
  resource: 'task_list',
  table: taskLists,
  references: { project_id: projects },
  read: findTaskList,
  columns: (row) => row.taskList,
  serialize: serializeTaskList,
};

export const { list: listTaskLists, get: getTaskList } = recordReads(taskListKind, queryTaskLists, { team: true });

export function createTaskList(db: Db, ctx: CallerContext, input: TaskListCreate): Promise<TaskListResponse> {
  return createRecord(db, ctx, taskListKind, input, () => ({ name: input.name, projectId: input.project_id }));
}

/**
 * A task's project is always its list's project, so moving a list to another project moves its
 * tasks along (each records a `task.update`).
 */
export function updateTaskList(db: Db, ctx: CallerContext, id: number, input: TaskListUpdate): Promise<TaskListResponse> {
  return updateRecord(db, ctx, taskListKind, id, input, {
    columns: () => toColumns(input),
    after: async (changes, tx) => {
      if (changes.projectId === undefined) return [];
      const moved = await updateTasksOfList(tx, ctx.accountId, id, { projectId: changes.projectId as number });
      return moved.map((taskId) => ({
        resource: 'task',
        action: 'update',
        id: taskId,
        path: resourcePath('task', taskId),
        changed: { projectId: changes.projectId },
      }));
    },
  });
}

/**
 * Deletes the list only: its tasks stay, out of any list. They are taken out explicitly (rather
 * than left to the foreign key) so their updated_at and a `task.update` tell sync clients.
 */
export function deleteTaskList(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(db, ctx, taskListKind, id, { references: [{ resource: 'task', table: tasks, column: tasks.taskListId }] });
}
