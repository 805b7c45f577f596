import type { Metadata } from 'next';
import { ContactsPage } from '@/components/contacts/contacts-page';
import { CONTACTS_URL_KEYS, contactsListParams } from '@/components/contacts/contacts-params';
import { contactsQuery } from '@/lib/client/hooks/use-contacts';
import type { SearchParams } from '@/lib/shared/url-state';
import { CustomFieldsListPage } from '../prefetch';

export const metadata: Metadata = { title: 'Contacts' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <CustomFieldsListPage
      searchParams={searchParams}
      resource="contacts"
      keys={CONTACTS_URL_KEYS}
      query={(state, filters) => contactsQuery(contactsListParams(state, filters))}
    >
      <ContactsPage />
    </CustomFieldsListPage>
  );
}
