import type { Metadata } from 'next';
import { WebhookEndpointsPage } from '@/components/webhooks/webhook-endpoints-page';

export const metadata: Metadata = { title: 'Webhook endpoints · Settings' };

export default function Page() {
  return <WebhookEndpointsPage />;
}
