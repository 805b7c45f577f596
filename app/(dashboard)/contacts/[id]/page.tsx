import type { Metadata } from 'next';
import { ContactDetail } from '@/components/contacts/contact-detail';
import { contactCallsParams } from '@/components/contacts/contacts-params';
import { callsQuery } from '@/lib/client/hooks/use-calls';
import { contactQuery } from '@/lib/client/hooks/use-contacts';
import { RecordPagePrefetch } from '../../record-page-prefetch';

export const metadata: Metadata = { title: 'Contact' };

// The contact, its custom fields and its calls, in the server's HTML.
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return (
    <RecordPagePrefetch
      id={id}
      record={contactQuery(id)}
      timeline="contact"
      customFields="contacts"
      extra={(client) => [client.prefetchQuery(callsQuery(contactCallsParams(id)))]}
    >
      <ContactDetail id={id} />
    </RecordPagePrefetch>
  );
}
