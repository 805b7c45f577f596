import type { QueryParams } from '@/lib/client/api-client';
import { localDayIso } from '@/lib/client/format';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The tasks page's URL and the list it shows for it: one function for the page's server prefetch
// and the list's query, so both ask for the same query key.

export const TASKS_URL_KEYS = ['view', 'status', 'due', 'project_id', 'page'] as const;
export type TasksUrlState = UrlState<(typeof TASKS_URL_KEYS)[number]>;
export const TASKS_PER_PAGE = 100;

/**
 * The API filters of a view of the page; deadlines compare with the browser's calendar day, so a
 * view with `due` depends on the browser's time zone (the server does not prefetch it).
 */
export function tasksListParams(state: TasksUrlState, me: string | undefined): QueryParams {
  const today = localDayIso();
  const due: QueryParams =
    state.due === 'overdue'
      ? { deadline_before: today, completed: 'false' }
      : state.due === 'today'
        ? { deadline_after: localDayIso(-1), deadline_before: localDayIso(1) }
        : state.due === 'week'
          ? { deadline_after: localDayIso(-1), deadline_before: localDayIso(7) }
          : {};
  return {
    assigned_to_id: state.view === 'all' ? undefined : me,
    completed: state.status === 'any' ? undefined : state.status === 'done' ? 'true' : 'false',
    project_id: state.project_id,
    sort: state.status === 'done' ? '-updated_at' : 'deadline',
    ...due,
    page: pageOf(state.page),
    per_page: TASKS_PER_PAGE,
  };
}
