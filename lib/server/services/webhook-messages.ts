import type { Db } from '@/db';
import { listWebhookMessages as queryMessages } from '@/db/queries/webhook-messages';
import { serializeWebhookMessage } from '@/lib/server/serializers/webhook-messages';
import type { WebhookMessageListQuery, WebhookMessageResponse } from '@/lib/shared/validation/webhook-messages';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

/** The account's event feed, newest first (`updated_since` means `since`: db/queries/webhook-messages.ts). */
export async function listWebhookMessages(db: Db, ctx: CallerContext, query: WebhookMessageListQuery): Promise<Page<WebhookMessageResponse>> {
  const result = await queryMessages(db, ctx.accountId, query, pageWindow(query));
  return toPage(query, result, serializeWebhookMessage);
}
