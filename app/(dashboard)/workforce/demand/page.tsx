import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TableSkeleton } from '@/components/ui/states';
import { DemandPage } from '@/components/workforce/demand-page';

export const metadata: Metadata = { title: 'Demand' };

// The window starts at the browser's today, which the server does not know: no server prefetch.
export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <DemandPage />
    </Suspense>
  );
}
