import { getSessionCookie } from 'better-auth/cookies';
import { NextResponse, type NextRequest } from 'next/server';
import { AUTH_COOKIE_PREFIX } from '@/lib/server/auth/cookies';
import { getDb } from '@/lib/server/db';
import { registeredRedirectUris } from '@/lib/server/oauth/authorize';
import { clientAddress } from '@/lib/server/security/client-address';
import { API_CONTENT_SECURITY_POLICY, consentFormTargets, contentSecurityPolicy, createNonce } from '@/lib/server/security/headers';
import { spendPageRequest } from '@/lib/server/security/page-rate-limit';
import { pageRateLimitSettings } from '@/lib/server/config/security';
import { storageOrigins } from '@/lib/server/config/storage';

// Runs before every page request (not the API, nor Next's build assets under /_next/static):
// - pages: a Content-Security-Policy with a fresh nonce, which Next.js reads from the request's
//   header and puts on its scripts (the root layout renders dynamically for it);
// - pages need a signed-in user: without a session cookie, go to the sign-in page and come back
//   after. Only the cookie's presence is checked here (no session lookup); pages check the
//   session itself. The API (its own 401s), the OAuth endpoints that clients call (token, revoke; the
//   consent decision checks the session itself), the sign-in page and the browser's favicon
//   request pass. The OAuth consent page (/oauth/authorize) is a page like the others;
// - whatever would render (pages, the sign-in page, /oauth/*) spends one request of its client
//   address's budget first (lib/server/security/page-rate-limit.ts, PAGE_RATE_LIMIT_*): past it, a
//   429 with Retry-After instead of a render. The sign-in redirect above costs nothing and is not counted.
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // Not matched (config below): the API's route handlers set their own headers (CORS and a policy
  // that allows nothing: lib/server/http/route.ts, app/api/mcp/route.ts). A request that comes
  // anyway (a test calling this function) passes as it is.
  if (pathname === '/api' || pathname.startsWith('/api/')) return NextResponse.next();
  if (pathname.startsWith('/.well-known/')) return wellKnown();
  if (isAsset(pathname)) return NextResponse.next();
  if (!isPublic(pathname) && !getSessionCookie(request, { cookiePrefix: AUTH_COOKIE_PREFIX })) {
    const signIn = new URL('/sign-in', request.url);
    if (pathname !== '/' || search) signIn.searchParams.set('next', `${pathname}${search}`);
    return NextResponse.redirect(signIn);
  }
  const verdict = await spendPageRequest(clientAddress(request), pageRateLimitSettings());
  if (!verdict.allowed) return tooManyRequests(pathname, verdict.retryAfterSeconds);
  const nonce = createNonce();
  // The consent page's form may go on to its redirect_uri's origin once the URI is the application's (one lookup, that page only).
  const formTargets = await consentFormTargets(request.nextUrl, (clientId) => registeredRedirectUris(getDb(), clientId));
  const policy = contentSecurityPolicy(nonce, undefined, formTargets, storageOrigins());
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

/**
 * The OAuth metadata documents (RFC 8414, RFC 9728): public, the same for everyone, readable by a
 * browser-based client from any origin; their route handlers limit them per client address.
 */
function wellKnown() {
  const response = NextResponse.next();
  response.headers.set('Access-Control-Allow-Origin', '*');
  response.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  return response;
}

/** Past the page limit: RFC 6749's error shape for the OAuth endpoints clients call, a line of text for a browser. */
function tooManyRequests(pathname: string, retryAfterSeconds: number): Response {
  const headers = {
    'Retry-After': String(retryAfterSeconds),
    'Cache-Control': 'no-store',
    'Content-Security-Policy': API_CONTENT_SECURITY_POLICY,
  };
  const message = `Too many requests from your address. Try again in ${retryAfterSeconds} seconds.`;
  if (pathname === '/oauth/token' || pathname === '/oauth/revoke' || pathname === '/oauth/register') {
    return Response.json({ error: 'temporarily_unavailable', error_description: message }, { status: 429, headers: { ...headers, Pragma: 'no-cache' } });
  }
  return new Response(message, { status: 429, headers: { ...headers, 'Content-Type': 'text/plain; charset=utf-8' } });
}

const PUBLIC_PATHS = new Set(['/oauth/token', '/oauth/revoke', '/oauth/register', '/oauth/authorize/decision', '/sign-in', '/reset-password']);

function isPublic(pathname: string): boolean {
  return PUBLIC_PATHS.has(pathname) || pathname.startsWith('/sign-in/');
}

// What a browser or a phone's home screen fetches about the app itself, signed in or not (the
// sign-in page shows the icon too): files, served as they are, outside the page budget.
const ASSETS = new Set(['/favicon.ico', '/icon.svg', '/apple-icon.png', '/manifest.webmanifest']);

function isAsset(pathname: string): boolean {
  return ASSETS.has(pathname) || /^\/icons\/[\w-]+\.png$/.test(pathname);
}

export const config = {
  // Every path but the API's (/api and under it: each route handler sets its own headers, and an
  // API request runs no proxy, docs/performance.md) and Next's build assets (scripts, styles,
  // fonts: they run no page, and next.config.mjs gives them the static headers). A path with a dot
  // may be a page too (/companies/1.x renders the company page, a 404 is a page): its HTML needs
  // the policy. The public/ folder holds the app's icons only (public/icons, listed in ASSETS);
  // another file put there would sit behind sign-in.
  matcher: ['/((?!api/|api$|_next/static/|_next/image).*)'],
};
