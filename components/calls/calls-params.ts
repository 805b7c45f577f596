import type { QueryParams } from '@/lib/client/api-client';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The calls page's URL and the list it shows for it: one function for the page's server prefetch
// and the list's query, so both ask for the same query key.

export const CALLS_URL_KEYS = ['project_id', 'company_id', 'contact_id', 'page'] as const;
export const CALLS_PER_PAGE = 50;

export function callsListParams(state: UrlState<(typeof CALLS_URL_KEYS)[number]>): QueryParams {
  return {
    project_id: state.project_id,
    company_id: state.company_id,
    contact_id: state.contact_id,
    page: pageOf(state.page),
    per_page: CALLS_PER_PAGE,
  };
}
