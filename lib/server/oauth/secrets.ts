import { randomBytes, timingSafeEqual } from 'node:crypto';
import { hashToken } from '@/lib/server/auth/tokens';

// OAuth secrets: random, prefixed so secret scanners can recognise them, stored as SHA-256 only.
export const CLIENT_ID_PREFIX = 'gw_client_';
export const CLIENT_SECRET_PREFIX = 'gw_cs_';
export const ACCESS_TOKEN_PREFIX = 'gw_oat_';
export const REFRESH_TOKEN_PREFIX = 'gw_ort_';

export const randomSecret = (prefix: string, bytes = 32) => prefix + randomBytes(bytes).toString('base64url');

export const newClientId = () => randomSecret(CLIENT_ID_PREFIX, 16);

export { hashToken as hashSecret };

/** Compares a presented secret with a stored hash in constant time. */
export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const a = Buffer.from(hashToken(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
