import type { Db } from '@/db';
import { listAuditEntries } from '@/db/queries/audit-log';
import { pageWindow, toPage, type Page } from '@/lib/api/pagination';
import type { ApiContext } from '@/lib/api/route';
import { serializeAuditEntry } from '@/lib/serializers/audit-log';
import type { AuditEntryResponse, AuditLogQuery } from '@/lib/validation/audit-log';

// Who changed what in the account, for its admins: the webhook messages with their actor and how
// they were signed in.

export async function listAuditLog(db: Db, ctx: ApiContext, query: AuditLogQuery): Promise<Page<AuditEntryResponse>> {
  const result = await listAuditEntries(db, ctx.accountId, query, pageWindow(query));
  return toPage(query, result, serializeAuditEntry);
}
