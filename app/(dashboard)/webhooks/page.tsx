import type { Metadata } from 'next';
import { Suspense } from 'react';
import { WebhooksPage } from '@/components/webhooks/webhooks-page';
import { WEBHOOKS_URL_KEYS, webhookMessagesListParams } from '@/components/webhooks/webhooks-params';
import { TableSkeleton } from '@/components/ui/states';
import { webhookMessagesQuery } from '@/lib/client/hooks/use-webhook-messages';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { Prefetch } from '../prefetch';

export const metadata: Metadata = { title: 'Webhook messages' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <Suspense fallback={<TableSkeleton />}>
      <Prefetch load={async (client) => client.prefetchQuery(webhookMessagesQuery(webhookMessagesListParams(readUrlState(await searchParams, WEBHOOKS_URL_KEYS))))}>
        <WebhooksPage />
      </Prefetch>
    </Suspense>
  );
}
