import type { BuiltInView } from '@/components/saved-views/view-picker';
import type { QueryParams } from '@/lib/client/api-client';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The leads page's URL and the list it shows for it, shared by the page (its server prefetch) and
// the table (its query), so both ask for the same query key.

export const LEADS_URL_KEYS = [
  'q',
  'assigned_to_id',
  'unassigned',
  'company_id',
  'mentioned_user_id',
  'priority',
  'snoozed',
  'archived',
  'sort',
  'page',
  'view',
  'columns',
] as const;
export type LeadsUrlState = UrlState<(typeof LEADS_URL_KEYS)[number]>;

export const LEADS_PER_PAGE = 50;

export function leadsListParams(state: LeadsUrlState): QueryParams {
  return {
    q: state.q,
    assigned_to_id: state.assigned_to_id,
    unassigned: state.unassigned,
    company_id: state.company_id,
    mentioned_user_id: state.mentioned_user_id,
    priority: state.priority,
    snoozed: state.snoozed,
    archived: state.archived || 'false',
    sort: state.sort || '-created_at',
    page: pageOf(state.page),
    per_page: LEADS_PER_PAGE,
  };
}

const FILTER_KEYS = ['q', 'assigned_to_id', 'unassigned', 'company_id', 'mentioned_user_id', 'priority', 'snoozed', 'archived'] as const;

/**
 * The page as it shows: an untouched leads page (no filter, no view named) is "My inbox" — the
 * signed-in user's leads, neither snoozed nor archived. The server's prefetch and the browser both
 * read the URL through this, so they ask for the same list.
 */
export function leadsPageState(state: LeadsUrlState, me: string | undefined): LeadsUrlState {
  if (!me || state.view || FILTER_KEYS.some((k) => state[k])) return state;
  return { ...state, view: 'inbox', assigned_to_id: me, snoozed: 'false' };
}

/** Buildr's inbox: the built-in views of the leads page (`me`: the signed-in user's id). */
export function leadInboxViews(me: string | undefined): BuiltInView[] {
  return [
    ...(me ? [{ key: 'inbox', name: 'My inbox', filters: { assigned_to_id: me, snoozed: 'false' } }] : []),
    ...(me ? [{ key: 'mentioned', name: 'Mentioned', filters: { mentioned_user_id: me } }] : []),
    { key: 'priority', name: 'Priority', filters: { priority: 'true' } },
    { key: 'unassigned', name: 'Unassigned', filters: { unassigned: 'true' } },
    { key: 'snoozed', name: 'Snoozed', filters: { snoozed: 'true' } },
    { key: 'archived', name: 'Archived', filters: { archived: 'true' } },
    { key: 'all', name: 'All', filters: {} },
  ];
}
