import { index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { id, parentRef, timestamps, ts } from './columns';

// Better Auth's session, account and verification models (browser sign-in), on our bigint
// identity ids (`advanced.database.generateId: "serial"`). Property names are Better Auth's field
// names, which its Drizzle adapter addresses directly; the user model is `users`.

const userId = () => parentRef('user_id', () => users.id);

/** A browser session; `token` is the value of the signed session cookie. */
export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    token: text('token').notNull(),
    expiresAt: ts('expires_at').notNull(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: userId(),
    ...timestamps,
  },
  (t) => [uniqueIndex('sessions_token_key').on(t.token), index('sessions_user_id_idx').on(t.userId)],
);

/**
 * Better Auth's "account" model: a way to sign in (`credential` holds the password hash). Named
 * auth_accounts because `accounts` are our tenants; its provider-side id is `provider_account_id`.
 */
export const authAccounts = pgTable(
  'auth_accounts',
  {
    id: id(),
    providerAccountId: text('provider_account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: userId(),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: ts('access_token_expires_at'),
    refreshTokenExpiresAt: ts('refresh_token_expires_at'),
    scope: text('scope'),
    /** Better Auth's scrypt hash, for the `credential` provider. */
    password: text('password'),
    ...timestamps,
  },
  (t) => [uniqueIndex('auth_accounts_provider_key').on(t.providerId, t.providerAccountId), index('auth_accounts_user_id_idx').on(t.userId)],
);

/** Short-lived values (email verification, password reset tokens). */
export const verifications = pgTable(
  'verifications',
  {
    id: id(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: ts('expires_at').notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);
