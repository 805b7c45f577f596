import type { Db } from '@/db';
import { listWebhookMessages as queryMessages } from '@/db/queries/webhook-messages';
import { serializeWebhookMessage } from '@/lib/server/serializers/webhook-messages';
import { EVENT_RESOURCES, type WebhookMessageListQuery, type WebhookMessageResponse } from '@/lib/shared/validation/webhook-messages';
import type { EventResource } from './common';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

// The filter's list of resources must be exactly the resources recordEvent writes.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const resourcesMatch: Same<(typeof EVENT_RESOURCES)[number], EventResource> = true;
void resourcesMatch;

/** The account's event feed, newest first (`updated_since` means `since`: db/queries/webhook-messages.ts). */
export async function listWebhookMessages(db: Db, ctx: CallerContext, query: WebhookMessageListQuery): Promise<Page<WebhookMessageResponse>> {
  const result = await queryMessages(db, ctx.accountId, query, pageWindow(query));
  return toPage(query, result, serializeWebhookMessage);
}
