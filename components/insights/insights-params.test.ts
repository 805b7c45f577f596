import { describe, expect, it } from 'vitest';
import type { WinRate } from '@/lib/client/hooks/use-insights';
import {
  competitorProjectsHref,
  competitorsParams,
  defaultSince,
  groupingOf,
  groupName,
  GROUPINGS,
  INSIGHTS_URL_KEYS,
  insightsView,
  insightsViewHref,
  priceGapWords,
  projectsHref,
  quarterSeries,
  totals,
  trendParams,
  winRatesParams,
} from './insights-params';
import { readUrlState } from '@/lib/shared/url-state';

const row = (group: WinRate['group'], won: number, lost: number, wonCents = 0, lostCents = 0): WinRate => ({
  group,
  won_count: won,
  lost_count: lost,
  won_amount_in_cents: wonCents,
  lost_amount_in_cents: lostCents,
  win_rate: won + lost === 0 ? null : won / (won + lost),
  amount_win_rate: null,
});
const quarter = (id: string, won: number, lost: number) => row({ id, name: `${id.slice(5)} ${id.slice(0, 4)}` } as WinRate['group'], won, lost);
const stamps = { created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z' };

describe('the Insights URL', () => {
  it('asks for the grouping and the window the URL names, else the API’s defaults', () => {
    expect(winRatesParams({ group_by: '', since: '' })).toEqual({ group_by: 'market_sector', since: undefined });
    expect(winRatesParams({ group_by: 'company', since: '2024-01-01' })).toEqual({ group_by: 'company', since: '2024-01-01' });
    expect(winRatesParams({ group_by: 'nonsense', since: '2024-13-01' })).toEqual({ group_by: 'market_sector', since: undefined });
    expect(trendParams({ group_by: 'company', since: '2024-01-01' })).toEqual({ group_by: 'quarter', since: '2024-01-01' });
    expect(groupingOf({ group_by: 'assigned_to', since: '' }).filter).toBe('assigned_to_id');
  });

  it('counts the default window as the server does: 36 months back in UTC, clamped to the month’s end', () => {
    expect(defaultSince(new Date('2026-11-24T23:30:00-05:00'))).toBe('2023-11-25');
    expect(defaultSince(new Date('2028-02-29T12:00:00Z'))).toBe('2025-02-28');
    expect(defaultSince(new Date('2026-01-01T00:00:00Z'))).toBe('2023-01-01');
  });
});

describe('a group', () => {
  const sector = GROUPINGS.find((g) => g.value === 'market_sector')!;
  const person = GROUPINGS.find((g) => g.value === 'assigned_to')!;

  it('is named by its reference, a person by name, else email; none by the grouping’s word', () => {
    expect(groupName(sector, { id: '3', name: 'Healthcare', ...stamps })).toBe('Healthcare');
    expect(groupName(sector, null)).toBe('No market sector');
    expect(groupName(person, null)).toBe('Unassigned');
    expect(groupName(person, { id: '7', name: null, first_name: 'Dana', last_name: 'Whitfield', email: 'd@x.test', ...stamps })).toBe('Dana Whitfield');
    expect(groupName(person, { id: '7', name: null, first_name: null, last_name: null, email: 'd@x.test', ...stamps })).toBe('d@x.test');
  });

  it('links to its projects closed since the window’s start; the row without a group links nowhere', () => {
    expect(projectsHref(sector, { id: '3', name: 'Healthcare', ...stamps }, '2023-11-24')).toBe(
      '/projects?view=table&closed_since=2023-11-24&market_sector_id=3',
    );
    expect(projectsHref(person, { id: '7', name: 'Dana', first_name: null, last_name: null, email: null, ...stamps }, '2024-01-01')).toBe(
      '/projects?view=table&closed_since=2024-01-01&assigned_to_id=7',
    );
    expect(projectsHref(sector, null, '2023-11-24')).toBeNull();
  });
});

describe('the trend', () => {
  it('runs from the first quarter with a result to the last, filling the quarters between with none', () => {
    const points = quarterSeries([quarter('2025-Q3', 1, 1), quarter('2026-Q2', 3, 1)]);
    expect(points.map((p) => p.id)).toEqual(['2025-Q3', '2025-Q4', '2026-Q1', '2026-Q2']);
    expect(points[1]).toEqual({ id: '2025-Q4', name: 'Q4 2025', won: 0, lost: 0, winRate: null });
    expect(points[3]).toMatchObject({ name: 'Q2 2026', won: 3, lost: 1, winRate: 0.75 });
    expect(quarterSeries([])).toEqual([]);
  });
});

describe('the totals', () => {
  it('add the rows up, with the whole window’s win rates', () => {
    const t = totals([row(null, 3, 1, 30_000, 10_000), row(null, 0, 4, 0, 10_000)]);
    expect(t).toEqual({ won: 3, lost: 5, wonCents: 30_000, lostCents: 20_000, winRate: 3 / 8, amountWinRate: 0.6 });
    expect(totals([]).winRate).toBeNull();
  });
});

const url = (query: string) => readUrlState(new URLSearchParams(query), INSIGHTS_URL_KEYS);

describe('the competitors view', () => {
  it('is named by the URL; anything else is the win rates', () => {
    expect(insightsView(url('view=competitors'))).toBe('competitors');
    expect(insightsView(url(''))).toBe('win_rates');
    expect(insightsView(url('view=nonsense'))).toBe('win_rates');
  });

  it('asks for every bid unless the URL names a day, a sector or a delivery method, a page of 25', () => {
    expect(competitorsParams(url('view=competitors'))).toEqual({
      since: undefined,
      market_sector_id: undefined,
      delivery_method_id: undefined,
      page: 1,
      per_page: 25,
    });
    expect(competitorsParams(url('view=competitors&since=2025-01-01&market_sector_id=3&delivery_method_id=2&page=2'))).toEqual({
      since: '2025-01-01',
      market_sector_id: '3',
      delivery_method_id: '2',
      page: 2,
      per_page: 25,
    });
    expect(competitorsParams(url('since=2025-02-30x')).since).toBeUndefined();
  });

  it('links each view with the window, and each its own filters', () => {
    const state = url('group_by=company&since=2025-01-01&market_sector_id=3&page=4');
    expect(insightsViewHref(state, 'competitors')).toBe('/insights?view=competitors&since=2025-01-01&market_sector_id=3');
    expect(insightsViewHref(state, 'win_rates')).toBe('/insights?group_by=company&since=2025-01-01');
    expect(insightsViewHref(url('view=competitors'), 'win_rates')).toBe('/insights');
  });

  it('links a competitor to the projects table of the projects it bid on', () => {
    expect(competitorProjectsHref('42')).toBe('/projects?view=table&competitor_id=42');
  });

  it('says their usual price against ours in words, to one decimal', () => {
    expect(priceGapWords(-0.0361)).toBe('3.6% below us');
    expect(priceGapWords(0.02)).toBe('2.0% above us');
    expect(priceGapWords(0.1049)).toBe('10.5% above us');
    expect(priceGapWords(-0.0004)).toBe('Same as us');
    expect(priceGapWords(0)).toBe('Same as us');
    expect(priceGapWords(null)).toBe('—');
  });
});
