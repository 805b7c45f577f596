import type { Metadata } from 'next';
import { WebhookEndpointsPage } from '@/components/webhooks/webhook-endpoints-page';
import { mayOpenPage } from '@/lib/server/auth/page-access';

export const metadata: Metadata = { title: 'Webhook endpoints · Settings' };

// Webhooks are managed by the account's admins (docs/permissions.md).
export default async function Page() {
  if (!(await mayOpenPage({ admin: true }))) {
    return (
      <p role="alert" className="rounded-lg border border-slate-200 bg-white px-6 py-10 text-center text-sm dark:border-slate-800 dark:bg-slate-900">
        Only an admin of your account manages webhooks.
      </p>
    );
  }
  return <WebhookEndpointsPage />;
}
