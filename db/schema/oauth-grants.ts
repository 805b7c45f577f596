import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { columnIndexes, id, parentRef, timestamps, ts } from './columns';
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
    userId: parentRef('user_id', () => users.id),
    applicationId: parentRef('application_id', () => oauthApplications.id),
    scope: text('scope').notNull(),
    lastAuthorizedAt: ts('last_authorized_at').notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('oauth_grants_user_application_key').on(t.userId, t.applicationId),
    ...columnIndexes('oauth_grants', t.applicationId, t.accountId),
    check('oauth_grants_scope_check', sql`${t.scope} in ('read', 'read write')`),
  ],
);

/**
 * The grant an authorization code or a refresh token is issued under, and the grant's application;
 * deleting either deletes the code or token.
 */
export const grantColumns = () => ({
  grantId: parentRef('grant_id', () => oauthGrants.id),
  applicationId: parentRef('application_id', () => oauthApplications.id),
});
