import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { oauthApplications, users, webhookMessages } from '@/db/schema';

// The audit log: the account's webhook messages with who made each change and how.

export interface AuditFilters {
  actorId?: number;
  eventTypes?: string[];
  resourceId?: string;
  since?: Date;
}

export async function listAuditEntries(db: Db, accountId: number, filters: AuditFilters, page: { limit: number; offset: number }) {
  const conditions: (SQL | undefined)[] = [
    eq(webhookMessages.accountId, accountId),
    filters.actorId !== undefined ? eq(webhookMessages.actorId, filters.actorId) : undefined,
    filters.eventTypes?.length ? inArray(webhookMessages.eventType, filters.eventTypes) : undefined,
    filters.resourceId !== undefined ? sql`${webhookMessages.payload}->>'id' = ${filters.resourceId}` : undefined,
    filters.since ? gte(webhookMessages.timestamp, filters.since) : undefined,
  ];
  const where = and(...conditions);
  const [items, [total]] = await Promise.all([
    db
      .select({
        message: webhookMessages,
        actor: { id: users.id, createdAt: users.createdAt, updatedAt: users.updatedAt, firstName: users.firstName, lastName: users.lastName, email: users.email },
        application: { id: oauthApplications.id, name: oauthApplications.name },
      })
      .from(webhookMessages)
      .leftJoin(users, eq(users.id, webhookMessages.actorId))
      .leftJoin(oauthApplications, eq(oauthApplications.id, webhookMessages.oauthApplicationId))
      .where(where)
      .orderBy(desc(webhookMessages.timestamp), desc(webhookMessages.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(webhookMessages).where(where),
  ]);
  return { items, total: total?.n ?? 0 };
}
export type AuditRow = Awaited<ReturnType<typeof listAuditEntries>>['items'][number];
