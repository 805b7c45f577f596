import type { Page } from '@/lib/server/services/paging';

/**
 * The list response's headers: an RFC 8288 Link (first, prev, next, last; absolute URLs keeping
 * every filter) and X-Total-Count.
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
