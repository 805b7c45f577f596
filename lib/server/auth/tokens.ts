import { createHash, randomBytes } from 'node:crypto';
import { effectiveAccess, permissionsOf, type UserAccess } from '@/lib/shared/permissions';
import type { Db } from '@/db';
import { findActiveToken, insertToken, touchToken, type TokenScope } from '@/db/queries/api-tokens';
import type { TokenAudience, UserRole } from '@/db/schema/enums';

// Personal API tokens: 32 random bytes, prefixed so secret scanners recognise them, stored only
// as a SHA-256 hash (a fast hash is right for high-entropy secrets; nothing to brute-force).
export const TOKEN_PREFIX = 'gw_pat_';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

export interface TokenOptions {
  name?: string;
  scope?: TokenScope;
  expiresAt?: Date | null;
}

/** Mints a token for a user: its id and the secret, which is never readable again. */
export async function mintApiToken(db: Db, owner: { accountId: number; userId: number }, options: TokenOptions = {}): Promise<{ id: number; token: string }> {
  const token = generateToken();
  const { id } = await insertToken(db, {
    ...owner,
    name: options.name ?? 'API token',
    tokenHash: hashToken(token),
    hint: token.slice(-4),
    scope: options.scope ?? 'read write',
    expiresAt: options.expiresAt ?? null,
  });
  return { id, token };
}

/** Mints a token for a user and returns it; it is never readable again. */
export async function createApiToken(db: Db, owner: { accountId: number; userId: number }, options: TokenOptions = {}): Promise<string> {
  return (await mintApiToken(db, owner, options)).token;
}

export interface Principal {
  accountId: number;
  userId: number;
  /** The user's role in their account: `admin` manages users, API tokens and webhooks. */
  role: UserRole;
  /** The user's project access and permissions, as in effect (lib/shared/permissions.ts). */
  access: UserAccess;
  scopes: string[];
  /** How the caller proved who they are: an API token, or the browser's session cookie. */
  authMethod: 'token' | 'session';
  /** The token's id (its rate-limit bucket); absent for a session. */
  tokenId?: number;
  /**
   * The credential itself, as idempotency keys are scoped: `token:<id>` (a personal token),
   * `oauth_grant:<id>` (every access token of one user's consent, across refreshes),
   * `oauth_app:<id>` (client-credentials tokens), `session:<id>` (one browser session).
   */
  credential: string;
  /** An OAuth application's own budget for its tokens, overriding the default. */
  rateLimit?: { points: number; duration: number };
  /**
   * Where the credential may be used: an OAuth access token serves the resource it was issued
   * for (RFC 8707: `api` or `mcp`); a personal token and a session serve both (`any`).
   */
  audience: TokenAudience | 'any';
}

/** `Bearer <token>` or, since the spec leaves the scheme open, the bare token. */
export function tokenFromHeader(header: string | null): string | null {
  if (!header) return null;
  const value = header.trim();
  const match = /^Bearer\s+(\S+)$/i.exec(value);
  if (match) return match[1]!;
  return /^\S+$/.test(value) ? value : null;
}

export async function authenticateToken(db: Db, token: string): Promise<Principal | null> {
  if (token.length > 512) return null;
  const row = await findActiveToken(db, hashToken(token));
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) await touchToken(db, row.id);
  const rateLimit =
    row.rateLimitPoints !== null && row.rateLimitDuration !== null ? { points: row.rateLimitPoints, duration: row.rateLimitDuration } : undefined;
  return {
    accountId: row.accountId,
    userId: row.userId,
    role: row.role as UserRole,
    access: effectiveAccess(row.role as UserRole, { projectAccess: row.projectAccess, permissions: permissionsOf(row) }),
    scopes: row.scope.split(' '),
    authMethod: 'token',
    tokenId: row.id,
    audience: row.kind === 'oauth_access' ? row.audience : 'any',
    credential:
      row.oauthGrantId !== null
        ? `oauth_grant:${row.oauthGrantId}`
        : row.oauthApplicationId !== null
          ? `oauth_app:${row.oauthApplicationId}`
          : `token:${row.id}`,
    ...(rateLimit && { rateLimit }),
  };
}
