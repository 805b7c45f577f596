import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, users } from './accounts';
import { id, timestamps } from './columns';

/** How a client came to be: created by a user of an account, or registered by itself (RFC 7591). */
export const OAUTH_REGISTRATIONS = ['account', 'dynamic'] as const;

/**
 * An OAuth 2.0 client registered by a user of the account. Only the SHA-256 of the client secret
 * is kept (public clients, which cannot keep one, have none and must use PKCE). `scope` bounds
 * what its tokens may get; the rate limit columns override the default budget of its tokens.
 *
 * A client that registered itself (`registration` 'dynamic', POST /oauth/register: an AI assistant
 * connecting to the MCP server) belongs to no account and has no owner: it is public, and any
 * account's user may authorize it; its grants and tokens belong to that user's account, and the
 * account's admins see and revoke them (docs/mcp.md).
 */
export const oauthApplications = pgTable(
  'oauth_applications',
  {
    id: id(),
    accountId: bigint('account_id', { mode: 'number' }).references(() => accounts.id, { onDelete: 'cascade' }),
    ownerId: bigint('owner_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    registration: text('registration', { enum: OAUTH_REGISTRATIONS }).notNull().default('account'),
    name: text('name').notNull(),
    clientId: text('client_id').notNull(),
    clientSecretHash: text('client_secret_hash'),
    /** The last characters of the secret, to tell a rotated secret from the old one. */
    secretHint: text('secret_hint'),
    confidential: boolean('confidential').notNull().default(true),
    redirectUris: text('redirect_uris')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    scope: text('scope').notNull().default('read write'),
    /** Requests per `rate_limit_duration` seconds for each of its tokens; null: the default. */
    rateLimitPoints: integer('rate_limit_points'),
    rateLimitDuration: integer('rate_limit_duration'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('oauth_applications_client_id_key').on(t.clientId),
    index('oauth_applications_account_id_idx').on(t.accountId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    index('oauth_applications_owner_id_idx').on(t.ownerId),
    check('oauth_applications_registration_check', sql`${t.registration} in ('account', 'dynamic')`),
    // An account's client has its account and owner; a registered one has neither, and no secret.
    check(
      'oauth_applications_owner_check',
      sql`case when ${t.registration} = 'account' then ${t.accountId} is not null and ${t.ownerId} is not null else ${t.accountId} is null and ${t.ownerId} is null and not ${t.confidential} end`,
    ),
    check('oauth_applications_scope_check', sql`${t.scope} in ('read', 'read write')`),
    check('oauth_applications_secret_check', sql`${t.confidential} = (${t.clientSecretHash} is not null)`),
    check('oauth_applications_rate_limit_check', sql`${t.rateLimitPoints} is null or ${t.rateLimitPoints} between 1 and 100000`),
    check('oauth_applications_rate_duration_check', sql`${t.rateLimitDuration} is null or ${t.rateLimitDuration} between 1 and 86400`),
  ],
);
