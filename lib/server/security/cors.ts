import { allowedOrigins } from '@/lib/server/config/security';

// CORS for the API: no origin is allowed unless listed in CORS_ALLOWED_ORIGINS. Cross-origin
// callers authenticate with a token in `Authorization`; credentials (the session cookie) are never
// allowed cross-origin, so Access-Control-Allow-Credentials is not sent.

export const CORS_ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
export const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, If-Match, Idempotency-Key';
export const CORS_EXPOSE_HEADERS = [
  'ETag',
  'Link',
  'X-Total-Count',
  'X-RateLimit-Limit',
  'X-RateLimit-Remaining',
  'Retry-After',
  'X-Rate-Limited-For',
  'Idempotent-Replayed',
  'X-Request-Id',
].join(', ');
/** Browsers cache a preflight for at most this long (Chromium caps it at 2 hours). */
const MAX_AGE = '7200';

export function isAllowedOrigin(origin: string | null, allowed: string[] = allowedOrigins()): origin is string {
  return origin !== null && allowed.includes(origin);
}

/** Headers for an actual (non-preflight) response; `Vary: Origin` always, since the answer depends on it. */
export function corsHeaders(origin: string | null, allowed?: string[]): Record<string, string> {
  if (!isAllowedOrigin(origin, allowed)) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': CORS_EXPOSE_HEADERS, Vary: 'Origin' };
}

/** The answer to a preflight: 204, with the grants only for an allowed origin (the browser refuses the rest). */
export function preflightResponse(origin: string | null, allowed?: string[]): Response {
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (isAllowedOrigin(origin, allowed)) {
    Object.assign(headers, {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': CORS_ALLOW_METHODS,
      'Access-Control-Allow-Headers': CORS_ALLOW_HEADERS,
      'Access-Control-Max-Age': MAX_AGE,
    });
  }
  return new Response(null, { status: 204, headers });
}

export function isPreflight(req: Request): boolean {
  return req.method === 'OPTIONS' && req.headers.has('access-control-request-method');
}
