import { and, desc, eq, gte, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/db';
import { oauthApplications, securityEvents, users } from '@/db/schema';
import type { SecurityEventKind } from '@/db/schema/enums';
import { actorAndApplication } from './audit-log';
import { type PageWindow, pageWithTotal } from './sql';

export interface SecurityEventValues {
  accountId: number;
  kind: SecurityEventKind;
  actorId: number | null;
  /** The API or OAuth token the actor used; none: the browser session (or no actor). */
  tokenId?: number | null;
  /** The OAuth application the event is about, when no token names it (a consent, a refresh token's reuse). */
  oauthApplicationId?: number | null;
  /** false for a sign-in: the actor was not signed in yet (no auth method). */
  signedIn?: boolean;
  subjectType?: string | null;
  subjectId?: string | number | null;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
}

/**
 * One security event. How the actor was signed in is read off the token, as for webhook messages
 * (db/queries/webhook-messages.ts): none is the session, an OAuth access token names its application.
 */
export async function insertSecurityEvent(db: Db, values: SecurityEventValues): Promise<void> {
  const tokenId = values.tokenId ?? null;
  const subjectId = values.subjectId === undefined || values.subjectId === null ? null : String(values.subjectId);
  await db.execute(sql`
    with token as (select id, kind, oauth_application_id from api_tokens where id = ${tokenId})
    insert into security_events (account_id, kind, actor_id, auth_method, token_id, oauth_application_id, subject_type, subject_id, details, ip_address, user_agent)
    select ${values.accountId}, ${values.kind}, ${values.actorId},
      case when ${values.actorId}::bigint is null or not ${values.signedIn ?? true} then null
           when token.id is null then 'session'
           when token.kind = 'oauth_access' then 'oauth'
           else 'api_token' end,
      token.id, coalesce(token.oauth_application_id, ${values.oauthApplicationId ?? null}::bigint), ${values.subjectType ?? null}, ${subjectId},
      ${JSON.stringify(values.details ?? {})}::jsonb, ${values.ipAddress ?? null}, ${values.userAgent ?? null}
    from (select 1) one left join token on true`);
}

/** The list query's filters (lib/shared/validation/security-events.ts), by their API names. */
export interface SecurityEventFilters {
  kind?: readonly SecurityEventKind[];
  actor_id?: number;
  since?: Date;
}

export async function listSecurityEvents(db: Db, accountId: number, filters: SecurityEventFilters, page: PageWindow) {
  const where = and(
    eq(securityEvents.accountId, accountId),
    filters.kind?.length ? inArray(securityEvents.kind, [...filters.kind]) : undefined,
    filters.actor_id !== undefined ? eq(securityEvents.actorId, filters.actor_id) : undefined,
    filters.since ? gte(securityEvents.createdAt, filters.since) : undefined,
  ) as SQL;
  return pageWithTotal(
    db,
    db
      .select({ event: securityEvents, ...actorAndApplication })
      .from(securityEvents)
      .leftJoin(users, eq(users.id, securityEvents.actorId))
      .leftJoin(oauthApplications, eq(oauthApplications.id, securityEvents.oauthApplicationId))
      .$dynamic(),
    securityEvents,
    where,
    [desc(securityEvents.createdAt), desc(securityEvents.id)],
    page,
  );
}
export type SecurityEventRow = Awaited<ReturnType<typeof listSecurityEvents>>['items'][number];
