import type { Metadata } from 'next';
import { ContactsPage } from '@/components/contacts/contacts-page';
import { CONTACTS_URL_KEYS, contactsListParams } from '@/components/contacts/contacts-params';
import { customFieldFilters } from '@/components/custom-fields/custom-field-params';
import { contactsQuery } from '@/lib/client/hooks/use-contacts';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage, prefetchWithCustomFields } from '../prefetch';

export const metadata: Metadata = { title: 'Contacts' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={(client, search) =>
        prefetchWithCustomFields(
          client,
          'contacts',
          client.prefetchQuery(contactsQuery(contactsListParams(readUrlState(search, CONTACTS_URL_KEYS), customFieldFilters(search)))),
        )
      }
    >
      <ContactsPage />
    </PrefetchedPage>
  );
}
