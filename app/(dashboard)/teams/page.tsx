import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TeamsPage } from '@/components/teams/teams-page';
import { TableSkeleton } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Teams' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <TeamsPage />
    </Suspense>
  );
}
