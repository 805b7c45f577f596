import type { Metadata } from 'next';
import { WebhookEndpointsPage } from '@/components/webhooks/webhook-endpoints-page';
import { requirePageAccess } from '@/lib/server/auth/page-access';

export const metadata: Metadata = { title: 'Webhook endpoints · Settings' };

// Webhooks are managed by the account's admins (docs/permissions.md).
export default async function Page() {
  await requirePageAccess({ admin: true });
  return <WebhookEndpointsPage />;
}
