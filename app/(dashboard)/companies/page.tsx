import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CompaniesPage } from '@/components/companies/companies-page';
import { COMPANIES_URL_KEYS, companiesListParams } from '@/components/companies/companies-params';
import { customFieldFilters } from '@/components/custom-fields/custom-field-params';
import { TableSkeleton } from '@/components/ui/states';
import { companiesQuery } from '@/lib/client/hooks/use-companies';
import { customFieldsQuery } from '@/lib/client/hooks/use-custom-fields';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch } from '../prefetch';

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
            // The table's columns and filters of the account's own fields (and the users, for a field naming one).
            client.fetchQuery(customFieldsQuery('companies')).then((fields) =>
              fields.some((f) => f.field_type === 'user') ? client.prefetchQuery(optionsQuery('/users', 'users')) : undefined,
            ),
          ]);
        }}
      >
        <CompaniesPage />
      </Prefetch>
    </Suspense>
  );
}
