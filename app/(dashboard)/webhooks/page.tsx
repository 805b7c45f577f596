import type { Metadata } from 'next';
import { Suspense } from 'react';
import { TableSkeleton } from '@/components/ui/states';
import { WebhooksPage } from '@/components/webhooks/webhooks-page';

export const metadata: Metadata = { title: 'Webhook messages' };

export default function Page() {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <WebhooksPage />
    </Suspense>
  );
}
