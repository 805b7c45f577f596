import type { Metadata } from 'next';
import { OAuthAppsPage } from '@/components/settings/oauth-apps-page';

export const metadata: Metadata = { title: 'OAuth apps' };

export default function Page() {
  return <OAuthAppsPage />;
}
