import type { QueryParams } from '@/lib/client/api-client';
import { EVENT_TYPES } from '@/lib/shared/validation/enums';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The webhook messages page's URL and the feed it shows for it: one function for the page's server
// prefetch and the feed's query, so both ask for the same query key.

export const WEBHOOKS_URL_KEYS = ['event_type', 'page'] as const;
export const WEBHOOKS_PER_PAGE = 25;

const KNOWN = new Set<string>(EVENT_TYPES);
/** The event types of a URL; unknown ones in a shared URL are dropped rather than sent (the API would answer 422). */
export const parseEventTypes = (param: string) => param.split(',').filter((t) => KNOWN.has(t));

export function webhookMessagesListParams(state: UrlState<(typeof WEBHOOKS_URL_KEYS)[number]>): QueryParams {
  return { event_type: parseEventTypes(state.event_type).join(','), page: pageOf(state.page), per_page: WEBHOOKS_PER_PAGE };
}
