import OAuth2Server, { OAuthError, Request as OAuthRequest, Response as OAuthResponse } from '@node-oauth/oauth2-server';
import type { Db } from '@/db';
import type { TokenAudience } from '@/db/schema/enums';
import { publicOrigin } from '@/lib/server/security/origin';
import { audienceOfResource } from './resource';
import { clientAddress } from '@/lib/server/security/client-address';
import { ACCESS_TOKEN_LIFETIME, AUTHORIZATION_CODE_LIFETIME, oauthModel, REFRESH_TOKEN_LIFETIME, type OAuthClientInfo } from './model';

// Between the Fetch API of route handlers and the library's own Request and Response objects.

const MAX_BODY_BYTES = 64 * 1024;
const FORM = 'application/x-www-form-urlencoded';

/** RFC 6749 §5.1 and §5.2: no token answer is stored by a cache, errors included (the library marks only successes). */
export const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };

/** An RFC 6749 §5.2 error body. */
export function oauthError(status: number, error: string, description: string, headers: Record<string, string> = {}): Response {
  return Response.json({ error, error_description: description }, { status, headers: { ...headers, ...NO_STORE } });
}

export class BadBody extends Error {}

/**
 * The parameters of a token or revocation request: `application/x-www-form-urlencoded` (the
 * RFC's) or a JSON object (what many clients send); string values only.
 */
export async function readParams(req: Request): Promise<{ params: Record<string, string>; form: boolean }> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (Number(req.headers.get('content-length') ?? 0) > MAX_BODY_BYTES) throw new BadBody('The request body is too large.');
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new BadBody('The request body is too large.');
  if (/^application\/([\w.+-]+\+)?json\s*(;|$)/.test(type)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      throw new BadBody('The request body is not valid JSON.');
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new BadBody('The JSON body must be an object.');
    const params: Record<string, string> = {};
    for (const [k, v] of Object.entries(parsed)) if (typeof v === 'string') params[k] = v;
    return { params, form: true };
  }
  if (type.startsWith(FORM)) return { params: Object.fromEntries(new URLSearchParams(text)), form: true };
  return { params: {}, form: false };
}

/** The library's request: its token handler wants a form body, which a JSON body becomes here. */
function toOAuthRequest(req: Request, body: Record<string, string>, form: boolean): OAuthRequest {
  const headers: Record<string, string> = Object.fromEntries(req.headers);
  if (form) {
    headers['content-type'] = FORM;
    headers['content-length'] = String(new URLSearchParams(body).toString().length);
  }
  return new OAuthRequest({ method: req.method, headers, query: Object.fromEntries(new URL(req.url).searchParams), body });
}

function toResponse(res: OAuthResponse): Response {
  const headers = new Headers(res.headers as Record<string, string>);
  for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value);
  return Response.json(res.body, { status: res.status, headers });
}

/** Where a request came from, for the security events the model writes. */
export function requestInfo(req: Request): OAuthClientInfo {
  return { address: clientAddress(req), userAgent: req.headers.get('user-agent') };
}

/** POST /oauth/token, run by the library. */
export async function handleToken(db: Db, req: Request): Promise<Response> {
  let parsed;
  try {
    parsed = await readParams(req);
  } catch (err) {
    if (err instanceof BadBody) return oauthError(400, 'invalid_request', err.message);
    throw err;
  }
  // RFC 8707: the resource the token is asked for, when named; the code or refresh token must be for it.
  const audience = audienceOfResource(parsed.params.resource, publicOrigin(req));
  if (audience === null) return oauthError(400, 'invalid_target', 'The resource is not one this server issues tokens for.');
  const server = new OAuth2Server({ model: oauthModel(db, { from: requestInfo(req), audience }) });
  const response = new OAuthResponse();
  try {
    await server.token(toOAuthRequest(req, parsed.params, parsed.form), response, {
      accessTokenLifetime: ACCESS_TOKEN_LIFETIME,
      refreshTokenLifetime: REFRESH_TOKEN_LIFETIME,
      // Public clients refresh with their client id alone (they have no secret); confidential ones still authenticate.
      requireClientAuthentication: { refresh_token: false },
    });
    return toResponse(response);
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    if (err.code >= 500) console.error('[oauth] token endpoint error', err);
    const body = response.body as { error?: string } | undefined;
    if (body?.error) return toResponse(response);
    return oauthError(err.code, err.name, err.message, response.headers as Record<string, string>);
  }
}

/**
 * The consent decision: the library checks the request again, saves the code (on Allow) and builds
 * the redirect with `code` and `state`, or `error=access_denied` on Deny. Null when the client or
 * redirect URI is wrong, which must never redirect.
 */
export async function handleAuthorizeDecision(
  db: Db,
  params: Record<string, string>,
  user: { id: number; accountId: number },
  allowed: boolean,
  from?: OAuthClientInfo,
  audience?: TokenAudience,
): Promise<{ location: string } | { error: string; description: string }> {
  const server = new OAuth2Server({ model: oauthModel(db, { authorize: true, from, audience }) });
  const request = new OAuthRequest({
    method: 'POST',
    headers: {},
    query: {},
    body: { ...params, allowed: allowed ? 'true' : 'false' },
  });
  const response = new OAuthResponse();
  try {
    await server.authorize(request, response, {
      authenticateHandler: { handle: async () => ({ ...user, grantId: null }) },
      // The integrations this API serves send no `state`; it is echoed when sent.
      allowEmptyState: true,
      authorizationCodeLifetime: AUTHORIZATION_CODE_LIFETIME,
    });
  } catch (err) {
    if (!(err instanceof OAuthError)) throw err;
    if (err.code >= 500) console.error('[oauth] authorize error', err);
    const location = response.get('location') as string | undefined;
    return location ? { location } : { error: err.name, description: err.message };
  }
  return { location: response.get('location') as string };
}
