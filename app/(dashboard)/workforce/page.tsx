import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TableSkeleton } from '@/components/ui/states';
import { WorkforcePage } from '@/components/workforce/workforce-page';

export const metadata: Metadata = { title: 'Workforce' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <WorkforcePage />
    </Suspense>
  );
}
