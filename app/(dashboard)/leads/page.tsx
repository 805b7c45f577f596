import type { Metadata } from 'next';
import { Suspense } from 'react';
import { LeadsPage } from '@/components/leads/leads-page';
import { TableSkeleton } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Leads' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <LeadsPage />
    </Suspense>
  );
}
