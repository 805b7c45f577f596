import { describe, expect, it } from 'vitest';
import { readUrlState } from '@/lib/shared/url-state';
import { boardClosedSince, boardColumnParams, boardFilters, PROJECTS_URL_KEYS, projectsTableParams } from './projects-params';

const state = (query: string) => readUrlState(new URLSearchParams(query), PROJECTS_URL_KEYS);

describe('the board’s closed columns', () => {
  const now = new Date('2026-11-29T10:00:00Z');
  it('reach back 90 days (UTC) unless the URL says closed=all', () => {
    expect(boardClosedSince(state(''), now)).toBe('2026-08-31');
    expect(boardClosedSince(state('closed=all'), now)).toBeNull();
  });

  it('apply the window to won and lost columns only', () => {
    const since = boardClosedSince(state(''), now);
    expect(boardColumnParams({ q: 'school' }, { id: '4', category: 'won' }, since)).toMatchObject({
      q: 'school',
      project_stage_id: '4',
      closed_since: '2026-08-31',
    });
    expect(boardColumnParams({}, { id: '5', category: 'lost' }, since)).toMatchObject({ closed_since: '2026-08-31' });
    expect(boardColumnParams({}, { id: '1', category: 'open' }, since)).not.toHaveProperty('closed_since');
    expect(boardColumnParams({}, { id: '4', category: 'won' }, null)).not.toHaveProperty('closed_since');
  });
});

describe('the filters by a company’s bids', () => {
  it('reach the board and the table only when the URL has them', () => {
    expect(boardFilters(state(''))).not.toHaveProperty('competitor_id');
    expect(boardFilters(state('competitor_id=7'))).toMatchObject({ competitor_id: '7' });
    expect(projectsTableParams(state('view=table&competitor_id=7&awarded_to_id=9'))).toMatchObject({ competitor_id: '7', awarded_to_id: '9' });
  });
});
