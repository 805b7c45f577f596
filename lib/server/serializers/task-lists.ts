import type { TaskListRow } from '@/db/queries/task-lists';
import type { TaskListResponse } from '@/lib/shared/validation/task-lists';
import { base, namedRef } from './common';

/** The one Task list shape (`TaskList` in the OpenAPI document), for every endpoint that returns task lists. */
export function serializeTaskList(row: TaskListRow): TaskListResponse {
  return {
    ...base(row.taskList),
    name: row.taskList.name,
    // Inner join: a list always has its project.
    project: namedRef(row.project)!,
  };
}
