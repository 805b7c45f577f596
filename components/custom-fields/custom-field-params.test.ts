import { hashKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { COMPANIES_URL_KEYS, companiesListParams } from '@/components/companies/companies-params';
import { CONTACTS_URL_KEYS, contactsListParams } from '@/components/contacts/contacts-params';
import { companiesQuery } from '@/lib/client/hooks/use-companies';
import { contactsQuery } from '@/lib/client/hooks/use-contacts';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { customFieldFilters, customFieldParam } from './custom-field-params';

// The custom field filters of a list page's URL: read alike from Next's `searchParams` (the
// server's prefetch) and from the browser's URL, so both compute one query key.

function pageSearchParams(query: string): SearchParams {
  const out: SearchParams = {};
  for (const [key, value] of new URLSearchParams(query)) {
    const given = out[key];
    out[key] = given === undefined ? value : [...(Array.isArray(given) ? given : [given]), value];
  }
  return out;
}

const QUERIES = [
  '',
  'custom_fields%5Btier%5D=gold',
  'q=pier&custom_fields%5Bsize%5D%5Bgte%5D=10&custom_fields%5Btier%5D=gold&page=2',
  'custom_fields%5Btier%5D=gold&custom_fields%5Btier%5D=silver',
  'custom_fields%5Btier%5D=&custom_fields%5BBad%5D=1&custom_fields%5Bx%5D%5Bnear%5D=2&columns=name',
];

describe('custom field filters in a list page’s URL', () => {
  it('are the well-formed, non-empty custom_fields[…] parameters, sorted', () => {
    expect(customFieldFilters(new URLSearchParams('custom_fields%5Btier%5D=gold&q=a&custom_fields%5Bsize%5D%5Blt%5D=3'))).toEqual({
      'custom_fields[size][lt]': '3',
      'custom_fields[tier]': 'gold',
    });
    expect(Object.keys(customFieldFilters(new URLSearchParams('custom_fields%5Bsize%5D%5Blt%5D=3&custom_fields%5Btier%5D=gold')))).toEqual([
      'custom_fields[size][lt]',
      'custom_fields[tier]',
    ]);
    expect(customFieldFilters(new URLSearchParams(QUERIES[4]))).toEqual({});
    expect(customFieldParam('tier')).toBe('custom_fields[tier]');
  });

  it('give the companies and contacts lists the same query key on the server and in the browser', () => {
    for (const query of QUERIES) {
      const server = pageSearchParams(query);
      const browser = new URLSearchParams(query);
      expect(hashKey(companiesQuery(companiesListParams(readUrlState(server, COMPANIES_URL_KEYS), customFieldFilters(server))).queryKey), query).toBe(
        hashKey(companiesQuery(companiesListParams(readUrlState(browser, COMPANIES_URL_KEYS), customFieldFilters(browser))).queryKey),
      );
      expect(hashKey(contactsQuery(contactsListParams(readUrlState(server, CONTACTS_URL_KEYS), customFieldFilters(server))).queryKey), query).toBe(
        hashKey(contactsQuery(contactsListParams(readUrlState(browser, CONTACTS_URL_KEYS), customFieldFilters(browser))).queryKey),
      );
    }
    expect(
      companiesListParams(readUrlState(new URLSearchParams(QUERIES[2]), COMPANIES_URL_KEYS), customFieldFilters(new URLSearchParams(QUERIES[2]))),
    ).toMatchObject({
      q: 'pier',
      'custom_fields[tier]': 'gold',
      'custom_fields[size][gte]': '10',
      page: 2,
    });
  });
});
