import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CompaniesPage } from '@/components/companies/companies-page';
import { COMPANIES_URL_KEYS, companiesListParams } from '@/components/companies/companies-params';
import { TableSkeleton } from '@/components/ui/states';
import { companiesQuery } from '@/lib/client/hooks/use-companies';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch } from '../prefetch';

export const metadata: Metadata = { title: 'Companies' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch load={async (client) => client.prefetchQuery(companiesQuery(companiesListParams(readUrlState(await searchParams, COMPANIES_URL_KEYS))))}>
        <CompaniesPage />
      </Prefetch>
    </Suspense>
  );
}
