import 'server-only';
import { dehydrate, HydrationBoundary, QueryCache, type FetchQueryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { headers } from 'next/headers';
import { cache, Suspense, type ReactNode } from 'react';
import { customFieldFilters } from '@/components/custom-fields/custom-field-params';
import { ROUTE_MODULES } from '@/app/api/2023-01/route-modules';
import { TableSkeleton } from '@/components/ui/states';
import { ApiClientError, installServerTransport } from '@/lib/client/api-client';
import { customFieldsQuery, type CustomFieldResource } from '@/lib/client/hooks/use-custom-fields';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { inProcessTransport } from '@/lib/server/http/in-process';
import { makeQueryClient } from '@/lib/client/query-client';
import { readUrlState, type SearchParams, type UrlState } from '@/lib/shared/url-state';

// A dashboard page's first view, rendered into the server's HTML: the page's server component
// prefetches the queries its client component will ask for on first render (the same query
// options from lib/client/hooks, so the same keys and query functions), and <Prefetch> hands them over
// in a HydrationBoundary. The query functions reach the API through the in-process transport
// below: any endpoint of the API (app/api/2023-01/route-modules.ts), called in this process as the
// page's own user.

installServerTransport(inProcessTransport(ROUTE_MODULES, headers));

/** The request's query client (React `cache`: one per server request, never shared between users). */
export const getQueryClient = cache(() =>
  makeQueryClient({
    // A failed prefetch leaves the query to the browser, which fetches it and shows its error as
    // it always did; only a fault of the prefetch itself (not an API answer) is worth a log line.
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!(error instanceof ApiClientError)) console.warn(`Prefetch of ${JSON.stringify(query.queryKey)} failed:`, error);
      },
    }),
    // The page waits for its prefetch: no second try on the server.
    defaultOptions: { queries: { retry: false } },
  }),
);

/**
 * Renders `children` with the queries `load` prefetched. `load` may fail (a dependent
 * `fetchQuery`, say): the page renders anyway, with whatever was prefetched.
 */
export async function Prefetch({ load, children }: { load: (client: QueryClient) => Promise<unknown>; children: ReactNode }) {
  const client = getQueryClient();
  try {
    await load(client);
  } catch {
    // What is missing, the browser fetches.
  }
  return <HydrationBoundary state={dehydrate(client)}>{children}</HydrationBoundary>;
}

/**
 * A list page's server side: the table's skeleton until `load` has prefetched, with the page's URL
 * parameters (read inside the boundary, so the rest of the page streams without them), the
 * queries its client component asks for first.
 */
export function PrefetchedPage({
  searchParams,
  load,
  children,
}: {
  searchParams: Promise<SearchParams>;
  load: (client: QueryClient, search: SearchParams) => Promise<unknown>;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch load={async (client) => load(client, await searchParams)}>{children}</Prefetch>
    </Suspense>
  );
}

/**
 * What a list's table of the account's own fields needs besides the list: the fields' definitions
 * (its columns and filters), and the users when a field names one.
 */
export async function prefetchCustomFields(client: QueryClient, resource: CustomFieldResource) {
  const fields = await client.fetchQuery(customFieldsQuery(resource));
  if (fields.some((f) => f.field_type === 'user')) await client.prefetchQuery(optionsQuery('/users', 'users'));
}

/**
 * The server side of a list page with the account's own fields: its rows, the `query` of the URL's
 * state (`keys`) and its custom-field filters, and the fields. Settled, not all: a failed
 * definitions read still waits for the list.
 */
export function CustomFieldsListPage<K extends string, T, Q extends QueryKey>({
  searchParams,
  resource,
  keys,
  query,
  children,
}: {
  searchParams: Promise<SearchParams>;
  resource: CustomFieldResource;
  keys: readonly K[];
  query: (state: UrlState<K>, filters: Record<string, string>) => FetchQueryOptions<T, Error, T, Q>;
  children: ReactNode;
}) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={(client, search) =>
        Promise.allSettled([client.prefetchQuery(query(readUrlState(search, keys), customFieldFilters(search))), prefetchCustomFields(client, resource)])
      }
    >
      {children}
    </PrefetchedPage>
  );
}
