import { getSessionCookie } from 'better-auth/cookies';
import { requestHost } from '@/lib/server/security/client-address';
import { env } from '@/lib/server/env';
import { AUTH_COOKIE_PREFIX } from './cookies';
import { getAuth } from './server';
import type { Principal } from './tokens';
import { accessOfUser } from '@/lib/shared/permissions';

// The browser's way into the 2023-01 API: the Better Auth session cookie, for same-origin requests
// only. SameSite=Lax already keeps the cookie off cross-site subrequests; this check also refuses
// what Lax lets through (top-level cross-site navigations, sibling subdomains, old browsers).
//
// "Same origin" compares the host of the `Origin` header with the host the browser sent the
// request to: `Host` (or, with TRUST_PROXY=true, the proxy's `X-Forwarded-Host`), else the request
// URL's (which under `next start` is the listening address, not what the browser used).
// PUBLIC_BASE_URL's host is accepted too. A browser cannot set either header on a cross-site
// request, and the scheme is not compared, as a TLS-terminating proxy hides it.
//
// - Unsafe methods (POST, PATCH, PUT, DELETE) need a matching `Origin`. Browsers send Origin on
//   every such request, so a missing one means a client that can send Authorization instead.
// - GET and HEAD: a present `Origin` must match; without one, `Sec-Fetch-Site` must be
//   `same-origin` or `none` (typed or bookmarked URL) when present; a request with neither header
//   (older browsers, scripts) is accepted, as reads change nothing and CORS keeps cross-origin
//   pages from reading the answer.
//
// A session acts as its user in its user's account, with the scopes `read write` and the user's
// role as it is now (the session's user is read from the database on every request).

export type SessionResult =
  | { kind: 'none' }
  | { kind: 'cross-site' }
  | { kind: 'invalid' }
  /** `setCookies`: the refreshed session cookie, when Better Auth extended the session. */
  | { kind: 'ok'; principal: Principal; setCookies: string[] };

const SAFE_METHODS = new Set(['GET', 'HEAD']);
const SAME_SITE_FETCHES = new Set(['same-origin', 'none']);

/** The hosts (`name:port`) this request may come from. */
function expectedHosts(req: Request): string[] {
  const hosts = [requestHost(req)];
  if (env.PUBLIC_BASE_URL) hosts.push(new URL(env.PUBLIC_BASE_URL).host.toLowerCase());
  return hosts;
}

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host.toLowerCase() || null;
  } catch {
    return null;
  }
}

export function isSameOrigin(req: Request): boolean {
  const origin = req.headers.get('origin');
  const matches = () => {
    const host = origin === null ? null : hostOf(origin);
    return host !== null && expectedHosts(req).includes(host);
  };
  if (!SAFE_METHODS.has(req.method)) return matches();
  if (origin !== null) return matches();
  const site = req.headers.get('sec-fetch-site');
  return site === null || SAME_SITE_FETCHES.has(site);
}

// Requests the server makes to itself while rendering a page (lib/server/http/in-process.ts): their answer
// never reaches the browser, so a refreshed cookie would be lost while the session row was extended,
// and the browser's cookie would expire before the session it names. They read the session as is.
const inProcess = new WeakSet<Request>();

/** Marks `req` as made by this server for a page it renders: its session is read, never extended. */
export function asInProcessRequest(req: Request): Request {
  inProcess.add(req);
  return req;
}

export function hasSessionCookie(headers: Headers): boolean {
  return getSessionCookie(headers, { cookiePrefix: AUTH_COOKIE_PREFIX }) !== null;
}

export async function authenticateSession(req: Request): Promise<SessionResult> {
  if (!hasSessionCookie(req.headers)) return { kind: 'none' };
  if (!isSameOrigin(req)) return { kind: 'cross-site' };
  const { headers, response } = await getAuth().api.getSession({
    headers: req.headers,
    returnHeaders: true,
    query: inProcess.has(req) ? { disableRefresh: true } : undefined,
  });
  // Deactivation deletes the user's sessions; this refuses one that raced it.
  if (!response || response.user.deactivatedAt) return { kind: 'invalid' };
  return {
    kind: 'ok',
    principal: {
      accountId: response.user.accountId,
      userId: Number(response.user.id),
      ...accessOfUser(response.user),
      scopes: ['read', 'write'],
      authMethod: 'session',
      audience: 'any',
      credential: `session:${response.session.id}`,
    },
    setCookies: headers.getSetCookie(),
  };
}
