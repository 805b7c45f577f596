// A page of a list, as services answer it; the HTTP layer adds its Link and X-Total-Count headers.

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  perPage: number;
}

export interface PageQuery {
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
