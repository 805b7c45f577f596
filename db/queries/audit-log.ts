import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { oauthApplications, users, webhookMessages } from '@/db/schema';
import { type PageWindow, pageWithTotal } from './sql';

// The audit log: the account's webhook messages with who made each change and how.

/** The audit log query's filters (lib/shared/validation/audit-log.ts); `event_types`: the ones its `resource` and `action` select. */
export interface AuditFilters {
  actor_id?: number;
  event_types?: string[];
  resource_id?: string;
  since?: Date;
}

/**
 * Who acted and through which OAuth application, as the lists that show them read them (the audit
 * log, the security events): left-joined, so each is null when there was none.
 */
export const actorAndApplication = {
  actor: { id: users.id, createdAt: users.createdAt, updatedAt: users.updatedAt, firstName: users.firstName, lastName: users.lastName, email: users.email },
  application: { id: oauthApplications.id, name: oauthApplications.name },
};

export async function listAuditEntries(db: Db, accountId: number, filters: AuditFilters, page: PageWindow) {
  const types = filters.event_types;
  const conditions: (SQL | undefined)[] = [
    eq(webhookMessages.accountId, accountId),
    filters.actor_id !== undefined ? eq(webhookMessages.actorId, filters.actor_id) : undefined,
    types?.length ? inArray(webhookMessages.eventType, types) : undefined,
    filters.resource_id !== undefined ? sql`${webhookMessages.payload}->>'id' = ${filters.resource_id}` : undefined,
    filters.since ? gte(webhookMessages.timestamp, filters.since) : undefined,
  ];
  const where = and(...conditions);
  return pageWithTotal(
    db,
    db
      .select({ message: webhookMessages, ...actorAndApplication })
      .from(webhookMessages)
      .leftJoin(users, eq(users.id, webhookMessages.actorId))
      .leftJoin(oauthApplications, eq(oauthApplications.id, webhookMessages.oauthApplicationId))
      .$dynamic(),
    webhookMessages,
    where,
    [desc(webhookMessages.timestamp), desc(webhookMessages.id)],
    page,
  );
}
export type AuditRow = Awaited<ReturnType<typeof listAuditEntries>>['items'][number];
