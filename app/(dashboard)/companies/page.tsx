import type { Metadata } from 'next';
import { CompaniesPage } from '@/components/companies/companies-page';
import { COMPANIES_URL_KEYS, companiesListParams } from '@/components/companies/companies-params';
import { companiesQuery } from '@/lib/client/hooks/use-companies';
import type { SearchParams } from '@/lib/shared/url-state';
import { CustomFieldsListPage } from '../prefetch';

export const metadata: Metadata = { title: 'Companies' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <CustomFieldsListPage
      searchParams={searchParams}
      resource="companies"
      keys={COMPANIES_URL_KEYS}
      query={(state, filters) => companiesQuery(companiesListParams(state, filters))}
    >
      <CompaniesPage />
    </CustomFieldsListPage>
  );
}
