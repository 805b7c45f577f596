import type { Metadata } from 'next';
import { ListsPage } from '@/components/settings/lists-page';

export const metadata: Metadata = { title: 'Lists · Settings' };

// Everyone reads the lists and how much each value is used; account admins change them.
export default function Page() {
  return <ListsPage />;
}
