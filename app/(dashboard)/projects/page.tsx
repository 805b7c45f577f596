import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ProjectsPage } from '@/components/projects/projects-page';
import { TableSkeleton } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Projects' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <ProjectsPage />
    </Suspense>
  );
}
