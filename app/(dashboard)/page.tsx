import { Suspense } from 'react';
import { HomePage } from '@/components/home/home-page';
import { TableSkeleton } from '@/components/ui/states';
import { HOME_REPORT_DAYS, myLeadsQuery } from '@/lib/client/hooks/use-home';
import { pipelineReportQuery } from '@/lib/client/hooks/use-reports';
import { meQuery } from '@/lib/client/hooks/use-users';
import { getCurrentUser } from '@/lib/server/auth/session';
import { allows } from '@/lib/shared/permissions';
import { Prefetch } from './prefetch';

export default async function Page() {
  // Only the cards of the areas the user can read are fetched (components/home/home-page.tsx).
  const user = await getCurrentUser();
  const projects = user !== null && allows(user.access.permissions.projects, 'read');
  const leads = user !== null && allows(user.access.permissions.leads, 'read');
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch
        load={async (client) => {
          // The bids and overdue cards count by the browser's calendar day: the browser fetches them.
          const report = projects ? client.prefetchQuery(pipelineReportQuery(HOME_REPORT_DAYS)) : null;
          const me = await client.fetchQuery(meQuery);
          await Promise.all([report, leads ? client.prefetchQuery(myLeadsQuery(me.id)) : null]);
        }}
      >
        <HomePage />
      </Prefetch>
    </Suspense>
  );
}
