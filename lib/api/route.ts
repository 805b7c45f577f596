import { randomUUID } from 'node:crypto';
import type { Db } from '@/db';
import { authenticateToken, tokenFromHeader } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db';
import { env } from '@/lib/env';
import { ApiError, errorBody } from './errors';
import { pageHeaders, type Page } from './pagination';

/** Who is calling, for which account: every handler and service is scoped by this. */
export interface ApiContext {
  requestId: string;
  accountId: number;
  userId: number;
  scopes: string[];
  /** Origin for absolute links to records. */
  baseUrl: string;
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
type NextRouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type RouteHandler = (req: Request, context: NextRouteContext) => Promise<Response>;

const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Method = (typeof METHODS)[number];

export function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return Response.json(body, { status, headers });
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

function errorResponse(err: unknown, requestId: string): Response {
  const apiError = err instanceof ApiError ? err : fromDatabaseError(err);
  if (apiError) {
    return json(errorBody(requestId, apiError.code, apiError.message, apiError.details), apiError.status, apiError.headers);
  }
  console.error(`[${requestId}] unhandled error`, err);
  return json(errorBody(requestId, 'internal_error', 'Something went wrong on our side.'), 500);
}

/** Postgres errors that client input can cause (a race past our own checks) are 4xx, not 500. */
function fromDatabaseError(err: unknown): ApiError | null {
  const pg = (err as { cause?: { code?: string; detail?: string } })?.cause ?? (err as { code?: string; detail?: string });
  const column = /Key \(([\w]+)\)/.exec(pg?.detail ?? '')?.[1];
  switch (pg?.code) {
    case '23505':
      return new ApiError(409, 'conflict', 'A record with these values already exists.');
    case '23503':
      return new ApiError(422, 'validation_failed', 'A related record does not exist.', column ? { [column]: ['does not exist'] } : {});
    case '23514':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
      return new ApiError(422, 'validation_failed', 'A value is out of range or malformed.');
    default:
      return null;
  }
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

async function authenticate(req: Request, db: Db, requestId: string, url: URL): Promise<ApiContext> {
  const token = tokenFromHeader(req.headers.get('authorization'));
  const principal = token ? await authenticateToken(db, token) : null;
  if (!principal) {
    throw new ApiError(
      401,
      'unauthorized',
      token ? 'The token is invalid, expired or revoked.' : 'Send an API token in the Authorization header.',
      {},
      { 'WWW-Authenticate': 'Bearer realm="groundwork"' },
    );
  }
  const needed = req.method === 'GET' || req.method === 'HEAD' ? 'read' : 'write';
  if (!principal.scopes.includes(needed)) {
    throw new ApiError(403, 'insufficient_scope', `This token lacks the "${needed}" scope.`, { required_scope: needed });
  }
  return { requestId, ...principal, baseUrl: env.PUBLIC_BASE_URL ?? url.origin };
}

/**
 * The one wrapper of every API route: request id, authentication, tenancy, errors, and a JSON 405
 * (with Allow) for the methods a route does not implement. Route files export all five methods.
 */
export function defineRoute(handlers: Partial<Record<Exclude<Method, 'PUT'>, Handler>>): Record<Method, RouteHandler> {
  const allowed = METHODS.filter((m) => handlers[m as keyof typeof handlers]);
  const out = {} as Record<Method, RouteHandler>;
  for (const method of METHODS) {
    const handler = handlers[method as keyof typeof handlers];
    out[method] = handler
      ? async (req, context) => {
          const requestId = requestIdOf(req);
          try {
            const url = new URL(req.url);
            const db = getDb();
            const ctx = await authenticate(req, db, requestId, url);
            const params = await resolveParams(context);
            return withRequestId(await handler({ req, url, ctx, params, db }), requestId);
          } catch (err) {
            return withRequestId(errorResponse(err, requestId), requestId);
          }
        }
      : methodNotAllowed(allowed);
  }
  return out;
}

/** Routes that need no credentials (the OpenAPI document, the JSON 404). */
export function definePublicRoute(handlers: Partial<Record<Method, (req: Request) => Promise<Response>>>): Record<Method, RouteHandler> {
  const allowed = METHODS.filter((m) => handlers[m]);
  const out = {} as Record<Method, RouteHandler>;
  for (const method of METHODS) {
    const handler = handlers[method];
    out[method] = handler
      ? async (req) => {
          const requestId = requestIdOf(req);
          try {
            return withRequestId(await handler(req), requestId);
          } catch (err) {
            return withRequestId(errorResponse(err, requestId), requestId);
          }
        }
      : methodNotAllowed(allowed);
  }
  return out;
}
