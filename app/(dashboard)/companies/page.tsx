import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CompaniesPage } from '@/components/companies/companies-page';
import { TableSkeleton } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Companies' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <CompaniesPage />
    </Suspense>
  );
}
