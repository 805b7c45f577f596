import { POST as decisionPost } from '@/app/oauth/authorize/decision/route';
import { POST as registerPost } from '@/app/oauth/register/route';
import { POST as revokePost } from '@/app/oauth/revoke/route';
import { POST as tokenPost } from '@/app/oauth/token/route';
import { BASE, dispatch, request, type ApiResponse } from './api';
import type { SessionClient } from './fixtures';

// The OAuth endpoints through their real route handlers, and a `fetch` that serves the whole app
// (OAuth endpoints and the API) from them, for clients written against plain fetch.

const OAUTH_ROUTES: Record<string, (req: Request) => Promise<Response>> = {
  '/oauth/token': tokenPost,
  '/oauth/revoke': revokePost,
  '/oauth/authorize/decision': decisionPost,
  '/oauth/register': registerPost,
};

/** A `fetch` answered by the route handlers as they answer (streams and all): the OAuth endpoints, the API, /api/mcp, /.well-known. */
export const rawAppFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
  const req = new Request(input, init);
  const oauth = OAUTH_ROUTES[new URL(req.url).pathname];
  return oauth ? oauth(req) : dispatch(req);
};

/** A `fetch` answered by the app's route handlers, as `next start` would answer it. */
export const appFetch: typeof fetch = async (input, init) => {
  const req = new Request(input, init);
  const url = new URL(req.url);
  const oauth = OAUTH_ROUTES[url.pathname];
  if (oauth) return oauth(req);
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text();
  const res = await request(req.method, url.pathname + url.search, {
    headers: Object.fromEntries(req.headers),
    ...(body ? { rawBody: body } : {}),
  });
  return new Response(res.body === null ? null : JSON.stringify(res.body), { status: res.status, headers: res.headers });
};

export interface OAuthCallOptions {
  /** `form` (the RFC's) or `json`. */
  as?: 'form' | 'json';
  basic?: [string, string];
}

async function call(path: string, params: Record<string, string>, options: OAuthCallOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = {};
  let body: string;
  if (options.as === 'json') {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(params);
  } else {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(params).toString();
  }
  if (options.basic) headers.authorization = `Basic ${Buffer.from(options.basic.map(encodeURIComponent).join(':')).toString('base64')}`;
  const res = await OAUTH_ROUTES[path]!(new Request(new URL(path, BASE), { method: 'POST', headers, body }));
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null };
}

export const tokenRequest = (params: Record<string, string>, options?: OAuthCallOptions) => call('/oauth/token', params, options);
export const revokeRequest = (params: Record<string, string>, options?: OAuthCallOptions) => call('/oauth/revoke', params, options);

/** The consent form's POST, as the browser sends it from the consent page (same origin, session cookie). */
export async function decide(session: SessionClient, params: Record<string, string>, decision: 'allow' | 'deny', origin = BASE) {
  const res = await decisionPost(
    new Request(new URL('/oauth/authorize/decision', BASE), {
      method: 'POST',
      headers: { cookie: session.cookie, origin, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...params, decision }).toString(),
      redirect: 'manual',
    }),
  );
  return { status: res.status, location: res.headers.get('location') };
}

/** An application registered through the API by a signed-in admin. */
export async function registerApp(admin: SessionClient, fields: Record<string, unknown> = {}) {
  const res = await admin.post('/oauth_applications', {
    oauth_application: { name: 'Estimating sync', redirect_uris: ['https://estimating.example.com/callback'], ...fields },
  });
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.oauth_application as { id: string; client_id: string; client_secret: string | null; redirect_uris: string[] };
}
