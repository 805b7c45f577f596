import { Suspense } from 'react';
import { HomePage } from '@/components/home/home-page';
import { TableSkeleton } from '@/components/ui/states';
import { HOME_REPORT_DAYS, myLeadsQuery } from '@/lib/client/hooks/use-home';
import { pipelineReportQuery } from '@/lib/client/hooks/use-reports';
import { meQuery } from '@/lib/client/hooks/use-users';
import { Prefetch } from './prefetch';

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch
        load={async (client) => {
          // The bids and overdue cards count by the browser's calendar day: the browser fetches them.
          const report = client.prefetchQuery(pipelineReportQuery(HOME_REPORT_DAYS));
          const me = await client.fetchQuery(meQuery);
          await Promise.all([report, client.prefetchQuery(myLeadsQuery(me.id))]);
        }}
      >
        <HomePage />
      </Prefetch>
    </Suspense>
  );
}
