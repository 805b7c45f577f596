import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { webhookMessages } from '@/db/schema';

export type WebhookMessageRow = typeof webhookMessages.$inferSelect;

/**
 * Writes a message and, in the same statement, one delivery per enabled subscription of the
 * account that wants its event type (their trigger enqueues the jobs): a committed change always
 * has its message and its deliveries, a rolled-back one neither.
 */
export async function insertWebhookMessage(
  db: Db,
  values: { accountId: number; eventType: string; payload: { id: string; url: string }; actorId: number | null },
) {
  await db.execute(sql`
    with message as (
      insert into webhook_messages (account_id, event_type, payload, actor_id)
      values (${values.accountId}, ${values.eventType}, ${JSON.stringify(values.payload)}::jsonb, ${values.actorId})
      returning id, account_id, event_type
    )
    insert into webhook_deliveries (account_id, webhook_id, message_id)
    select message.account_id, webhooks.id, message.id
    from message
    join webhooks on webhooks.account_id = message.account_id
      and not webhooks.disabled
      and (cardinality(webhooks.filter_types) = 0 or message.event_type = any(webhooks.filter_types))`);
}

export async function findWebhookMessage(db: Db, accountId: number, id: number): Promise<WebhookMessageRow | undefined> {
  const [row] = await db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.accountId, accountId), eq(webhookMessages.id, id)));
  return row;
}

export interface WebhookMessageFilters {
  eventTypes?: string[];
  since?: Date;
}

export async function listWebhookMessages(
  db: Db,
  accountId: number,
  filters: WebhookMessageFilters,
  page: { limit: number; offset: number },
) {
  const conditions: (SQL | undefined)[] = [
    eq(webhookMessages.accountId, accountId),
    filters.eventTypes?.length ? inArray(webhookMessages.eventType, filters.eventTypes) : undefined,
    filters.since ? gte(webhookMessages.timestamp, filters.since) : undefined,
  ];
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select()
      .from(webhookMessages)
      .where(where)
      .orderBy(desc(webhookMessages.timestamp), desc(webhookMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookMessages).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}
