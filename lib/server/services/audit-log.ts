import type { Db } from '@/db';
import { listAuditEntries } from '@/db/queries/audit-log';
import { serializeAuditEntry } from '@/lib/server/serializers/audit-log';
import type { AuditEntryResponse, AuditLogQuery } from '@/lib/shared/validation/audit-log';
import { EVENT_ACTIONS, EVENT_RESOURCES } from '@/lib/shared/resources';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

// Who changed what in the account, for its admins: the webhook messages with their actor and how
// they were signed in.

/** The event types the `resource` and `action` filters select (either alone: with every value of the other); neither: no filter. */
function eventTypes({ resource, action }: AuditLogQuery): string[] | undefined {
  if (!resource && !action) return undefined;
  const resources = resource ? [resource] : EVENT_RESOURCES;
  const actions = action ? [action] : EVENT_ACTIONS;
  return resources.flatMap((r) => actions.map((a) => `${r}.${a}`));
}

export async function listAuditLog(db: Db, ctx: CallerContext, query: AuditLogQuery): Promise<Page<AuditEntryResponse>> {
  const result = await listAuditEntries(db, ctx.accountId, { ...query, event_types: eventTypes(query) }, pageWindow(query));
  return toPage(query, result, serializeAuditEntry);
}
