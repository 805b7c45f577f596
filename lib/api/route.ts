import { randomUUID } from 'node:crypto';
import type { Db } from '@/db';
import type { UserRole } from '@/db/schema/enums';
import { authenticateRequest } from '@/lib/auth/authenticate';
import { checkAccess, type RouteAccess } from './access';
import { getDb } from '@/lib/db';
import { clientAddress } from '@/lib/security/client-address';
import { ApiError, errorBody, errorResponse } from './errors';
import { idempotent } from './idempotency';
import { publicOrigin } from './origin';
import { pageHeaders, type Page } from './pagination';
import { etagOf, isSingleRecordBody, parseIfMatch, type IfMatch } from './preconditions';
import { getApiRateLimiter } from './rate-limit';

/** Who is calling, for which account: every handler and service is scoped by this. */
export interface ApiContext {
  requestId: string;
  accountId: number;
  userId: number;
  /** The caller's role in the account (`admin` also manages the account's users). */
  role: UserRole;
  scopes: string[];
  /** `session`: the browser's cookie; `token`: an `Authorization` token. */
  authMethod: 'session' | 'token';
  /** The token's id, for the audit log (webhook_messages.token_id). */
  tokenId?: number;
  /**
   * The credential the caller used (`token:<id>`, `oauth_grant:<id>`, `oauth_app:<id>`,
   * `session:<id>`): idempotency keys belong to it.
   */
  credential: string;
  /** Origin for absolute links to records. */
  baseUrl: string;
  /** Where the request came from, for the security events of the audit log. */
  client?: { address: string; userAgent: string | null };
  /** PATCH and DELETE: the `If-Match` precondition the service checks after locking the row. */
  ifMatch?: IfMatch | null;
}

type Params = Record<string, string | undefined>;
interface HandlerArgs {
  req: Request;
  url: URL;
  ctx: ApiContext;
  params: Params;
  db: Db;
}
type Handler = (args: HandlerArgs) => Promise<Response>;
/** A handler with what its caller must be (lib/api/access.ts), checked before anything else. */
type GuardedHandler = { access: RouteAccess; run: Handler };
type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type RouteHandler = (req: Request, context: NextRouteContext) => Promise<Response>;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

/** A JSON answer; one record (`{"lead": {...}}`) also gets its ETag (lib/api/preconditions.ts). */
export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  const etag: Record<string, string> = status < 300 && isSingleRecordBody(body) ? { ETag: etagOf(body) } : {};
  return Response.json(body, { status, headers: { ...etag, ...headers } });
}

export function noContent(): Response {
  return new Response(null, { status: 204 });
}

/** A page of a list under its wrapper key, with the Link and X-Total-Count headers. */
export function listResponse<T>(args: { url: URL; ctx: ApiContext }, key: string, page: Page<T>): Response {
  return json({ [key]: page.items }, 200, pageHeaders(args.url, args.ctx.baseUrl, page));
}

function requestIdOf(req: Request): string {
  const given = req.headers.get('x-request-id');
  return given && /^[\w.:-]{1,128}$/.test(given) ? given : randomUUID();
}

function withRequestId(res: Response, requestId: string): Response {
  res.headers.set('X-Request-Id', requestId);
  return res;
}

async function resolveParams(context: NextRouteContext | undefined): Promise<Params> {
  const raw = (await context?.params) ?? {};
  const out: Params = {};
  for (const [k, v] of Object.entries(raw)) out[k] = Array.isArray(v) ? v.join('/') : v;
  return out;
}

function methodNotAllowed(allowed: Method[]): RouteHandler {
  return async (req) => {
    const requestId = requestIdOf(req);
    const res = json(
      errorBody(requestId, 'method_not_allowed', `${req.method} is not allowed here; use ${allowed.join(' or ')}.`),
      405,
      { Allow: allowed.join(', ') },
    );
    return withRequestId(res, requestId);
  };
}

/**
 * The caller (a token, or the browser's session: lib/auth/authenticate.ts), its rate limit (the
 * budget's headers, or a 429) and its scope for this method.
 */
async function authenticate(req: Request, db: Db, requestId: string) {
  const auth = await authenticateRequest(db, req);
  if ('refusal' in auth) {
    // No valid credential: the client address's budget (a 429 once spent), then the 401.
    const rateHeaders = await getApiRateLimiter().consumeAnonymous(clientAddress(req));
    throw new ApiError(401, 'unauthorized', auth.refusal, {}, { 'WWW-Authenticate': 'Bearer realm="groundwork"', ...rateHeaders });
  }
  const { principal, setCookies } = auth;
  const rateHeaders = await getApiRateLimiter().consume(principal);
  const needed = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write';
  if (!principal.scopes.includes(needed)) {
    throw new ApiError(403, 'insufficient_scope', `This token lacks the "${needed}" scope.`, { required_scope: needed }, rateHeaders);
  }
  const { accountId, userId, role, scopes, authMethod, tokenId, credential } = principal;
  const ifMatch = req.method === 'PATCH' || req.method === 'DELETE' ? parseIfMatch(req.headers.get('if-match')) : null;
  const client = { address: clientAddress(req), userAgent: req.headers.get('user-agent') };
  const ctx: ApiContext = { requestId, accountId, userId, role, scopes, authMethod, tokenId, credential, baseUrl: publicOrigin(req), ifMatch, client };
  return { ctx, setCookies, rateHeaders };
}

function withHeaders(res: Response, rateHeaders: Record<string, string>, setCookies: string[]): Response {
  for (const [name, value] of Object.entries(rateHeaders)) res.headers.set(name, value);
  for (const cookie of setCookies) res.headers.append('Set-Cookie', cookie);
  return res;
}

type Run = (req: Request, requestId: string, context: NextRouteContext | undefined) => Promise<Response>;

/** Every method: the implemented ones wrapped with request id and error mapping, the rest a JSON 405. */
function methods(implemented: Partial<Record<Method, Run>>): Record<Method, RouteHandler> {
  const allowed = METHODS.filter((m) => implemented[m]);
  const out = {} as Record<Method, RouteHandler>;
  for (const method of METHODS) {
    const run = implemented[method];
    out[method] = run
      ? async (req, context) => {
          const requestId = requestIdOf(req);
          try {
            return withRequestId(await run(req, requestId, context), requestId);
          } catch (err) {
            return withRequestId(errorResponse(err, requestId), requestId);
          }
        }
      : methodNotAllowed(allowed);
  }
  return out;
}

/**
 * The one wrapper of every API route: request id, authentication, tenancy, errors, and a JSON 405
 * (with Allow) for the methods a route does not implement. Route files export all five methods.
 */
export function defineRoute(handlers: Partial<Record<Method, Handler | GuardedHandler>>): Record<Method, RouteHandler> {
  const runs: Partial<Record<Method, Run>> = {};
  for (const [method, given] of Object.entries(handlers) as [Method, Handler | GuardedHandler][]) {
    const { access, run: handler } = typeof given === 'function' ? { access: undefined, run: given } : given;
    runs[method] = async (req, requestId, context) => {
      const url = new URL(req.url);
      const db = getDb();
      const { ctx, setCookies, rateHeaders } = await authenticate(req, db, requestId);
      try {
        checkAccess(ctx, access);
      } catch (err) {
        return withHeaders(errorResponse(err, requestId), rateHeaders, setCookies);
      }
      const params = await resolveParams(context);
      const run = async (conn: Db) => {
        try {
          return await handler({ req, url, ctx, params, db: conn });
        } catch (err) {
          return errorResponse(err, requestId);
        }
      };
      let res: Response;
      try {
        res = method === 'POST' ? await idempotent(db, ctx, req, run) : await run(db);
      } catch (err) {
        res = errorResponse(err, requestId);
      }
      return withHeaders(res, rateHeaders, setCookies);
    };
  }
  return methods(runs);
}

/**
 * Routes that need no credentials (health, the OpenAPI document, the JSON 404), limited per client
 * address like requests without a valid credential.
 */
export function definePublicRoute(handlers: Partial<Record<Method, (req: Request) => Promise<Response>>>): Record<Method, RouteHandler> {
  const runs: Partial<Record<Method, Run>> = {};
  for (const [method, handler] of Object.entries(handlers) as [Method, (req: Request) => Promise<Response>][]) {
    runs[method] = async (req) => {
      const rateHeaders = await getApiRateLimiter().consumeAnonymous(clientAddress(req));
      return withHeaders(await handler(req), rateHeaders, []);
    };
  }
  return methods(runs);
}
