import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { webhookAttempts, webhookMessages, webhooks } from '@/db/schema';
import { type PageWindow, pageWithTotal, rows } from './sql';
import { ofAccount, readsById } from './tenant';

// Webhook subscriptions and their attempt log.

export type WebhookRow = typeof webhooks.$inferSelect;

export async function listWebhooks(db: Db, accountId: number, page: PageWindow) {
  const where = eq(webhooks.accountId, accountId);
  return pageWithTotal(db, db.select().from(webhooks).$dynamic(), webhooks, where, [desc(webhooks.createdAt), desc(webhooks.id)], page);
}

/** A subscription is addressed by its UUID (its API id), always within the account. */
const one = (accountId: number, uuid: string) => and(eq(webhooks.accountId, accountId), eq(webhooks.uuid, uuid));

export async function findWebhook(db: Db, accountId: number, uuid: string): Promise<WebhookRow | undefined> {
  const [row] = await db.select().from(webhooks).where(one(accountId, uuid));
  return row;
}

/** The subscription's key (its row id) from its UUID, within the account. */
export async function webhookKey(db: Db, accountId: number, uuid: string): Promise<number | undefined> {
  const [row] = await db.select({ id: webhooks.id }).from(webhooks).where(one(accountId, uuid));
  return row?.id;
}

/** A subscription by its key (its row locked with `lock`), as the write skeleton reads it. */
export const { find: findWebhookByKey } = readsById((db) => db.select().from(webhooks), webhooks);

/** Writes the columns and answers the row. */
export async function updateWebhookColumns(db: Db, accountId: number, id: number, values: Partial<typeof webhooks.$inferInsert>) {
  const [row] = await db
    .update(webhooks)
    .set(values)
    .where(ofAccount(webhooks, accountId, id))
    .returning();
  return row;
}

const attemptSelection = {
  attempt: webhookAttempts,
  webhookUuid: webhooks.uuid,
  eventId: webhookMessages.eventId,
  eventType: webhookMessages.eventType,
};

export type WebhookAttemptRow = {
  attempt: typeof webhookAttempts.$inferSelect;
  webhookUuid: string;
  eventId: string;
  eventType: string;
};

/** The attempt list query's filters (lib/shared/validation/webhooks.ts), by their API names. */
export interface WebhookAttemptFilters {
  message_id?: number;
  succeeded?: boolean;
}

/** A subscription's attempts, newest first, with its UUID and their message's event id and type (joins). */
export async function listWebhookAttempts(db: Db, accountId: number, webhookId: number, filters: WebhookAttemptFilters, page: PageWindow) {
  const where = and(
    eq(webhookAttempts.accountId, accountId),
    eq(webhookAttempts.webhookId, webhookId),
    filters.message_id !== undefined ? eq(webhookAttempts.messageId, filters.message_id) : undefined,
    filters.succeeded !== undefined ? eq(webhookAttempts.succeeded, filters.succeeded) : undefined,
  );
  const { items, total } = await pageWithTotal(
    db,
    db
      .select(attemptSelection)
      .from(webhookAttempts)
      .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
      .innerJoin(webhooks, eq(webhooks.id, webhookAttempts.webhookId))
      .$dynamic(),
    webhookAttempts,
    where,
    [desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id)],
    page,
  );
  return { items: items as WebhookAttemptRow[], total };
}

/**
 * Sends a message again: to one subscription, or to every enabled one that wants its type. A
 * delivery that exists starts over (pending, due now, attempts counted afresh); its trigger
 * enqueues the job. Returns how many deliveries were (re)scheduled.
 */
export async function scheduleResend(db: Db, accountId: number, messageId: number, webhookId?: number): Promise<number> {
  const scheduled = await rows<{ id: string }>(
    db,
    sql`
    insert into webhook_deliveries (account_id, webhook_id, message_id)
    select m.account_id, w.id, m.id
    from webhook_messages m
    join webhooks w on w.account_id = m.account_id
    where m.account_id = ${accountId} and m.id = ${messageId}
      and ${
        webhookId === undefined ? sql`not w.disabled and (cardinality(w.filter_types) = 0 or m.event_type = any(w.filter_types))` : sql`w.id = ${webhookId}`
      }
    on conflict (webhook_id, message_id) do update
      set status = 'pending', attempt_count = 0, next_attempt_at = now(), completed_at = null, updated_at = now()
    returning id`,
  );
  return scheduled.length;
}
