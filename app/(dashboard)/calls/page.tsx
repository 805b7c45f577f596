import type { Metadata } from 'next';
import { Suspense } from 'react';
import { CallsPage } from '@/components/calls/calls-page';
import { TableSkeleton } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Calls' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <CallsPage />
    </Suspense>
  );
}
