import type { Metadata } from 'next';
import { WorkforcePage } from '@/components/workforce/workforce-page';
import { WORKFORCE_URL_KEYS, employeesListParams } from '@/components/workforce/workforce-params';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { employeesQuery } from '@/lib/client/hooks/use-workforce';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage } from '../prefetch';

export const metadata: Metadata = { title: 'Workforce' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={async (client, search) => {
        const state = readUrlState(search, WORKFORCE_URL_KEYS);
        await Promise.all([
          client.prefetchQuery(employeesQuery(employeesListParams(state))),
          client.prefetchQuery(optionsQuery('/workforce/roles', 'workforce_roles')),
        ]);
      }}
    >
      <WorkforcePage />
    </PrefetchedPage>
  );
}
