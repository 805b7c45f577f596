import { bigint, check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { accountId, users } from './accounts';
import { TOKEN_AUDIENCES } from './enums';
import { columnIndexes, id, parentRef, timestamps, ts } from './columns';
import { oauthApplications } from './oauth-applications';
import { oauthGrants } from './oauth-grants';

/**
 * Credentials for the API. Only the SHA-256 of a token is stored. OAuth access tokens
 * (`kind` 'oauth_access') are one more kind of token, checked by the same code: they name their
 * application, and the user's grant unless they came from the client-credentials grant.
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    accountId: accountId(),
    userId: parentRef('user_id', () => users.id),
    kind: text('kind').notNull().default('personal'),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    /** The last characters of the token, so a user can tell tokens apart. */
    hint: text('hint').notNull(),
    scope: text('scope').notNull().default('read write'),
    /** The resource the token is for (RFC 8707): the HTTP API or the MCP server (docs/mcp.md). */
    audience: text('audience', { enum: TOKEN_AUDIENCES }).notNull().default('api'),
    lastUsedAt: ts('last_used_at'),
    expiresAt: ts('expires_at'),
    revokedAt: ts('revoked_at'),
    oauthApplicationId: bigint('oauth_application_id', { mode: 'number' }).references(() => oauthApplications.id, {
      onDelete: 'cascade',
    }),
    oauthGrantId: bigint('oauth_grant_id', { mode: 'number' }).references(() => oauthGrants.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash),
    ...columnIndexes('api_tokens', t.userId, t.accountId, t.oauthApplicationId, t.oauthGrantId),
    check('api_tokens_kind_check', sql`${t.kind} in ('personal', 'oauth_access')`),
    check('api_tokens_audience_check', sql`${t.audience} in ('api', 'mcp')`),
    check('api_tokens_scope_check', sql`${t.scope} in ('read', 'read write')`),
  ],
);
