import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ProjectDetail } from '@/components/projects/project-detail';
import { TableSkeleton } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Project' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<TableSkeleton />}>
      <ProjectDetail id={id} />
    </Suspense>
  );
}
