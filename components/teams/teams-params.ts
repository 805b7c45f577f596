import type { QueryParams } from '@/lib/client/api-client';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The teams page's URL and the memberships it shows for it: one function for the page's server
// prefetch and the table's query, so both ask for the same query key.

export const TEAMS_URL_KEYS = ['project_id', 'user_id', 'role', 'sort', 'page'] as const;
export const TEAMS_PER_PAGE = 50;

export function teamMembershipsListParams(state: UrlState<(typeof TEAMS_URL_KEYS)[number]>): QueryParams {
  return {
    project_id: state.project_id,
    user_id: state.user_id,
    role: state.role,
    sort: state.sort || 'project',
    page: pageOf(state.page),
    per_page: TEAMS_PER_PAGE,
  };
}
