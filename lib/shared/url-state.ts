// A page's view state (filters, sort, page) as its URL holds it, read the same way on the server
// (a page's `searchParams`, to prefetch its first view) and in the browser (useSearchParams, in
// lib/client/hooks/use-url-state.ts), so both compute the same query key.

/** A page's `searchParams` as Next.js gives them: repeated keys as arrays. */
export type SearchParams = Record<string, string | string[] | undefined>;

export type UrlState<K extends string> = Record<K, string>;

interface SearchParamsReader {
  get(key: string): string | null;
}

function isReader(params: SearchParamsReader | SearchParams): params is SearchParamsReader {
  return typeof params.get === 'function';
}

/** Each key's value ('' when absent); a repeated key gives its first value, as URLSearchParams.get does. */
export function readUrlState<K extends string>(params: SearchParamsReader | SearchParams, keys: readonly K[]): UrlState<K> {
  const value = (key: string): string => {
    if (isReader(params)) return params.get(key) ?? '';
    const given = params[key];
    return (Array.isArray(given) ? given[0] : given) ?? '';
  };
  return Object.fromEntries(keys.map((k) => [k, value(k)])) as UrlState<K>;
}

/** The `page` of a URL as a number: 1 when absent or not a number. */
export function pageOf(value: string): number {
  return Number(value) || 1;
}
