import type { Metadata } from 'next';
import { CompaniesPage } from '@/components/companies/companies-page';
import { COMPANIES_URL_KEYS, companiesListParams } from '@/components/companies/companies-params';
import { customFieldFilters } from '@/components/custom-fields/custom-field-params';
import { companiesQuery } from '@/lib/client/hooks/use-companies';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage, prefetchWithCustomFields } from '../prefetch';

export const metadata: Metadata = { title: 'Companies' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={(client, search) =>
        prefetchWithCustomFields(
          client,
          'companies',
          client.prefetchQuery(companiesQuery(companiesListParams(readUrlState(search, COMPANIES_URL_KEYS), customFieldFilters(search)))),
        )
      }
    >
      <CompaniesPage />
    </PrefetchedPage>
  );
}
