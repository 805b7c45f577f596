import type { Metadata } from 'next';
import { TeamsPage } from '@/components/teams/teams-page';
import { TEAMS_URL_KEYS, teamMembershipsListParams } from '@/components/teams/teams-params';
import { teamMembershipsQuery } from '@/lib/client/hooks/use-project-team-memberships';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage } from '../prefetch';

export const metadata: Metadata = { title: 'Teams' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={(client, search) => client.prefetchQuery(teamMembershipsQuery(teamMembershipsListParams(readUrlState(search, TEAMS_URL_KEYS))))}
    >
      <TeamsPage />
    </PrefetchedPage>
  );
}
