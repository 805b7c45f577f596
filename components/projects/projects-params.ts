import type { BuiltInView } from '@/components/saved-views/view-picker';
import type { QueryParams } from '@/lib/client/api-client';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The projects page's URL and the lists it shows for it (the table, or a board column per stage):
// one set of functions for the page's server prefetch and the components' queries, so both ask
// for the same query keys.

export const PROJECTS_URL_KEYS = [
  'view',
  'q',
  'project_stage_id',
  'project_status',
  'assigned_to_id',
  'company_id',
  'competitor_id',
  'awarded_to_id',
  'close_type',
  'closed_since',
  'market_sector_id',
  'delivery_method_id',
  'tender_type_id',
  'contract_type_id',
  'division_id',
  'bid_due_from',
  'bid_due_to',
  'sort',
  'page',
  'saved_view',
  'columns',
  'closed',
] as const;
/** What a saved view of projects keeps: the filters and sort, not the board or table (`view`). */
export const PROJECTS_VIEW_KEYS = PROJECTS_URL_KEYS.filter((k) => k !== 'view');
export type ProjectsUrlState = UrlState<(typeof PROJECTS_URL_KEYS)[number]>;

/** Filters that arrive in links (from Home and Insights) with no control of their own: shown, and clearable. */
export const LINKED_FILTERS = [
  ['close_type', 'closed as'],
  ['closed_since', 'closed since'],
  ['market_sector_id', 'market sector'],
  ['delivery_method_id', 'delivery method'],
  ['tender_type_id', 'tender type'],
  ['contract_type_id', 'contract type'],
  ['division_id', 'division'],
  ['bid_due_from', 'bids due from'],
  ['bid_due_to', 'bids due to'],
] as const;

export const PROJECTS_PER_PAGE = 50;
const PER_COLUMN = 50;

/** The projects page's built-in views (`me`: the signed-in user's id). */
export function projectViews(me: string | undefined): BuiltInView[] {
  return [
    { key: 'all', name: 'All projects', filters: {} },
    ...(me ? [{ key: 'mine', name: 'My projects', filters: { assigned_to_id: me } }] : []),
    { key: 'pursuits', name: 'Pursuits', filters: { project_status: 'pursuit' } },
    { key: 'active', name: 'Active work', filters: { project_status: 'active' } },
  ];
}

export const projectsView = (state: ProjectsUrlState): 'board' | 'table' => (state.view === 'table' ? 'table' : 'board');

/**
 * Filters by a company's bids, from the Insights page's competitors: the projects it bid on, the
 * projects it won. Shown by the company's name, and clearable; the board and the table take them.
 */
export const BIDDER_FILTERS = [
  ['competitor_id', 'bid on by'],
  ['awarded_to_id', 'won by'],
] as const;

/** The board has a column per stage, so it filters by everything but stage and status. */
export function boardFilters(state: ProjectsUrlState): QueryParams {
  const bidders = BIDDER_FILTERS.filter(([key]) => state[key]).map(([key]) => [key, state[key]]);
  return { q: state.q, assigned_to_id: state.assigned_to_id, company_id: state.company_id, ...Object.fromEntries(bidders) };
}

/** How far back the board's won and lost columns reach unless the URL says `closed=all`. */
export const CLOSED_WINDOW_DAYS = 90;

/**
 * The first day (UTC, as `closed_since` counts) of the board's closed columns: 90 days back, so
 * the open pipeline is what fills the screen; null with `closed=all`.
 */
export function boardClosedSince(state: ProjectsUrlState, now: Date = new Date()): string | null {
  if (state.closed === 'all') return null;
  return new Date(now.getTime() - CLOSED_WINDOW_DAYS * 86_400_000).toISOString().slice(0, 10);
}

/** One board column: the stage's projects, most recently changed first; a closed stage's only since `closedSince`. */
export function boardColumnParams(filters: QueryParams, stage: { id: string; category: string }, closedSince: string | null): QueryParams {
  const window = stage.category !== 'open' && closedSince ? { closed_since: closedSince } : {};
  return { ...filters, ...window, project_stage_id: stage.id, sort: '-updated_at', per_page: PER_COLUMN };
}

/** The table view: every filter (custom fields' too), the sort and the page. */
export function projectsTableParams(state: ProjectsUrlState, customFields: Record<string, string> = {}): QueryParams {
  const linked = LINKED_FILTERS.filter(([key]) => state[key]).map(([key]) => [key, state[key]]);
  return {
    ...boardFilters(state),
    ...customFields,
    project_stage_id: state.project_stage_id,
    project_status: state.project_status,
    ...Object.fromEntries(linked),
    sort: state.sort || '-created_at',
    page: pageOf(state.page),
    per_page: PROJECTS_PER_PAGE,
  };
}
