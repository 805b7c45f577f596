import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CallsPage } from '@/components/calls/calls-page';
import { CALLS_URL_KEYS, callsListParams } from '@/components/calls/calls-params';
import { TableSkeleton } from '@/components/ui/states';
import { callsQuery } from '@/lib/client/hooks/use-calls';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch } from '../prefetch';

export const metadata: Metadata = { title: 'Calls' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch load={async (client) => client.prefetchQuery(callsQuery(callsListParams(readUrlState(await searchParams, CALLS_URL_KEYS))))}>
        <CallsPage />
      </Prefetch>
    </Suspense>
  );
}
