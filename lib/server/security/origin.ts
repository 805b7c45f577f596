import { env } from '@/lib/server/env';
import { requestOrigin } from '@/lib/server/security/client-address';

/**
 * The origin for absolute links to records (webhook payloads, Link headers): PUBLIC_BASE_URL,
 * which production requires; in development and tests the one the client used (its Host, or the
 * proxy's X-Forwarded-Host/-Proto with TRUST_PROXY=true: lib/server/security/client-address.ts).
 */
export function publicOrigin(req: Request): string {
  if (env.PUBLIC_BASE_URL) return new URL(env.PUBLIC_BASE_URL).origin;
  return requestOrigin(req);
}
