import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/client/api-client';
import type { ProjectResponse } from '@/lib/shared/validation/projects';
import type { TaskResponse } from '@/lib/shared/validation/tasks';
import { leadsQuery } from './use-leads';

// What the home page reads beyond the reports and the resources' own query modules.

/** The window of the pipeline report's won and lost. */
export const HOME_REPORT_DAYS = 90;

/** The five newest leads assigned to a user. */
export const myLeadsQuery = (userId: string) => leadsQuery({ assigned_to_id: userId, per_page: 5 });

/**
 * A user's open tasks due before today: `deadline_before` with `completed=false`. The key sits under
 * ['tasks', 'list'], so anything that invalidates task lists refreshes it.
 */
export const overdueTasksQuery = (userId: string, today: string) =>
  queryOptions({
    queryKey: ['tasks', 'list', { assigned_to_id: userId, completed: 'false', deadline_before: today, per_page: 5 }] as const,
    queryFn: () => api.list<TaskResponse>('/tasks', 'tasks', { assigned_to_id: userId, completed: 'false', deadline_before: today, per_page: 5 }),
  });

/**
 * The three open pursuits whose learned and entered odds disagree on the most money. Under
 * ['projects', 'list'], so a change to any project refreshes it.
 */
export const oddsToCheckQuery = () =>
  queryOptions({
    queryKey: ['projects', 'list', 'probability_gaps', { limit: 3 }] as const,
    queryFn: () => api.get<ProjectResponse[]>('/insights/probability_gaps', 'projects', { limit: 3 }),
  });
