import { z } from 'zod';
import {
  bothWays,
  date,
  idFilters,
  longText,
  name,
  nullableIds,
  paginationQuery,
  projectReference,
  queryBoolean,
  recordResponse,
  relationId,
  responseDate,
  responseTimestamp,
  sortQuery,
  taskListReference,
  timestamp,
  userReference,
  writeBodies,
} from './common';

export const TASK_SORTS = ['-created_at', 'created_at', ...bothWays('deadline', 'title'), '-updated_at', 'updated_at'] as const;

const fields = {
  title: name,
  notes: longText.nullable(),
  deadline: date.nullable(),
  completed_at: timestamp.nullable().meta({ description: 'Set when the task is done; null reopens it.' }),
  ...nullableIds('assigned_to', 'contact', 'project'),
  task_list_id: relationId.nullable().meta({
    description: "A task list of the task's project. Given without project_id on a task that has no project, " + "the task takes the list's project.",
  }),
};

/** The POST body under `task` (`title` is required) and the PATCH body (any subset; null clears a nullable field). */
export const { create: taskCreate, update: taskUpdate } = writeBodies('Task', fields, { title: true });
export type TaskCreate = z.output<typeof taskCreate>;
export type TaskUpdate = z.output<typeof taskUpdate>;

export const tasksListQuery = paginationQuery.extend({
  ...idFilters('project', 'task_list', 'assigned_to'),
  completed: queryBoolean.optional().meta({ description: 'true: completed_at is set; false: it is not.' }),
  deadline_before: date.optional().meta({
    description:
      'Tasks due before this day (deadline < the date; tasks without a deadline are left out). ' + 'Overdue tasks: deadline_before=<today>&completed=false.',
  }),
  deadline_after: date.optional().meta({
    description: 'Tasks due after this day (deadline > the date; tasks without a deadline are left out).',
  }),
  sort: sortQuery(
    TASK_SORTS,
    'Order: a field, descending with a leading "-"; ties by id; tasks without a deadline come last either way. ' + 'Default -created_at (newest first).',
  ),
});

export const taskResponse = recordResponse('Task', {
  title: z.string(),
  notes: z.string().nullable(),
  completed_at: responseTimestamp.nullable(),
  deadline: responseDate.nullable(),
  assigned_to: userReference.nullable(),
  created_by: userReference.nullable(),
  contact: userReference.nullable(),
  project: projectReference.nullable(),
  task_list: taskListReference.nullable(),
});
export type TaskResponse = z.output<typeof taskResponse>;
