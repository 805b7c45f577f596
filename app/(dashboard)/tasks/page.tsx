import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TasksPage } from '@/components/tasks/tasks-page';
import { TableSkeleton } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Tasks' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <TasksPage />
    </Suspense>
  );
}
