import type { Metadata } from 'next';
import { Suspense } from 'react';
import { LeadDetail } from '@/components/leads/lead-detail';
import { DetailSkeleton } from '@/components/ui/detail';
import { leadQuery } from '@/lib/client/hooks/use-leads';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { Prefetch, prefetchCustomFields } from '../../prefetch';
import { timelineQuery } from '@/lib/client/hooks/use-timeline';

export const metadata: Metadata = { title: 'Lead' };

// The lead, its timeline, its custom fields and the people it can be assigned to, in the server's HTML.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<DetailSkeleton />}>
      <Prefetch
        load={(client) =>
          Promise.allSettled([
            client.prefetchQuery(leadQuery(id)),
            client.prefetchInfiniteQuery(timelineQuery('lead', id)),
            prefetchCustomFields(client, 'leads'),
            client.prefetchQuery(optionsQuery('/users', 'users')),
          ])
        }
      >
        <LeadDetail id={id} />
      </Prefetch>
    </Suspense>
  );
}
