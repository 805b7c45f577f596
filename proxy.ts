import { getSessionCookie } from 'better-auth/cookies';
import { NextResponse, type NextRequest } from 'next/server';
import { AUTH_COOKIE_PREFIX } from '@/lib/auth/cookies';
import { corsHeaders, isPreflight, preflightResponse } from '@/lib/security/cors';
import { API_CONTENT_SECURITY_POLICY, consentFormTargets, contentSecurityPolicy, createNonce } from '@/lib/security/headers';

// Runs before every page and API request (not Next's assets or static files):
// - the API (/api/2023-01): CORS (preflights answered here) and a CSP that allows nothing;
// - pages: a Content-Security-Policy with a fresh nonce, which Next.js reads from the request's
//   header and puts on its scripts (the root layout renders dynamically for it);
// - pages need a signed-in user: without a session cookie, go to the sign-in page and come back
//   after. Only the cookie's presence is checked here (no database); pages check the session
//   itself. The API (its own 401s), the OAuth endpoints that clients call (token, revoke; the
//   consent decision checks the session itself) and the sign-in page pass. The OAuth consent page
//   (/oauth/authorize) is a page like the others.
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (pathname === '/api' || pathname.startsWith('/api/')) return api(request, pathname);
  if (!isPublic(pathname) && !getSessionCookie(request, { cookiePrefix: AUTH_COOKIE_PREFIX })) {
    const signIn = new URL('/sign-in', request.url);
    if (pathname !== '/' || search) signIn.searchParams.set('next', `${pathname}${search}`);
    return NextResponse.redirect(signIn);
  }
  const nonce = createNonce();
  const policy = contentSecurityPolicy(nonce, undefined, consentFormTargets(request.nextUrl));
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set('x-nonce', nonce);
  requestHeaders.set('Content-Security-Policy', policy);
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set('Content-Security-Policy', policy);
  return response;
}

function api(request: NextRequest, pathname: string) {
  if (!pathname.startsWith('/api/2023-01/')) return NextResponse.next();
  const origin = request.headers.get('origin');
  if (isPreflight(request)) return preflightResponse(origin);
  const response = NextResponse.next();
  for (const [name, value] of Object.entries(corsHeaders(origin))) response.headers.set(name, value);
  response.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  return response;
}

const OAUTH_ENDPOINTS = new Set(['/oauth/token', '/oauth/revoke', '/oauth/authorize/decision']);

function isPublic(pathname: string): boolean {
  return OAUTH_ENDPOINTS.has(pathname) || pathname === '/sign-in' || pathname.startsWith('/sign-in/');
}

export const config = {
  // Not for Next's assets and static files (favicon.ico, robots.txt, images in public/): they run
  // no script, and next.config.mjs gives them the static headers.
  matcher: ['/api/:path*', '/((?!api/|_next/static|_next/image|.*\\.\\w+$).*)'],
};
