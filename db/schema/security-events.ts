import { check, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { apiTokens } from './api-tokens';
import { columnIndexes, id, oneOf, ref, ts } from './columns';
import { AUTH_METHODS, SECURITY_EVENT_KINDS } from './enums';
import { oauthApplications } from './oauth-applications';

/**
 * The security half of the audit log: who managed users and credentials, and who signed in or
 * failed to, each row written in the transaction of the change itself (sign-ins: as Better Auth
 * answers). Record changes are the other half (webhook_messages). Never delivered to webhooks.
 */
export const securityEvents = pgTable(
  'security_events',
  {
    id: id(),
    accountId: accountId(),
    kind: text('kind').notNull(),
    /** Who acted; for a sign-in, the user signing in. Null: the system, or a deleted user. */
    actorId: ref('actor_id', () => users.id),
    authMethod: text('auth_method'),
    tokenId: ref('token_id', () => apiTokens.id),
    oauthApplicationId: ref('oauth_application_id', () => oauthApplications.id),
    /** What was acted on: `user`, `api_token`, `oauth_application`, `oauth_grant`, `webhook`, `session`. */
    subjectType: text('subject_type'),
    subjectId: text('subject_id'),
    /** What changed (`{"role": {"from": "member", "to": "admin"}}`, `{"changed": ["url"]}`…). */
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('security_events_account_created_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('security_events_account_kind_idx').on(t.accountId, t.kind, t.createdAt.desc().nullsFirst()),
    ...columnIndexes('security_events', t.actorId, t.tokenId, t.oauthApplicationId),
    check('security_events_kind_check', oneOf(t.kind, SECURITY_EVENT_KINDS)),
    check('security_events_auth_method_check', oneOf(t.authMethod, AUTH_METHODS)),
  ],
);
