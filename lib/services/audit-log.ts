import type { Db } from '@/db';
import { listAuditEntries } from '@/db/queries/audit-log';
import { EVENT_ACTIONS, EVENT_RESOURCES } from '@/db/schema/enums';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { serializeAuditEntry } from '@/lib/serializers/audit-log';
import type { AuditEntryResponse, AuditLogQuery } from '@/lib/validation/audit-log';

// Who changed what in the account, for its admins: the webhook messages with their actor and how
// they were signed in.

export async function listAuditLog(db: Db, ctx: ApiContext, query: AuditLogQuery): Promise<Page<AuditEntryResponse>> {
  const resources = query.resource ? [query.resource] : EVENT_RESOURCES;
  const actions = query.action ? [query.action] : EVENT_ACTIONS;
  const eventTypes = query.resource || query.action ? resources.flatMap((r) => actions.map((a) => `${r}.${a}`)) : undefined;
  const result = await listAuditEntries(
    db,
    ctx.accountId,
    { actorId: query.actor_id, eventTypes, resourceId: query.resource_id, since: query.since },
    pageWindow(query),
  );
  return toPage(query, result, serializeAuditEntry);
}
