import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { LEADS_URL_KEYS, leadsListParams } from '@/components/leads/leads-params';
import { PROJECTS_URL_KEYS, projectsTableParams } from '@/components/projects/projects-params';
import { leadsQuery } from '@/lib/client/hooks/use-leads';
import { projectsQuery } from '@/lib/client/hooks/use-projects';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';

// The server prefetches a page's first view from its `searchParams`; the browser asks for it from
// useSearchParams. Both must come to the same query key, or the browser fetches it again.

/** What Next.js gives a page for a query string: a value per key, an array for a repeated key. */
function pageSearchParams(query: string): SearchParams {
  const out: SearchParams = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const given = out[key];
    out[key] = given === undefined ? value : [...(Array.isArray(given) ? given : [given]), value];
  }
  return out;
}

const QUERIES = ['', 'q=pier&page=2', 'page=&q=', 'archived=true&sort=name&priority=false', 'q=a&q=b&page=x', 'q=caf%C3%A9+%26+bar', 'unknown=1&page=3'];

describe('a URL read on the server and in the browser', () => {
  it('gives the same view state', () => {
    for (const query of QUERIES) {
      expect(readUrlState(pageSearchParams(query), LEADS_URL_KEYS), query).toEqual(readUrlState(new URLSearchParams(query), LEADS_URL_KEYS));
    }
  });

  it('gives the same query keys', () => {
    for (const query of QUERIES) {
      const server = readUrlState(pageSearchParams(query), LEADS_URL_KEYS);
      const browser = readUrlState(new URLSearchParams(query), LEADS_URL_KEYS);
      expect(hashKey(leadsQuery(leadsListParams(server)).queryKey), query).toBe(hashKey(leadsQuery(leadsListParams(browser)).queryKey));
      const table = `view=table&${query}&closed_since=2026-01-01`;
      expect(hashKey(projectsQuery(projectsTableParams(readUrlState(pageSearchParams(table), PROJECTS_URL_KEYS))).queryKey)).toBe(
        hashKey(projectsQuery(projectsTableParams(readUrlState(new URLSearchParams(table), PROJECTS_URL_KEYS))).queryKey),
      );
    }
  });

  it('reads an absent or empty value as empty, and a repeated key as its first value', () => {
    expect(readUrlState(pageSearchParams('q=a&q=b'), ['q', 'page'])).toEqual({ q: 'a', page: '' });
    expect(leadsListParams(readUrlState(pageSearchParams('page=&archived='), LEADS_URL_KEYS))).toMatchObject({
      page: 1,
      archived: 'false',
      sort: '-created_at',
    });
  });
});
