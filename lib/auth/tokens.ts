import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '@/db';
import { findActiveToken, insertToken, touchToken, type TokenScope } from '@/db/queries/api-tokens';

// Personal API tokens: 32 random bytes, prefixed so secret scanners recognise them, stored only
// as a SHA-256 hash (a fast hash is right for high-entropy secrets; nothing to brute-force).
export const TOKEN_PREFIX = 'gw_pat_';

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function generateToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** Mints a token for a user and returns it; it is never readable again. */
export async function createApiToken(
  db: Db,
  owner: { accountId: number; userId: number },
  options: { name?: string; scope?: TokenScope } = {},
): Promise<string> {
  const token = generateToken();
  await insertToken(db, {
    ...owner,
    name: options.name ?? 'API token',
    tokenHash: hashToken(token),
    hint: token.slice(-4),
    scope: options.scope ?? 'read write',
  });
  return token;
}

export interface Principal {
  accountId: number;
  userId: number;
  scopes: string[];
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
  return { accountId: row.accountId, userId: row.userId, scopes: row.scope.split(' ') };
}
