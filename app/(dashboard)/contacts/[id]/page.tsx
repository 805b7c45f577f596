import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ContactDetail } from '@/components/contacts/contact-detail';
import { contactCallsParams } from '@/components/contacts/contacts-params';
import { DetailSkeleton } from '@/components/ui/detail';
import { callsQuery } from '@/lib/client/hooks/use-calls';
import { contactQuery } from '@/lib/client/hooks/use-contacts';
import { Prefetch, prefetchCustomFields } from '../../prefetch';
import { timelineQuery } from '@/lib/client/hooks/use-timeline';

export const metadata: Metadata = { title: 'Contact' };

// The contact, its custom fields and its calls, in the server's HTML.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <Suspense fallback={<DetailSkeleton />}>
      <Prefetch
        load={(client) =>
          Promise.allSettled([
            client.prefetchQuery(contactQuery(id)),
            client.prefetchInfiniteQuery(timelineQuery('contact', id)),
            prefetchCustomFields(client, 'contacts'),
            client.prefetchQuery(callsQuery(contactCallsParams(id))),
          ])
        }
      >
        <ContactDetail id={id} />
      </Prefetch>
    </Suspense>
  );
}
