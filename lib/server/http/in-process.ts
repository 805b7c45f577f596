import 'server-only';
import { API_BASE, type Transport } from '@/lib/shared/api-transport';
import { asInProcessRequest } from '@/lib/server/auth/request-session';
import { PEER_ADDRESS_HEADER } from '@/lib/server/security/client-address';

// The dashboard's API calls made by the server itself, while it renders a page's first view: the
// route handler of /api/2023-01/… is called in this process with a Request built from the page's
// own request (its session cookie, its host and client address), so the call passes through the
// same wrapper, authentication, tenancy, rate limit and serializers as the browser's fetch would,
// without a loopback HTTP hop.

type RouteHandler = (req: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
/** What an in-process call uses of a route module: the handler of its method. */
export type RouteModule = Partial<Record<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', RouteHandler>>;
/**
 * Route templates below /api/2023-01 (`/leads`, `/users/me`, `/projects/{id}`) → their route
 * modules, each loaded when first asked for (app/api/2023-01/route-modules.ts, generated).
 */
export type RouteModules = Record<string, () => Promise<RouteModule>>;

/** What the API reads of the page's request: who is calling (cookie), from where, and to which host. */
const FORWARDED = ['cookie', 'host', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-for', PEER_ADDRESS_HEADER, 'user-agent'];

interface CompiledRoute {
  pattern: RegExp;
  keys: string[];
  load: () => Promise<RouteModule>;
}

function compile(routes: RouteModules): CompiledRoute[] {
  const compiled = Object.entries(routes).map(([template, load]) => {
    const keys: string[] = [];
    const source = template
      .split('/')
      .map((segment) => {
        const key = /^\{(\w+)\}$/.exec(segment)?.[1];
        if (!key) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        keys.push(key);
        return '([^/]+)';
      })
      .join('/');
    return { pattern: new RegExp(`^${API_BASE}${source}$`), keys, load };
  });
  // As Next.js matches them: a static segment before a dynamic one (`/users/me` before `/users/{id}`).
  return compiled.sort((a, b) => a.keys.length - b.keys.length);
}

/**
 * Answers a Request for /api/2023-01/… from the route module that serves its path, as Next.js
 * would route it: the same wrapper, authentication, tenancy, rate limit and serializers.
 */
export function apiDispatcher(routes: RouteModules): (req: Request) => Promise<Response> {
  const table = compile(routes);
  return async (req) => {
    const { pathname } = new URL(req.url);
    for (const route of table) {
      const match = route.pattern.exec(pathname);
      if (!match) continue;
      const handler = (await route.load())[req.method as keyof RouteModule];
      if (!handler) break;
      const params = Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(match[i + 1]!)]));
      return handler(req, { params: Promise.resolve(params) });
    }
    throw new Error(`No in-process route serves ${req.method} ${pathname}.`);
  };
}

/**
 * A transport (lib/client/api-client.ts) that answers from the route modules of `routes`, as the browser
 * making the page request `incoming()` would have been answered. Reads only: a page's render
 * changes nothing.
 */
export function inProcessTransport(routes: RouteModules, incoming: () => Promise<Pick<Headers, 'get'>>): Transport {
  const dispatch = apiDispatcher(routes);
  return async (path, init) => {
    if (init.method !== 'GET') throw new Error(`The in-process transport only reads; ${init.method} ${path} goes from the browser.`);
    const page = await incoming();
    const headers = new Headers(init.headers);
    for (const name of FORWARDED) {
      const value = page.get(name);
      if (value !== null) headers.set(name, value);
    }
    // Same origin by construction: the server asks itself, for the page its own origin served.
    headers.set('sec-fetch-site', 'same-origin');
    const url = new URL(`${API_BASE}${path}`, `http://${page.get('host') ?? 'localhost'}`);
    return dispatch(asInProcessRequest(new Request(url, { method: 'GET', headers })));
  };
}
