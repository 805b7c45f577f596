import type { QueryParams } from '@/lib/client/api-client';
import { MERGE_RESOURCES, type MergeResource } from '@/lib/shared/validation/enums';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The duplicates page's URL (companies or contacts, the page of groups) and the list it shows for
// it: one function for the page's server prefetch and the list's query, so both ask for the same key.

export const DUPLICATES_URL_KEYS = ['resource', 'page'] as const;
export const DUPLICATES_PER_PAGE = 20;

/** Companies unless the URL says contacts. */
export const resourceOf = (state: UrlState<(typeof DUPLICATES_URL_KEYS)[number]>): MergeResource =>
  MERGE_RESOURCES.find((r) => r === state.resource) ?? 'companies';

export function duplicatesParams(state: UrlState<(typeof DUPLICATES_URL_KEYS)[number]>): QueryParams {
  return { resource: resourceOf(state), page: pageOf(state.page), per_page: DUPLICATES_PER_PAGE };
}
