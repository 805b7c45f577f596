import { allowedOrigins } from '@/lib/server/config/security';

// CORS for the API: no origin is allowed unless listed in CORS_ALLOWED_ORIGINS. Cross-origin
// callers authenticate with a token in `Authorization`; credentials (the session cookie) are never
// allowed cross-origin, so Access-Control-Allow-Credentials is not sent.

export const CORS_ALLOW_METHODS = 'GET, POST, PUT, PATCH, DELETE, OPTIONS';
export const CORS_ALLOW_HEADERS = 'Authorization, Content-Type, If-Match, Idempotency-Key, X-Groundwork-Min-LSN';
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
  'X-Groundwork-LSN',
  'X-Groundwork-Read-From',
].join(', ');
/** The MCP server's (/api/mcp, docs/mcp.md): its protocol headers, and the 401's challenge a client reads. */
const MCP_CORS = {
  methods: 'POST, GET, DELETE, OPTIONS',
  headers: 'Authorization, Content-Type, Accept, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-Id',
  expose: 'WWW-Authenticate, Mcp-Session-Id, Mcp-Protocol-Version, X-Request-Id, Retry-After',
};
const API_CORS = { methods: CORS_ALLOW_METHODS, headers: CORS_ALLOW_HEADERS, expose: CORS_EXPOSE_HEADERS };
/** The grants of a path: the MCP server's own, or the API's. */
const grantsOf = (pathname?: string) => (pathname === '/api/mcp' ? MCP_CORS : API_CORS);

/** Browsers cache a preflight for at most this long (Chromium caps it at 2 hours). */
const MAX_AGE = '7200';

export function isAllowedOrigin(origin: string | null, allowed: string[] = allowedOrigins()): origin is string {
  return origin !== null && allowed.includes(origin);
}

/** Headers for an actual (non-preflight) response; `Vary: Origin` always, since the answer depends on it. */
export function corsHeaders(origin: string | null, allowed?: string[], pathname?: string): Record<string, string> {
  if (!isAllowedOrigin(origin, allowed)) return { Vary: 'Origin' };
  return { 'Access-Control-Allow-Origin': origin, 'Access-Control-Expose-Headers': grantsOf(pathname).expose, Vary: 'Origin' };
}

/** Puts `corsHeaders` on a response (its `Vary` added to any the response has). */
export function applyCors(res: Response, origin: string | null, pathname: string): Response {
  for (const [name, value] of Object.entries(corsHeaders(origin, undefined, pathname))) {
    if (name === 'Vary') res.headers.append('Vary', value);
    else res.headers.set(name, value);
  }
  return res;
}

/** The answer to a preflight: 204, with the grants only for an allowed origin (the browser refuses the rest). */
export function preflightResponse(origin: string | null, allowed?: string[], pathname?: string): Response {
  const headers: Record<string, string> = { Vary: 'Origin' };
  if (isAllowedOrigin(origin, allowed)) {
    const grants = grantsOf(pathname);
    Object.assign(headers, {
      'Access-Control-Allow-Origin': origin,
      'Access-Control-Allow-Methods': grants.methods,
      'Access-Control-Allow-Headers': grants.headers,
      'Access-Control-Max-Age': MAX_AGE,
    });
  }
  return new Response(null, { status: 204, headers });
}

export function isPreflight(req: Request): boolean {
  return req.method === 'OPTIONS' && req.headers.has('access-control-request-method');
}
