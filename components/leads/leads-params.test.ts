import { describe, expect, it } from 'vitest';
import { readUrlState } from '@/lib/shared/url-state';
import { LEADS_URL_KEYS, leadsListParams, leadsPageState } from './leads-params';

const state = (query: string) => readUrlState(new URLSearchParams(query), LEADS_URL_KEYS);

describe('the leads page’s default view', () => {
  it('an untouched page is My inbox: mine, not snoozed, not archived', () => {
    const shown = leadsPageState(state(''), '7');
    expect(shown).toMatchObject({ view: 'inbox', assigned_to_id: '7', snoozed: 'false' });
    expect(leadsListParams(shown)).toMatchObject({ assigned_to_id: '7', snoozed: 'false', archived: 'false' });
  });

  it('a sort, a page or columns alone leave it the inbox', () => {
    expect(leadsPageState(state('sort=name&page=2&columns=name'), '7')).toMatchObject({ view: 'inbox', sort: 'name', page: '2' });
  });

  it('a filter or a named view is the page as the URL says', () => {
    for (const query of ['q=school', 'priority=true', 'view=all', 'archived=true', 'view=12']) {
      const raw = state(query);
      expect(leadsPageState(raw, '7')).toBe(raw);
    }
  });

  it('without a signed-in user, the URL as it is', () => {
    const raw = state('');
    expect(leadsPageState(raw, undefined)).toBe(raw);
  });
});
