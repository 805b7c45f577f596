import type { Metadata } from 'next';
import { LeadDetail } from '@/components/leads/lead-detail';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { leadQuery } from '@/lib/client/hooks/use-leads';
import { RecordPagePrefetch } from '../../record-page-prefetch';

export const metadata: Metadata = { title: 'Lead' };

// The lead, its timeline, its custom fields and the people it can be assigned to, in the server's HTML.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RecordPagePrefetch
      id={id}
      record={leadQuery(id)}
      timeline="lead"
      customFields="leads"
      extra={(client) => [client.prefetchQuery(optionsQuery('/users', 'users'))]}
    >
      <LeadDetail id={id} />
    </RecordPagePrefetch>
  );
}
