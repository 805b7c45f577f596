import type { BuiltInView, Filters, ViewTranslation } from '@/components/saved-views/view-picker';
import type { QueryParams } from '@/lib/client/api-client';
import { localDayIso } from '@/lib/client/format';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The tasks page's URL and the list it shows for it: one function for the page's server prefetch
// and the list's query, so both ask for the same query key.

/**
 * `view`: mine (absent) or everyone's (`all`), then `assigned_to_id` picks one person; `status`: open
 * (absent), `done` or `any`; `due`: a deadline window counted from the browser's day. The view
 * picker names its view with `saved_view`, since `view` is taken.
 */
export const TASKS_URL_KEYS = ['view', 'assigned_to_id', 'status', 'due', 'project_id', 'page', 'saved_view'] as const;
export type TasksUrlState = UrlState<(typeof TASKS_URL_KEYS)[number]>;
export const TASKS_PER_PAGE = 100;

export const DUE_WINDOWS = [
  ['overdue', 'Overdue'],
  ['today', 'Due today'],
  ['week', 'Due in the next 7 days'],
] as const;

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
    assigned_to_id: state.view === 'all' ? state.assigned_to_id || undefined : me,
    completed: state.status === 'any' ? undefined : state.status === 'done' ? 'true' : 'false',
    project_id: state.project_id,
    sort: state.status === 'done' ? '-updated_at' : 'deadline',
    ...due,
    page: pageOf(state.page),
    per_page: TASKS_PER_PAGE,
  };
}

/**
 * The tasks page's built-in views, in the page's own words: the deadline windows count from today,
 * which the API's absolute `deadline_before`/`deadline_after` (and so a saved view) cannot say.
 */
export const TASK_VIEWS: BuiltInView[] = [
  { key: 'mine', name: 'My open tasks', filters: {} },
  { key: 'overdue', name: 'My overdue tasks', filters: { due: 'overdue' } },
  { key: 'week', name: 'My tasks due in 7 days', filters: { due: 'week' } },
  { key: 'completed', name: 'My completed tasks', filters: { status: 'done' } },
  { key: 'everyone', name: 'Everyone’s open tasks', filters: { view: 'all' } },
  { key: 'everyone-overdue', name: 'Everyone’s overdue tasks', filters: { view: 'all', due: 'overdue' } },
  { key: 'all', name: 'All tasks', filters: { view: 'all', status: 'any' } },
];

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? '';

/**
 * A saved view of tasks keeps the list's own parameters (docs/saved-views.md): whose tasks as
 * `assigned_to_id` (mine: the saver's id, so a shared "mine" shows the saver's tasks), the status as
 * `completed`, and `project_id`. A deadline window is left out: it counts from the day one looks,
 * and the list's deadline parameters are dates. Parameters the page has no control for (a view
 * saved through the API with `task_list_id` or a deadline date) are not applied.
 */
export function taskViewTranslation(me: string | undefined): ViewTranslation {
  return {
    toSaved(page: Filters) {
      const everyone = one(page.view) === 'all';
      const assignee = everyone ? one(page.assigned_to_id) : (me ?? '');
      const status = one(page.status);
      const filters: Filters = {
        ...(assignee && { assigned_to_id: assignee }),
        ...(status !== 'any' && { completed: status === 'done' ? 'true' : 'false' }),
        ...(one(page.project_id) && { project_id: one(page.project_id) }),
      };
      const window = DUE_WINDOWS.find(([key]) => key === one(page.due));
      return window
        ? {
            filters,
            note: `The view keeps whose tasks, their status and project, not the deadline window (“${window[1]}”): it counts from the day you look. The built-in views have the windows.`,
          }
        : { filters };
    },
    fromSaved(saved: Filters) {
      const assignee = one(saved.assigned_to_id);
      const completed = one(saved.completed);
      return {
        ...(assignee !== me || !assignee ? { view: 'all' } : {}),
        ...(assignee && assignee !== me && { assigned_to_id: assignee }),
        ...(completed === 'true' ? { status: 'done' } : completed === 'false' ? {} : { status: 'any' }),
        ...(one(saved.project_id) && { project_id: one(saved.project_id) }),
      };
    },
  };
}
