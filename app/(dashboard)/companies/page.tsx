import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CompaniesPage } from '@/components/companies/companies-page';
import { COMPANIES_URL_KEYS, companiesListParams } from '@/components/companies/companies-params';
import { customFieldFilters } from '@/components/custom-fields/custom-field-params';
import { TableSkeleton } from '@/components/ui/states';
import { companiesQuery } from '@/lib/client/hooks/use-companies';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch, prefetchCustomFields } from '../prefetch';

export const metadata: Metadata = { title: 'Companies' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch
        load={async (client) => {
          const search = await searchParams;
          // Settled, not all: a failed definitions read still waits for the list.
          await Promise.allSettled([
            client.prefetchQuery(companiesQuery(companiesListParams(readUrlState(search, COMPANIES_URL_KEYS), customFieldFilters(search)))),
            prefetchCustomFields(client, 'companies'),
          ]);
        }}
      >
        <CompaniesPage />
      </Prefetch>
    </Suspense>
  );
}
