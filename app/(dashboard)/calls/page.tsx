import type { Metadata } from 'next';
import { CallsPage } from '@/components/calls/calls-page';
import { CALLS_URL_KEYS, callsListParams } from '@/components/calls/calls-params';
import { callsQuery } from '@/lib/client/hooks/use-calls';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage } from '../prefetch';

export const metadata: Metadata = { title: 'Calls' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={(client, search) => client.prefetchQuery(callsQuery(callsListParams(readUrlState(search, CALLS_URL_KEYS))))}
    >
      <CallsPage />
    </PrefetchedPage>
  );
}
