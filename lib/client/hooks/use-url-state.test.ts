import { describe, expect, it } from 'vitest';
import { composeQuery, unsettled } from './use-url-state';

describe('URL state updates', () => {
  it('compose: the second update starts from the first, not from the last render', () => {
    const rendered = 'q=pier&page=3';
    const first = composeQuery(rendered, { category: 'architect' });
    expect(first).toBe('q=pier&category=architect');
    // Made before the router caught up: based on what the first asked for.
    const second = composeQuery(first, { q: 'dock', page: '2' });
    expect(second).toBe('q=dock&category=architect&page=2');
    expect(composeQuery(second, { q: '', category: null })).toBe('');
  });

  it('settle as the router catches up; a URL that is not ours drops what was pending', () => {
    const pending = ['a=1', 'a=1&b=2', 'a=1&b=2&c=3'];
    expect(unsettled(pending, 'a=1')).toEqual(['a=1&b=2', 'a=1&b=2&c=3']);
    expect(unsettled(pending, 'a=1&b=2&c=3')).toEqual([]);
    expect(unsettled(pending, 'x=9')).toEqual([]);
    expect(unsettled([], '')).toEqual([]);
  });
});
