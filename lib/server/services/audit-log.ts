import type { Db } from '@/db';
import { listAuditEntries } from '@/db/queries/audit-log';
import { serializeAuditEntry } from '@/lib/server/serializers/audit-log';
import type { AuditEntryResponse, AuditLogQuery } from '@/lib/shared/validation/audit-log';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

// Who changed what in the account, for its admins: the webhook messages with their actor and how
// they were signed in.

export async function listAuditLog(db: Db, ctx: CallerContext, query: AuditLogQuery): Promise<Page<AuditEntryResponse>> {
  const result = await listAuditEntries(db, ctx.accountId, query, pageWindow(query));
  return toPage(query, result, serializeAuditEntry);
}
