import type { Metadata } from 'next';
import { LeadsPage } from '@/components/leads/leads-page';
import { LEADS_URL_KEYS, leadsListParams, leadsPageState } from '@/components/leads/leads-params';
import { customFieldsQuery } from '@/lib/client/hooks/use-custom-fields';
import { leadsQuery } from '@/lib/client/hooks/use-leads';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { meQuery } from '@/lib/client/hooks/use-users';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage } from '../prefetch';

export const metadata: Metadata = { title: 'Leads' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={async (client, search) => {
        const me = await client.fetchQuery(meQuery);
        const state = leadsPageState(readUrlState(search, LEADS_URL_KEYS), me.id);
        await Promise.all([
          client.prefetchQuery(leadsQuery(leadsListParams(state))),
          client.prefetchQuery(optionsQuery('/users', 'users')),
          // The table's columns of the account's own fields.
          client.prefetchQuery(customFieldsQuery('leads')),
        ]);
      }}
    >
      <LeadsPage />
    </PrefetchedPage>
  );
}
