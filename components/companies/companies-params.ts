import type { QueryParams } from '@/lib/client/api-client';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The companies page's URL and the list it shows for it: one function for the page's server
// prefetch and the table's query, so both ask for the same query key.

/** `columns`: the table's columns chosen (absent: all); the custom field filters are read apart (custom-field-params.ts). */
export const COMPANIES_URL_KEYS = ['q', 'category', 'page', 'view', 'columns'] as const;
export const COMPANIES_PER_PAGE = 50;

export function companiesListParams(state: UrlState<(typeof COMPANIES_URL_KEYS)[number]>, customFields: Record<string, string> = {}): QueryParams {
  return { q: state.q, category: state.category, ...customFields, page: pageOf(state.page), per_page: COMPANIES_PER_PAGE };
}

/** A company page's lists of what it is linked to (the page's queries and its server prefetch alike). */
export const RELATED_PER_PAGE = 10;
export function companyRelatedParams(companyId: string) {
  return {
    contacts: { company_id: companyId, per_page: 50 },
    leads: { company_id: companyId, per_page: RELATED_PER_PAGE },
    projects: { company_id: companyId, per_page: RELATED_PER_PAGE },
    calls: { company_id: companyId, per_page: RELATED_PER_PAGE },
  };
}
