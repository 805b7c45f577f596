import { and, count, desc, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { webhookMessages } from '@/db/schema';

export type WebhookMessageRow = typeof webhookMessages.$inferSelect;

export async function insertWebhookMessage(db: Db, values: typeof webhookMessages.$inferInsert) {
  await db.insert(webhookMessages).values(values);
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
