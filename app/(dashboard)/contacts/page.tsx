import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ContactsPage } from '@/components/contacts/contacts-page';
import { CONTACTS_URL_KEYS, contactsListParams } from '@/components/contacts/contacts-params';
import { TableSkeleton } from '@/components/ui/states';
import { contactsQuery } from '@/lib/client/hooks/use-contacts';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch } from '../prefetch';

export const metadata: Metadata = { title: 'Contacts' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch load={async (client) => client.prefetchQuery(contactsQuery(contactsListParams(readUrlState(await searchParams, CONTACTS_URL_KEYS))))}>
        <ContactsPage />
      </Prefetch>
    </Suspense>
  );
}
