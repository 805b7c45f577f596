import type { Metadata } from 'next';
import { AuthorizedAppsPage } from '@/components/settings/authorized-apps-page';

export const metadata: Metadata = { title: 'Authorized apps' };

export default function Page() {
  return <AuthorizedAppsPage />;
}
