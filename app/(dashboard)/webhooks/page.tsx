import type { Metadata } from 'next';
import { WebhooksPage } from '@/components/webhooks/webhooks-page';
import { WEBHOOKS_URL_KEYS, webhookMessagesListParams } from '@/components/webhooks/webhooks-params';
import { webhookMessagesQuery } from '@/lib/client/hooks/use-webhook-messages';
import { readUrlState, type SearchParams } from '@/lib/shared/url-state';
import { PrefetchedPage } from '../prefetch';

export const metadata: Metadata = { title: 'Webhook messages' };

export default function Page({ searchParams }: { searchParams: Promise<SearchParams> }) {
  return (
    <PrefetchedPage
      searchParams={searchParams}
      load={(client, search) => client.prefetchQuery(webhookMessagesQuery(webhookMessagesListParams(readUrlState(search, WEBHOOKS_URL_KEYS))))}
    >
      <WebhooksPage />
    </PrefetchedPage>
  );
}
