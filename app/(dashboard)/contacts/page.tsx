import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ContactsPage } from '@/components/contacts/contacts-page';
import { CONTACTS_URL_KEYS, contactsListParams } from '@/components/contacts/contacts-params';
import { customFieldFilters } from '@/components/custom-fields/custom-field-params';
import { TableSkeleton } from '@/components/ui/states';
import { contactsQuery } from '@/lib/client/hooks/use-contacts';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch, prefetchCustomFields } from '../prefetch';

export const metadata: Metadata = { title: 'Contacts' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch
        load={async (client) => {
          const search = await searchParams;
          // Settled, not all: a failed definitions read still waits for the list.
          await Promise.allSettled([
            client.prefetchQuery(contactsQuery(contactsListParams(readUrlState(search, CONTACTS_URL_KEYS), customFieldFilters(search)))),
            prefetchCustomFields(client, 'contacts'),
          ]);
        }}
      >
        <ContactsPage />
      </Prefetch>
    </Suspense>
  );
}
