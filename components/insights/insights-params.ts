import type { QueryParams } from '@/lib/client/api-client';
import type { WinRate } from '@/lib/client/hooks/use-insights';
import { pageOf, type UrlState } from '@/lib/shared/url-state';

// The Insights page's URL and what its views ask for — the win rates, or the competitors: one
// function for the page's server prefetch and the page's queries, so both compute the same query
// keys. For the win rates a blank `since` leaves the window to the API (today, UTC, 36 months
// back), which the page shows as the date it stands for; for the competitors, every bid.

export const INSIGHTS_URL_KEYS = ['view', 'group_by', 'since', 'market_sector_id', 'delivery_method_id', 'page'] as const;
export type InsightsUrlState = UrlState<(typeof INSIGHTS_URL_KEYS)[number]>;
/** What the win rates read of the URL. */
type WinRatesState = Pick<InsightsUrlState, 'group_by' | 'since'>;

/** The page's views: how often we win (the default), and who we bid against. */
export const INSIGHTS_VIEWS = [
  { value: 'win_rates', label: 'Win rates' },
  { value: 'competitors', label: 'Competitors' },
] as const;
export type InsightsView = (typeof INSIGHTS_VIEWS)[number]['value'];

export const insightsView = (state: Pick<InsightsUrlState, 'view'>): InsightsView => (state.view === 'competitors' ? 'competitors' : 'win_rates');

/** A view's address: the window (`since`) goes along; the grouping to the win rates, the sector and delivery method filters to the competitors. */
export function insightsViewHref(state: InsightsUrlState, view: InsightsView): string {
  const keep: Record<string, string> =
    view === 'competitors'
      ? { view, since: state.since, market_sector_id: state.market_sector_id, delivery_method_id: state.delivery_method_id }
      : { group_by: state.group_by, since: state.since };
  const query = new URLSearchParams(Object.entries(keep).filter(([, value]) => value !== '')).toString();
  return query ? `/insights?${query}` : '/insights';
}

/**
 * The groupings the page offers, each with the projects list's filter that narrows to one group
 * (`/projects?<filter>=<id>`), the word for one group (`noun`) and the name of the row without a group.
 */
export const GROUPINGS = [
  { value: 'market_sector', noun: 'market sector', label: 'Market sector', filter: 'market_sector_id', none: 'No market sector' },
  { value: 'delivery_method', noun: 'delivery method', label: 'Delivery method', filter: 'delivery_method_id', none: 'No delivery method' },
  { value: 'tender_type', noun: 'tender type', label: 'Tender type', filter: 'tender_type_id', none: 'No tender type' },
  { value: 'contract_type', noun: 'contract type', label: 'Contract type', filter: 'contract_type_id', none: 'No contract type' },
  { value: 'division', noun: 'division', label: 'Division', filter: 'division_id', none: 'No division' },
  { value: 'company', noun: 'company', label: 'Company', filter: 'company_id', none: 'No company' },
  { value: 'assigned_to', noun: 'person', label: 'Assigned to', filter: 'assigned_to_id', none: 'Unassigned' },
] as const;
export type Grouping = (typeof GROUPINGS)[number];

const DAY = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** The grouping the URL names; market sector (the API's default) for none or an unknown one. */
export function groupingOf(state: WinRatesState): Grouping {
  return GROUPINGS.find((g) => g.value === state.group_by) ?? GROUPINGS[0];
}

/** The URL's `since` when it is a date; '' otherwise (the API's default then). */
export const sinceOf = (state: Pick<InsightsUrlState, 'since'>): string => (DAY.test(state.since) ? state.since : '');

/** The win rates by the page's grouping. */
export function winRatesParams(state: WinRatesState): QueryParams {
  return { group_by: groupingOf(state).value, since: sinceOf(state) || undefined };
}

/** The trend: the same window by calendar quarter. */
export function trendParams(state: WinRatesState): QueryParams {
  return { group_by: 'quarter', since: sinceOf(state) || undefined };
}

/**
 * The API's default window start, as the server computes it (docs/insights.md): today (UTC) 36
 * months back, the last day of the month when that day does not exist (29 February → 28).
 */
export function defaultSince(now: Date = new Date()): string {
  const year = now.getUTCFullYear() - 3;
  const month = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(now.getUTCDate(), lastDay))).toISOString().slice(0, 10);
}

/** A group's name: a lookup's or company's name, a user's name (else email), or the grouping's word for none. */
export function groupName(grouping: Grouping, group: WinRate['group']): string {
  if (!group) return grouping.none;
  if ('email' in group) return group.name || [group.first_name, group.last_name].filter(Boolean).join(' ') || group.email || `User ${group.id}`;
  return group.name;
}

/**
 * The projects behind a group's bar: the projects table narrowed to the group and closed since the
 * window's start. None for the row without a group (the list has no filter for "none").
 */
export function projectsHref(grouping: Grouping, group: WinRate['group'], since: string): string | null {
  if (!group) return null;
  const query = new URLSearchParams({ view: 'table', closed_since: since, [grouping.filter]: group.id });
  return `/projects?${query.toString()}`;
}

export interface QuarterPoint {
  /** `2026-Q3`. */
  id: string;
  /** `Q3 2026`. */
  name: string;
  won: number;
  lost: number;
  winRate: number | null;
}

const QUARTER = /^(\d{4})-Q([1-4])$/;

/**
 * The quarters from the first with a result to the last, oldest first: the API lists only quarters
 * with a result, so a quarter without one is filled in with none (no win rate) to keep time even.
 */
export function quarterSeries(rows: readonly WinRate[]): QuarterPoint[] {
  const known = new Map<number, WinRate>();
  for (const row of rows) {
    const match = row.group ? QUARTER.exec(row.group.id) : null;
    if (match) known.set(Number(match[1]) * 4 + Number(match[2]) - 1, row);
  }
  if (known.size === 0) return [];
  const first = Math.min(...known.keys());
  const last = Math.max(...known.keys());
  const points: QuarterPoint[] = [];
  for (let q = first; q <= last; q++) {
    const row = known.get(q);
    const year = Math.floor(q / 4);
    const quarter = (q % 4) + 1;
    points.push({
      id: `${year}-Q${quarter}`,
      name: row?.group?.name ?? `Q${quarter} ${year}`,
      won: row?.won_count ?? 0,
      lost: row?.lost_count ?? 0,
      winRate: row?.win_rate ?? null,
    });
  }
  return points;
}

/** The whole window's results: the rows added up, with their win rate. */
export function totals(rows: readonly WinRate[]) {
  const won = rows.reduce((n, r) => n + r.won_count, 0);
  const lost = rows.reduce((n, r) => n + r.lost_count, 0);
  const wonCents = rows.reduce((n, r) => n + r.won_amount_in_cents, 0);
  const lostCents = rows.reduce((n, r) => n + r.lost_amount_in_cents, 0);
  const share = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return { won, lost, wonCents, lostCents, winRate: share(won, won + lost), amountWinRate: share(wonCents, wonCents + lostCents) };
}

export const COMPETITORS_PER_PAGE = 25;

/** The competitors the URL asks for: since a day (blank: every bid), of a market sector and a delivery method, a page. */
export function competitorsParams(state: InsightsUrlState): QueryParams {
  return {
    since: sinceOf(state) || undefined,
    market_sector_id: state.market_sector_id || undefined,
    delivery_method_id: state.delivery_method_id || undefined,
    page: pageOf(state.page),
    per_page: COMPETITORS_PER_PAGE,
  };
}

/** The projects a competitor bid on: the projects table narrowed to them. */
export const competitorProjectsHref = (companyId: string): string => `/projects?view=table&competitor_id=${encodeURIComponent(companyId)}`;

/**
 * Their usual price against ours, in words: the median gap (their amount − ours) ÷ ours, to one
 * decimal — -0.0361 → "3.6% below us", 0.02 → "2.0% above us", under 0.05 % either way "Same as us".
 */
export function priceGapWords(gap: number | null): string {
  if (gap === null) return '—';
  const points = Math.round(Math.abs(gap) * 1000) / 10;
  if (points === 0) return 'Same as us';
  return `${points.toFixed(1)}% ${gap < 0 ? 'below' : 'above'} us`;
}
