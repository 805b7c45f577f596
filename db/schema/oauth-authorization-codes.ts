import { sql } from 'drizzle-orm';
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId } from './accounts';
import { TOKEN_AUDIENCES } from './enums';
import { columnIndexes, id, ts } from './columns';
import { grantColumns } from './oauth-grants';

/**
 * An authorization code (stored as its SHA-256): valid ten minutes, used once (`used_at`), bound
 * to its redirect URI and, with PKCE, to its code challenge.
 */
export const oauthAuthorizationCodes = pgTable(
  'oauth_authorization_codes',
  {
    id: id(),
    accountId: accountId(),
    ...grantColumns(),
    codeHash: text('code_hash').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    scope: text('scope').notNull(),
    codeChallenge: text('code_challenge'),
    /** The resource the token is for (RFC 8707): the HTTP API or the MCP server (docs/mcp.md). */
    audience: text('audience', { enum: TOKEN_AUDIENCES }).notNull().default('api'),
    codeChallengeMethod: text('code_challenge_method'),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('oauth_authorization_codes_code_hash_key').on(t.codeHash),
    ...columnIndexes('oauth_authorization_codes', t.grantId, t.applicationId, t.accountId),
    check('oauth_authorization_codes_audience_check', sql`${t.audience} in ('api', 'mcp')`),
    check('oauth_authorization_codes_scope_check', sql`${t.scope} in ('read', 'read write')`),
    check('oauth_authorization_codes_method_check', sql`${t.codeChallengeMethod} is null or ${t.codeChallengeMethod} = 'S256'`),
  ],
);
