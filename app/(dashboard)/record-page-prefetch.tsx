import type { FetchQueryOptions, QueryClient, QueryKey } from '@tanstack/react-query';
import { Suspense, type ReactNode } from 'react';
import { DetailSkeleton } from '@/components/ui/detail';
import type { CustomFieldResource } from '@/lib/client/hooks/use-custom-fields';
import { timelineQuery } from '@/lib/client/hooks/use-timeline';
import type { TimelineSubject } from '@/lib/shared/validation/timeline';
import { Prefetch, prefetchCustomFields } from './prefetch';

/**
 * A record page's server side: the detail's skeleton until the record, its timeline (`timeline`,
 * where the page opens on one), the resource's custom fields and the page's `extra` queries are
 * prefetched, all at once. Settled, not all: a query the user may not read fails here as in the
 * browser, and the page says so there.
 */
export function RecordPagePrefetch<T, Q extends QueryKey>({
  id,
  record,
  timeline,
  customFields,
  extra,
  children,
}: {
  id: string;
  record: FetchQueryOptions<T, Error, T, Q>;
  timeline?: TimelineSubject;
  customFields: CustomFieldResource;
  /** The page's own queries; async where they depend on what only the boundary may wait for (the URL's parameters). */
  extra?: (client: QueryClient) => Promise<unknown>[] | Promise<Promise<unknown>[]>;
  children: ReactNode;
}) {
  return (
    <Suspense fallback={<DetailSkeleton />}>
      <Prefetch
        load={async (client) => {
          const more = (await extra?.(client)) ?? [];
          return Promise.allSettled([
            client.prefetchQuery(record),
            ...(timeline ? [client.prefetchInfiniteQuery(timelineQuery(timeline, id))] : []),
            prefetchCustomFields(client, customFields),
            ...more,
          ]);
        }}
      >
        {children}
      </Prefetch>
    </Suspense>
  );
}
