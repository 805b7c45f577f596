import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountId } from './accounts';
import { apiTokens } from './api-tokens';
import { TOKEN_AUDIENCES } from './enums';
import { columnIndexes, id, ts } from './columns';
import { grantColumns } from './oauth-grants';

/**
 * Refresh tokens (SHA-256 only), rotated on every use. A family is the chain started by one
 * authorization code: presenting a rotated member again revokes the whole family and the access
 * tokens issued with it (`access_token_id`).
 */
export const oauthRefreshTokens = pgTable(
  'oauth_refresh_tokens',
  {
    id: id(),
    accountId: accountId(),
    ...grantColumns(),
    familyId: uuid('family_id').notNull(),
    /** The resource the token is for (RFC 8707): the HTTP API or the MCP server (docs/mcp.md). */
    audience: text('audience', { enum: TOKEN_AUDIENCES }).notNull().default('api'),
    tokenHash: text('token_hash').notNull(),
    accessTokenId: bigint('access_token_id', { mode: 'number' }).references(() => apiTokens.id, { onDelete: 'set null' }),
    scope: text('scope').notNull(),
    expiresAt: ts('expires_at').notNull(),
    rotatedAt: ts('rotated_at'),
    revokedAt: ts('revoked_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_refresh_tokens_token_hash_key').on(t.tokenHash),
    ...columnIndexes('oauth_refresh_tokens', t.familyId, t.grantId, t.applicationId, t.accessTokenId, t.accountId),
    check('oauth_refresh_tokens_audience_check', sql`${t.audience} in ('api', 'mcp')`),
    check('oauth_refresh_tokens_scope_check', sql`${t.scope} in ('read', 'read write')`),
  ],
);
