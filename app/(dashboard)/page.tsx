import { Suspense } from 'react';
import { HomePage } from '@/components/home/home-page';
import { TableSkeleton } from '@/components/ui/states';

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <HomePage />
    </Suspense>
  );
}
