import type { BuiltInView } from '@/components/ui/view-picker';
import type { QueryParams } from '@/lib/client/api-client';
import { pageOf, type SearchParams, type UrlState } from '@/lib/shared/url-state';

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

/** The board has a column per stage, so it filters by everything but stage and status. */
export function boardFilters(state: ProjectsUrlState): QueryParams {
  return { q: state.q, assigned_to_id: state.assigned_to_id, company_id: state.company_id };
}

/** One board column: the stage's projects, most recently changed first. */
export function boardColumnParams(filters: QueryParams, stageId: string): QueryParams {
  return { ...filters, project_stage_id: stageId, sort: '-updated_at', per_page: PER_COLUMN };
}

/** A custom field filter's URL and list parameter (`custom_fields[<key>]`, ranges `[gte]`…). */
const CUSTOM_FIELD_PARAM = /^custom_fields\[[a-z][a-z0-9_]{0,62}\](?:\[(?:gte|lte|gt|lt)\])?$/;
export const customFieldParam = (key: string) => `custom_fields[${key}]`;

/** The custom field filters of a URL (the table's), as list parameters, sorted so query keys match. */
export function customFieldFilters(params: URLSearchParams | SearchParams): Record<string, string> {
  const entries: [string, string][] = [];
  if (params instanceof URLSearchParams) {
    for (const [name, value] of params) if (CUSTOM_FIELD_PARAM.test(name) && value) entries.push([name, value]);
  } else {
    for (const [name, value] of Object.entries(params)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (CUSTOM_FIELD_PARAM.test(name) && first) entries.push([name, first]);
    }
  }
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
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
