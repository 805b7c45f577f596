import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, timestamps, ts } from './columns';
import { oauthApplications } from './oauth-applications';

/**
 * A user's consent to an application (one row per user and application, its scope widened by
 * later consents). Revoking it revokes every token issued under it.
 */
export const oauthGrants = pgTable(
  'oauth_grants',
  {
    id: id(),
    accountId: accountId(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    applicationId: bigint('application_id', { mode: 'number' })
      .notNull()
      .references(() => oauthApplications.id, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    lastAuthorizedAt: ts('last_authorized_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('oauth_grants_user_application_key').on(t.userId, t.applicationId),
    index('oauth_grants_application_id_idx').on(t.applicationId),
    index('oauth_grants_account_id_idx').on(t.accountId),
    check('oauth_grants_scope_check', sql`${t.scope} in ('read', 'read write')`),
  ],
);
