import { z } from 'zod';
import { name, paginationQuery, projectReference, queryId, recordResponse, relationId } from './common';

const fields = {
  name,
  project_id: relationId,
};

/** POST body under `task_list`: `name` and `project_id` are required. */
export const taskListCreate = z.object(fields).meta({ id: 'TaskListCreate' });
/** PATCH body under `task_list`: any subset. Moving a list to another project moves its tasks too. */
export const taskListUpdate = z.object(fields).partial().meta({ id: 'TaskListUpdate' });
export type TaskListCreate = z.output<typeof taskListCreate>;
export type TaskListUpdate = z.output<typeof taskListUpdate>;

export const taskListsListQuery = paginationQuery.extend({
  project_id: queryId.optional(),
});

export const taskListResponse = recordResponse('TaskList', {
  name: z.string(),
  project: projectReference,
});
export type TaskListResponse = z.output<typeof taskListResponse>;
