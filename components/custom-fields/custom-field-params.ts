import type { SearchParams } from '@/lib/shared/url-state';

// A list page's custom field filters in its URL (`custom_fields[<key>]=<value>`, ranges
// `custom_fields[<key>][gte]=…`), which the list's API takes as they are (docs/custom-fields.md).
// Not a `'use client'` module: a page's server component reads them to prefetch its first view.

const CUSTOM_FIELD_PARAM = /^custom_fields\[[a-z][a-z0-9_]{0,62}\](?:\[(?:gte|lte|gt|lt)\])?$/;

/** A field's equality filter, as the URL and the list name it. */
export const customFieldParam = (key: string) => `custom_fields[${key}]`;

/** The custom field filters of a URL, as list parameters, sorted so server and browser compute one query key. */
export function customFieldFilters(params: URLSearchParams | SearchParams): Record<string, string> {
  const entries: [string, string][] = [];
  if (params instanceof URLSearchParams) {
    // A repeated name gives its first value, as the server's reading of the URL does.
    for (const name of new Set(params.keys())) {
      const value = params.get(name);
      if (CUSTOM_FIELD_PARAM.test(name) && value) entries.push([name, value]);
    }
  } else {
    for (const [name, value] of Object.entries(params)) {
      const first = Array.isArray(value) ? value[0] : value;
      if (CUSTOM_FIELD_PARAM.test(name) && first) entries.push([name, first]);
    }
  }
  return Object.fromEntries(entries.sort(([a], [b]) => a.localeCompare(b)));
}
