import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db';
import { authenticateRequest } from '@/lib/server/auth/authenticate';
import { checkAccess, checkAreas, type RouteAccess } from './access';
import { isToolCall } from '@/lib/server/http/tool-calls';
import { getDb } from '@/lib/server/db';
import { clientAddress } from '@/lib/server/security/client-address';
import { ServiceError } from '@/lib/server/services/errors';
import type { CallerContext } from '@/lib/server/services/context';
import { errorBody, errorResponse } from './errors';
import { etagOfAnswer } from '@/lib/server/services/etag';
import { idempotent } from './idempotency';
import { publicOrigin } from '@/lib/server/security/origin';
import { applyCors, isPreflight, preflightResponse } from '@/lib/server/security/cors';
import { API_CONTENT_SECURITY_POLICY } from '@/lib/server/security/headers';
import type { Page } from '@/lib/server/services/paging';
import { pageHeaders } from './pagination';
import { parseIfMatch } from './preconditions';
import { getApiRateLimiter } from './rate-limit';
import { afterWrite, LSN_HEADER, READ_FROM_HEADER, readTarget, replicaFailed, replicasConfigured } from '@/lib/server/replicas';

type Params = Record<string, string | undefined>;
interface HandlerArgs {
  req: Request;
  url: URL;
  ctx: CallerContext;
  params: Params;
  db: Db;
}
type Handler = (args: HandlerArgs) => Promise<Response>;
/**
 * A handler with what its caller must be (lib/server/http/access.ts), checked before anything else;
 * `primary`: a GET that may write (creates what it shows on first read), never served by a replica.
 */
type GuardedHandler = { access?: RouteAccess; run: Handler; primary?: true };
type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type RouteHandler = (req: Request, context: NextRouteContext) => Promise<Response>;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/** A JSON answer; one record (`{"lead": {...}}`) also gets its ETag (lib/server/http/preconditions.ts), of the text sent. */
export async function json(body: unknown, status = 200, headers: Record<string, string> = {}): Promise<Response> {
  const text = JSON.stringify(body);
  const etag = status < 300 ? etagOfAnswer(body, text) : null;
  return new Response(text, { status, headers: { 'Content-Type': 'application/json', ...(etag ? { ETag: etag } : {}), ...headers } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A page of a list under its wrapper key, with the Link and X-Total-Count headers. */
export function listResponse<T>(args: { url: URL; ctx: CallerContext }, key: string, page: Page<T>): Promise<Response> {
  return json({ [key]: page.items }, 200, pageHeaders(args.url, args.ctx.baseUrl, page));
}

function requestIdOf(req: Request): string {
  const given = req.headers.get('x-request-id');
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

/** The API's own paths, which take tokens from the origins CORS_ALLOWED_ORIGINS lists. */
const isApiPath = (pathname: string) => pathname.startsWith('/api/2023-01/');

/**
 * Every API answer carries its request id, and is never stored by a browser or a proxy cache: it
 * is one caller's data (a token's one-time secret among them), read fresh each time. It allows no
 * content unless its route says otherwise (it is data, never a page), and on the API's paths it
 * says which origins may read it (CORS, lib/server/security/cors.ts). These are set here, not in
 * proxy.ts, so an API request runs no proxy at all.
 */
function finish(req: Request, res: Response, requestId: string): Response {
  res.headers.set('X-Request-Id', requestId);
  if (!res.headers.has('Cache-Control')) res.headers.set('Cache-Control', 'no-store');
  // A route may set a policy of its own (a document's download: a sandbox).
  if (!res.headers.has('Content-Security-Policy')) res.headers.set('Content-Security-Policy', API_CONTENT_SECURITY_POLICY);
  const { pathname } = new URL(req.url);
  return isApiPath(pathname) ? applyCors(res, req.headers.get('origin'), pathname) : res;
}

async function resolveParams(context: NextRouteContext | undefined): Promise<Params> {
  const raw = (await context?.params) ?? {};
  const out: Params = {};
  for (const [k, v] of Object.entries(raw)) out[k] = Array.isArray(v) ? v.join('/') : v;
  return out;
}

/** What a route serves, for `Allow`: its methods, HEAD with GET (Next.js answers it from GET), OPTIONS. */
function allowOf(implemented: Method[]): string {
  return [...implemented, ...(implemented.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
}

function methodNotAllowed(allowed: Method[]): RouteHandler {
  return async (req) => {
    const requestId = requestIdOf(req);
    const res = await json(errorBody(requestId, 'method_not_allowed', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`), 405, {
      Allow: allowOf(allowed),
    });
    return finish(req, res, requestId);
  };
}

/**
 * OPTIONS: a CORS preflight on the API's paths gets its grants (for a listed origin); any other,
 * 204 with what the route serves (Next.js's own answer would list every method the file exports,
 * those that answer 405 too).
 */
function options(allowed: Method[]): RouteHandler {
  return async (req) => {
    const { pathname } = new URL(req.url);
    if (isPreflight(req) && isApiPath(pathname)) return preflightResponse(req.headers.get('origin'), undefined, pathname);
    const res = new Response(null, { status: 204, headers: { Allow: allowOf(allowed) } });
    return finish(req, res, requestIdOf(req));
  };
}

/**
 * The caller (a token, or the browser's session: lib/server/auth/authenticate.ts), its rate limit (the
 * budget's headers, or a 429) and its scope for this method.
 */
async function authenticate(req: Request, db: Db, requestId: string) {
  const auth = await authenticateRequest(db, req);
  if ('refusal' in auth) {
    // No valid credential: the client address's budget (a 429 once spent), then the 401.
    const rateHeaders = await getApiRateLimiter().consumeAnonymous(clientAddress(req));
    throw new ServiceError('unauthorized', auth.refusal, {}, { 'WWW-Authenticate': 'Bearer realm="groundwork"', ...rateHeaders });
  }
  const { principal, setCookies } = auth;
  // RFC 8707: a token issued for the MCP server is not the API's, but for the calls of its tools.
  if (principal.audience === 'mcp' && !isToolCall(req)) {
    throw new ServiceError(
      'unauthorized',
      'This token was issued for the MCP server (/api/mcp); ask for a token for the API.',
      {},
      {
        'WWW-Authenticate': 'Bearer realm="groundwork", error="invalid_token"',
      },
    );
  }
  const rateHeaders = await getApiRateLimiter().consume(principal);
  const needed = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write';
  if (!principal.scopes.includes(needed)) {
    throw new ServiceError('insufficient_scope', `This token lacks the "${needed}" scope.`, { required_scope: needed }, rateHeaders);
  }
  const { accountId, userId, role, access, scopes, authMethod, tokenId, credential } = principal;
  const ifMatch = req.method === 'PATCH' || req.method === 'PUT' || req.method === 'DELETE' ? parseIfMatch(req.headers.get('if-match')) : null;
  const client = { address: clientAddress(req), userAgent: req.headers.get('user-agent') };
  const ctx: CallerContext = {
    requestId,
    accountId,
    userId,
    role,
    access,
    scopes,
    authMethod,
    tokenId,
    credential,
    baseUrl: publicOrigin(req),
    ifMatch,
    client,
  };
  return { ctx, setCookies, rateHeaders };
}

function withHeaders(res: Response, rateHeaders: Record<string, string>, setCookies: string[]): Response {
  for (const [name, value] of Object.entries(rateHeaders)) res.headers.set(name, value);
  for (const cookie of setCookies) res.headers.append('Set-Cookie', cookie);
  return res;
}

type Run = (req: Request, requestId: string, context: NextRouteContext | undefined) => Promise<Response>;

/** Every method: the implemented ones wrapped with request id and error mapping, the rest a JSON 405, and OPTIONS. */
function methods(implemented: Partial<Record<Method, Run>>): Record<Method | 'OPTIONS', RouteHandler> {
  const allowed = METHODS.filter((m) => implemented[m]);
  const out = { OPTIONS: options(allowed) } as Record<Method | 'OPTIONS', RouteHandler>;
  for (const method of METHODS) {
    const run = implemented[method];
    out[method] = run
      ? async (req, context) => {
          const requestId = requestIdOf(req);
          try {
            return finish(req, await run(req, requestId, context), requestId);
          } catch (err) {
            return finish(req, errorResponse(err, requestId), requestId);
          }
        }
      : methodNotAllowed(allowed);
  }
  return out;
}

/**
 * The one wrapper of every API route: request id, authentication, tenancy, access (the route's,
 * each method's, the path's permission areas), errors, and a JSON 405 (with Allow) for the methods
 * a route does not implement, and OPTIONS. Route files export all five methods and OPTIONS.
 */
export function defineRoute(handlers: Partial<Record<Method, Handler | GuardedHandler>>, routeAccess?: RouteAccess): Record<Method | 'OPTIONS', RouteHandler> {
  const runs: Partial<Record<Method, Run>> = {};
  for (const [method, given] of Object.entries(handlers) as [Method, Handler | GuardedHandler][]) {
    const { access, run: handler, primary } = typeof given === 'function' ? { access: undefined, run: given, primary: undefined } : given;
    runs[method] = async (req, requestId, context) => {
      const url = new URL(req.url);
      const db = getDb();
      const { ctx, setCookies, rateHeaders } = await authenticate(req, db, requestId);
      try {
        // The path's areas first: a user without the area hears about the area, whatever else the route asks.
        checkAreas(ctx, url.pathname.replace(/^\/api\/2023-01/, ''), method);
        checkAccess(ctx, routeAccess);
        checkAccess(ctx, access);
      } catch (err) {
        return withHeaders(errorResponse(err, requestId), rateHeaders, setCookies);
      }
      const params = await resolveParams(context);
      const call = (conn: Db) => handler({ req, url, ctx, params, db: conn });
      const run = async (conn: Db) => {
        try {
          return await call(conn);
        } catch (err) {
          return errorResponse(err, requestId);
        }
      };
      let res: Response;
      try {
        if (!replicasConfigured()) res = method === 'POST' ? await idempotent(db, ctx, req, run) : await run(db);
        else if (method === 'GET') res = primary ? await run(db) : await read(req, ctx, call, run);
        else {
          res = method === 'POST' ? await idempotent(db, ctx, req, run) : await run(db);
          // Read-your-writes (lib/server/replicas.ts): where the write reached, for the caller's next reads.
          const lsn = res.status < 400 ? await afterWrite(ctx) : null;
          if (lsn) res.headers.set(LSN_HEADER, lsn);
        }
      } catch (err) {
        res = errorResponse(err, requestId);
      }
      return withHeaders(res, rateHeaders, setCookies);
    };
  }
  return methods(runs);
}

/**
 * A GET with read replicas configured: on a replica that has the caller's writes, or the primary
 * (lib/server/replicas.ts). A replica that fails the read hands it to the primary.
 */
async function read(req: Request, ctx: CallerContext, call: (conn: Db) => Promise<Response>, run: (conn: Db) => Promise<Response>): Promise<Response> {
  const target = await readTarget(req, ctx);
  if (target.replica) {
    try {
      const res = await call(target.db);
      res.headers.set(READ_FROM_HEADER, 'replica');
      return res;
    } catch (err) {
      if (!replicaFailed(target.replica, err)) throw err;
    }
  }
  const res = await run(getDb());
  res.headers.set(READ_FROM_HEADER, 'primary');
  return res;
}

/**
 * Routes that need no credentials (health, the OpenAPI document, the JSON 404), limited per client
 * address like requests without a valid credential.
 */
export function definePublicRoute(handlers: Partial<Record<Method, (req: Request) => Promise<Response>>>): Record<Method | 'OPTIONS', RouteHandler> {
  const runs: Partial<Record<Method, Run>> = {};
  for (const [method, handler] of Object.entries(handlers) as [Method, (req: Request) => Promise<Response>][]) {
    runs[method] = async (req) => {
      const rateHeaders = await getApiRateLimiter().consumeAnonymous(clientAddress(req));
      return withHeaders(await handler(req), rateHeaders, []);
    };
  }
  return methods(runs);
}
