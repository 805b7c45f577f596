import { getSessionCookie } from 'better-auth/cookies';
import { NextResponse, type NextRequest } from 'next/server';
import { AUTH_COOKIE_PREFIX } from '@/lib/auth/cookies';

// Pages need a signed-in user: without a session cookie, go to the sign-in page and come back
// after. Only the cookie's presence is checked here (no database); pages check the session itself.
// The API (its own 401s), the OAuth endpoints that clients call (token, revoke; the consent
// decision checks the session itself), the sign-in page, Next's assets and static files pass
// untouched. The OAuth consent page (/oauth/authorize) is a page like the others.
export function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isPublic(pathname) || getSessionCookie(request, { cookiePrefix: AUTH_COOKIE_PREFIX })) return NextResponse.next();
  const signIn = new URL('/sign-in', request.url);
  if (pathname !== '/' || search) signIn.searchParams.set('next', `${pathname}${search}`);
  return NextResponse.redirect(signIn);
}

const OAUTH_ENDPOINTS = new Set(['/oauth/token', '/oauth/revoke', '/oauth/authorize/decision']);

function isPublic(pathname: string): boolean {
  return (
    pathname === '/api' ||
    pathname.startsWith('/api/') ||
    pathname.startsWith('/_next/') ||
    OAUTH_ENDPOINTS.has(pathname) ||
    pathname === '/sign-in' ||
    pathname.startsWith('/sign-in/') ||
    // Static files (favicon.ico, robots.txt, images in public/).
    /\.[\w]+$/.test(pathname)
  );
}

export const config = {
  // The same exclusions, so Next does not even run the proxy for them.
  matcher: ['/((?!api(?:/|$)|_next/|sign-in(?:/|$)|oauth/(?:token|revoke|authorize/decision)$|.*\\.\\w+$).*)'],
};
