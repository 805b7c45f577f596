export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

/**
 * The list response: `{<key>: [...]}` with an RFC 8288 Link header (first, prev, next, last;
 * absolute URLs keeping every filter) and X-Total-Count.
 */
export function pageHeaders(url: URL, baseUrl: string, page: Omit<Page<unknown>, 'items'>): Record<string, string> {
  const lastPage = Math.max(1, Math.ceil(page.total / page.perPage));
  const link = (n: number, rel: string) => {
    const target = new URL(url.pathname + url.search, baseUrl);
    target.searchParams.set('page', String(n));
    target.searchParams.set('per_page', String(page.perPage));
    return `<${target.toString()}>; rel="${rel}"`;
  };
  const links = [link(1, 'first')];
  if (page.page > 1) links.push(link(Math.min(page.page - 1, lastPage), 'prev'));
  if (page.page < lastPage) links.push(link(page.page + 1, 'next'));
  links.push(link(lastPage, 'last'));
  return { Link: links.join(', '), 'X-Total-Count': String(page.total) };
}

interface PageQuery {
  page: number;
  per_page: number;
}

/** LIMIT and OFFSET of the requested page. */
export function pageWindow(query: PageQuery): { limit: number; offset: number } {
  return { limit: query.per_page, offset: (query.page - 1) * query.per_page };
}

/** A page of serialized records from a query's rows and total. */
export function toPage<R, T>(query: PageQuery, result: { items: R[]; total: number }, serialize: (row: R) => T): Page<T> {
  return { items: result.items.map(serialize), total: result.total, page: query.page, perPage: query.per_page };
}
