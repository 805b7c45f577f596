import { and, count, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { oauthApplications, users, webhookMessages } from '@/db/schema';
import { EVENT_ACTIONS, EVENT_RESOURCES } from '@/db/schema/enums';

// The audit log: the account's webhook messages with who made each change and how.

/** The audit log query's filters (lib/shared/validation/audit-log.ts), by their API names. */
export interface AuditFilters {
  actor_id?: number;
  resource?: (typeof EVENT_RESOURCES)[number];
  action?: (typeof EVENT_ACTIONS)[number];
  resource_id?: string;
  since?: Date;
}

/** The event types the `resource` and `action` filters select (either alone: with every value of the other); neither: no filter. */
function eventTypes(f: AuditFilters): string[] | undefined {
  if (!f.resource && !f.action) return undefined;
  const resources = f.resource ? [f.resource] : EVENT_RESOURCES;
  const actions = f.action ? [f.action] : EVENT_ACTIONS;
  return resources.flatMap((r) => actions.map((a) => `${r}.${a}`));
}

export async function listAuditEntries(db: Db, accountId: number, filters: AuditFilters, page: { limit: number; offset: number }) {
  const types = eventTypes(filters);
  const conditions: (SQL | undefined)[] = [
    eq(webhookMessages.accountId, accountId),
    filters.actor_id !== undefined ? eq(webhookMessages.actorId, filters.actor_id) : undefined,
    types?.length ? inArray(webhookMessages.eventType, types) : undefined,
    filters.resource_id !== undefined ? sql`${webhookMessages.payload}->>'id' = ${filters.resource_id}` : undefined,
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
