import type { TaskRow } from '@/db/queries/tasks';
import type { TaskResponse } from '@/lib/shared/validation/tasks';
import { base, isoOrNull, namedRef, personRef } from './common';

/** The Task list reference: a named reference plus the list's own project. */
function taskListRef(row: TaskRow): TaskResponse['task_list'] {
  const { taskList, taskListProject } = row;
  if (!taskList || !taskListProject) return null;
  return { ...namedRef(taskList)!, project: namedRef(taskListProject)! };
}

/** The one Task shape (`Task` in the OpenAPI document), for every endpoint that returns tasks. */
export function serializeTask(row: TaskRow): TaskResponse {
  const { task } = row;
  return {
    ...base(task),
    title: task.title,
    notes: task.notes,
    completed_at: isoOrNull(task.completedAt),
    deadline: task.deadline,
    assigned_to: personRef(row.assignedTo),
    created_by: personRef(row.createdBy),
    contact: personRef(row.contact),
    project: namedRef(row.project),
    task_list: taskListRef(row),
  };
}
