import { describe, expect, it } from 'vitest';
import { readUrlState } from '@/lib/shared/url-state';
import { boardClosedSince, boardColumnParams, PROJECTS_URL_KEYS } from './projects-params';

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
