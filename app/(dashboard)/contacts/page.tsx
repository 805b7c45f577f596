import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ContactsPage } from '@/components/contacts/contacts-page';
import { CONTACTS_URL_KEYS, contactsListParams } from '@/components/contacts/contacts-params';
import { customFieldFilters } from '@/components/custom-fields/custom-field-params';
import { TableSkeleton } from '@/components/ui/states';
import { contactsQuery } from '@/lib/client/hooks/use-contacts';
import { customFieldsQuery } from '@/lib/client/hooks/use-custom-fields';
import { optionsQuery } from '@/lib/client/hooks/use-lookups';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch } from '../prefetch';

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
            // The table's columns and filters of the account's own fields (and the users, for a field naming one).
            client.fetchQuery(customFieldsQuery('contacts')).then((fields) =>
              fields.some((f) => f.field_type === 'user') ? client.prefetchQuery(optionsQuery('/users', 'users')) : undefined,
            ),
          ]);
        }}
      >
        <ContactsPage />
      </Prefetch>
    </Suspense>
  );
}
