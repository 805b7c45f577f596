import type { QueryParams } from '@/lib/client/api-client';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The employee directory's URL and the list it shows for it: one function for the page's server
// prefetch and the table's query, so both ask for the same query key.

export const WORKFORCE_URL_KEYS = ['q', 'role_id', 'manager_id', 'page', 'employee', 'view'] as const;
/** The keys a saved view of the employees list keeps (not the open employee). */
export const WORKFORCE_VIEW_KEYS = ['q', 'role_id', 'manager_id', 'page', 'view'] as const;
export const WORKFORCE_PER_PAGE = 50;

export function employeesListParams(state: UrlState<(typeof WORKFORCE_URL_KEYS)[number]>): QueryParams {
  return { q: state.q, role_id: state.role_id, manager_id: state.manager_id, page: pageOf(state.page), per_page: WORKFORCE_PER_PAGE };
}
