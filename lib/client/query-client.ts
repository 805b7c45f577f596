import { QueryClient, type QueryClientConfig } from '@tanstack/react-query';

/**
 * The dashboard's query defaults, the same in the browser (app/providers.tsx) and for the server's
 * prefetch of a page's first view (app/(dashboard)/prefetch.tsx): data prefetched on the server
 * stays fresh for as long as the browser's own would, so the browser does not fetch it again.
 */
export const QUERY_STALE_TIME = 30_000;

export function makeQueryClient(config: QueryClientConfig = {}): QueryClient {
  return new QueryClient({
    ...config,
    defaultOptions: {
      ...config.defaultOptions,
      queries: { staleTime: QUERY_STALE_TIME, retry: 1, refetchOnWindowFocus: false, ...config.defaultOptions?.queries },
    },
  });
}
