import type { Db } from '@/db';
import type { SecurityEventKind } from '@/db/schema/enums';
import { insertSecurityEvent, listSecurityEvents } from '@/db/queries/security-events';
import { serializeSecurityEvent } from '@/lib/server/serializers/security-events';
import type { SecurityEventListQuery, SecurityEventResponse } from '@/lib/shared/validation/security-events';
import { pageWindow, toPage, type Page } from '@/lib/server/services/paging';
import type { CallerContext } from '@/lib/server/services/context';

// The security half of the audit log: user management, credentials, webhook endpoints, sessions
// and sign-ins. Each write service records its event with the change, in its transaction.

/** Records what the caller did to a user, a credential or an endpoint, with where they were. */
export async function recordSecurityEvent(
  db: Db,
  ctx: CallerContext,
  event: { kind: SecurityEventKind; subjectType: string; subjectId: number | string | null; details?: Record<string, unknown> },
): Promise<void> {
  await insertSecurityEvent(db, {
    accountId: ctx.accountId,
    kind: event.kind,
    actorId: ctx.userId,
    tokenId: ctx.authMethod === 'token' ? (ctx.tokenId ?? null) : null,
    subjectType: event.subjectType,
    subjectId: event.subjectId,
    details: event.details,
    ipAddress: ctx.client?.address ?? null,
    userAgent: ctx.client?.userAgent ?? null,
  });
}

export async function listSecurityEventLog(db: Db, ctx: CallerContext, query: SecurityEventListQuery): Promise<Page<SecurityEventResponse>> {
  const result = await listSecurityEvents(db, ctx.accountId, query, pageWindow(query));
  return toPage(query, result, serializeSecurityEvent);
}
