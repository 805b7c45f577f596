import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ContactsPage } from '@/components/contacts/contacts-page';
import { TableSkeleton } from '@/components/ui/states';

export const metadata: Metadata = { title: 'Contacts' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <ContactsPage />
    </Suspense>
  );
}
