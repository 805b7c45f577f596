import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TeamsPage } from '@/components/teams/teams-page';
import { TEAMS_URL_KEYS, teamMembershipsListParams } from '@/components/teams/teams-params';
import { TableSkeleton } from '@/components/ui/states';
import { teamMembershipsQuery } from '@/lib/client/hooks/use-project-team-memberships';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch } from '../prefetch';

export const metadata: Metadata = { title: 'Teams' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch load={async (client) => client.prefetchQuery(teamMembershipsQuery(teamMembershipsListParams(readUrlState(await searchParams, TEAMS_URL_KEYS))))}>
        <TeamsPage />
      </Prefetch>
    </Suspense>
  );
}
