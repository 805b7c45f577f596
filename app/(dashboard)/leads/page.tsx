import type { Metadata } from 'next';
import { Suspense } from 'react';
import { LeadsPage } from '@/components/leads/leads-page';
import { LEADS_URL_KEYS, leadsListParams } from '@/components/leads/leads-params';
import { TableSkeleton } from '@/components/ui/states';
import { leadsQuery } from '@/lib/client/hooks/use-leads';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch } from '../prefetch';

export const metadata: Metadata = { title: 'Leads' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch
        load={async (client) => {
          const state = readUrlState(await searchParams, LEADS_URL_KEYS);
          await Promise.all([client.prefetchQuery(leadsQuery(leadsListParams(state))), client.prefetchQuery(optionsQuery('/users', 'users'))]);
        }}
      >
        <LeadsPage />
      </Prefetch>
    </Suspense>
  );
}
