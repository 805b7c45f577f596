import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TableSkeleton } from '@/components/ui/states';
import { OrgChartPage } from '@/components/workforce/org-chart-page';

export const metadata: Metadata = { title: 'Org chart' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <OrgChartPage />
    </Suspense>
  );
}
