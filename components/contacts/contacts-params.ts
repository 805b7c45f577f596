import type { QueryParams } from '@/lib/client/api-client';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The contacts page's URL and the list it shows for it: one function for the page's server
// prefetch and the table's query, so both ask for the same query key.

/** `columns`: the table's columns chosen (absent: all); the custom field filters are read apart (custom-field-params.ts). */
export const CONTACTS_URL_KEYS = ['q', 'company_id', 'page', 'view', 'columns'] as const;
export const CONTACTS_PER_PAGE = 50;

export function contactsListParams(state: UrlState<(typeof CONTACTS_URL_KEYS)[number]>, customFields: Record<string, string> = {}): QueryParams {
  return { q: state.q, company_id: state.company_id, ...customFields, page: pageOf(state.page), per_page: CONTACTS_PER_PAGE };
}

/** A contact page's calls (the page's query and its server prefetch alike). */
export const contactCallsParams = (contactId: string) => ({ contact_id: contactId, per_page: 20 });
