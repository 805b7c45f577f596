import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTokens, oauthAuthorizationCodes, oauthRefreshTokens } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { checkAuthorizeRequest } from '@/lib/server/oauth/authorize';
import { BASE, client } from '../api';
import { createTestAccount, sessionClient, type SessionClient, type TestAccount } from '../fixtures';
import { decide, registerApp, revokeRequest, tokenRequest } from '../oauth';

let a: TestAccount;
let b: TestAccount;
let admin: SessionClient;
let member: SessionClient;
let other: SessionClient;
let app: Awaited<ReturnType<typeof registerApp>>;
const REDIRECT = 'https://estimating.example.com/callback';

beforeAll(async () => {
  a = await createTestAccount('OAuth GC');
  b = await createTestAccount('Other OAuth GC');
  admin = await sessionClient(a.userId);
  member = await sessionClient(a.otherUserId);
  other = await sessionClient(b.userId);
  app = await registerApp(admin);
});

const clientCredentials = (scope?: string) => ({
  grant_type: 'client_credentials',
  client_id: app.client_id,
  client_secret: app.client_secret!,
  ...(scope ? { scope } : {}),
});

/** Consent as `who`, then the code and state from the redirect. */
async function authorize(who: SessionClient, params: Record<string, string> = {}) {
  const state = randomBytes(8).toString('hex');
  const res = await decide(who, { response_type: 'code', client_id: app.client_id, redirect_uri: REDIRECT, scope: 'read write', state, ...params }, 'allow');
  expect(res.status).toBe(303);
  const location = new URL(res.location!);
  expect(location.origin + location.pathname).toBe(REDIRECT);
  expect(location.searchParams.get('state')).toBe(params.state ?? state);
  return location.searchParams.get('code')!;
}

const exchange = (code: string, extra: Record<string, string> = {}) =>
  tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: REDIRECT, client_id: app.client_id, client_secret: app.client_secret!, ...extra });

const refresh = (refreshToken: string) =>
  tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: app.client_id, client_secret: app.client_secret! });

describe('OAuth applications API', () => {
  it('registers an application: client id, the secret once, and lists and reads it without the secret', async () => {
    const created = await admin.post('/oauth_applications', {
      oauth_application: { name: 'Nightly sync', redirect_uris: ['http://127.0.0.1:8765/cb'], scope: 'read' },
    });
    expect(created.status).toBe(201);
    const body = created.body.oauth_application;
    expect(body).toMatchObject({
      name: 'Nightly sync',
      scope: 'read',
      confidential: true,
      redirect_uris: ['http://127.0.0.1:8765/cb'],
      owner_id: String(a.userId),
    });
    expect(body.client_id).toMatch(/^gw_client_/);
    expect(body.client_secret).toMatch(/^gw_cs_/);
    expect(body.secret_hint).toBe(`…${body.client_secret.slice(-4)}`);

    const read = await admin.get(`/oauth_applications/${body.id}`);
    expect(read.status).toBe(200);
    expect(read.body.oauth_application).not.toHaveProperty('client_secret');
    expect(JSON.stringify(read.body)).not.toContain(body.client_secret);
    const list = await admin.get('/oauth_applications');
    expect(list.body.oauth_applications.map((x: { id: string }) => x.id)).toContain(body.id);
    // Another account sees none of it.
    expect((await other.get(`/oauth_applications/${body.id}`)).status).toBe(404);
  });

  it('validates: names, https redirect URIs (http on loopback only), scopes, rate limits in pairs', async () => {
    const res = await admin.post('/oauth_applications', {
      oauth_application: { name: ' ', redirect_uris: ['http://evil.example.com/cb', 'https://x.example.com/#frag'], scope: 'admin' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['name', 'redirect_uris.0', 'redirect_uris.1', 'scope']);
    const half = await admin.post('/oauth_applications', { oauth_application: { name: 'Half', rate_limit_points: 5 } });
    expect(half.status).toBe(422);
    expect(half.body.details).toHaveProperty('rate_limit_points');
  });

  it('is for admins in a browser session: members and tokens get 403', async () => {
    expect((await member.get('/oauth_applications')).status).toBe(403);
    expect((await member.post('/oauth_applications', { oauth_application: { name: 'X' } })).status).toBe(403);
    const withToken = await a.api.get('/oauth_applications');
    expect(withToken.status).toBe(403);
    expect(withToken.body.error).toBe('session_required');
  });

  it('updates name, redirect URIs and scope; rotates the secret (the old one stops working); deletes with its tokens', async () => {
    const made = await registerApp(admin, { name: 'Rotating' });
    const patched = await admin.patch(`/oauth_applications/${made.id}`, {
      oauth_application: { name: 'Rotated', redirect_uris: ['https://rotated.example.com/cb'], scope: 'read' },
    });
    expect(patched.status).toBe(200);
    expect(patched.body.oauth_application).toMatchObject({ name: 'Rotated', redirect_uris: ['https://rotated.example.com/cb'], scope: 'read' });

    const before = await tokenRequest({ grant_type: 'client_credentials', client_id: made.client_id, client_secret: made.client_secret! });
    expect(before.status).toBe(200);
    expect(before.body.scope).toBe('read');

    const rotated = await admin.post(`/oauth_applications/${made.id}/rotate_secret`);
    expect(rotated.status).toBe(200);
    const newSecret = rotated.body.oauth_application.client_secret;
    expect(newSecret).toMatch(/^gw_cs_/);
    expect(newSecret).not.toBe(made.client_secret);
    const old = await tokenRequest({ grant_type: 'client_credentials', client_id: made.client_id, client_secret: made.client_secret! });
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('invalid_client');
    expect((await tokenRequest({ grant_type: 'client_credentials', client_id: made.client_id, client_secret: newSecret })).status).toBe(200);
    // Tokens issued before the rotation keep working.
    expect((await client(before.body.access_token).get('/users/me')).status).toBe(200);

    expect((await admin.delete(`/oauth_applications/${made.id}`)).status).toBe(204);
    expect((await client(before.body.access_token).get('/users/me')).status).toBe(401);
    expect((await admin.get(`/oauth_applications/${made.id}`)).status).toBe(404);
  });
});

describe('POST /oauth/token: client credentials', () => {
  it('answers a Bearer token for a JSON body that acts as the application owner', async () => {
    const res = await tokenRequest(clientCredentials('read write'), { as: 'json' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ access_token: expect.stringMatching(/^gw_oat_/), token_type: 'Bearer', expires_in: 3600, scope: 'read write' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const me = await client(res.body.access_token).get('/users/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(String(a.userId));
    // Not listed among the owner's personal API tokens.
    const tokens = await admin.get('/api_tokens');
    expect(tokens.body.api_tokens.every((t: { name: string }) => !t.name.startsWith('OAuth:'))).toBe(true);
  });

  it('takes a form body with HTTP Basic client authentication; no scope asked: the application’s', async () => {
    const res = await tokenRequest({ grant_type: 'client_credentials' }, { basic: [app.client_id, app.client_secret!] });
    expect(res.status).toBe(200);
    expect(res.body.scope).toBe('read write');
  });

  it('a read token is refused on a PATCH with 403 insufficient_scope', async () => {
    const res = await tokenRequest(clientCredentials('read'));
    expect(res.body.scope).toBe('read');
    const api = client(res.body.access_token);
    expect((await api.get('/projects')).status).toBe(200);
    const patch = await api.patch(`/users/${a.userId}`, { user: { first_name: 'Nope' } });
    expect(patch.status).toBe(403);
    expect(patch.body.error).toBe('insufficient_scope');
  });

  it('wrong secret: invalid_client (400 in the body, 401 with WWW-Authenticate over Basic)', async () => {
    const body = await tokenRequest({ ...clientCredentials(), client_secret: 'gw_cs_wrong' });
    expect(body.status).toBe(400);
    expect(body.body.error).toBe('invalid_client');
    expect(body.body.error_description).toBeTruthy();
    const basic = await tokenRequest({ grant_type: 'client_credentials' }, { basic: [app.client_id, 'wrong'] });
    expect(basic.status).toBe(401);
    expect(basic.body.error).toBe('invalid_client');
    expect(basic.headers.get('www-authenticate')).toMatch(/^Basic/);
    const unknown = await tokenRequest({ ...clientCredentials(), client_id: 'gw_client_nope' });
    expect(unknown.body.error).toBe('invalid_client');
  });

  it('unsupported_grant_type, invalid_scope and invalid_request, never a 5xx', async () => {
    expect((await tokenRequest({ ...clientCredentials(), grant_type: 'urn:example:magic' })).body.error).toBe('unsupported_grant_type');
    expect((await tokenRequest(clientCredentials('admin'))).body.error).toBe('invalid_scope');
    expect((await tokenRequest({ client_id: app.client_id, client_secret: app.client_secret! })).body.error).toBe('invalid_request');
    const hostile: [Record<string, string>, 'form' | 'json'][] = [
      [{}, 'form'],
      [{ grant_type: 'client_credentials', client_id: 'x'.repeat(5000), client_secret: 'y' }, 'form'],
      [{ grant_type: 'authorization_code', code: '\u0000', client_id: app.client_id, client_secret: app.client_secret! }, 'json'],
      [{ grant_type: 'refresh_token', refresh_token: 'r'.repeat(600), client_id: app.client_id, client_secret: app.client_secret! }, 'json'],
      [{ grant_type: 'password', username: 'a', password: 'b', client_id: app.client_id, client_secret: app.client_secret! }, 'form'],
      [{ ...clientCredentials(), scope: 'read\u0000' }, 'json'],
    ];
    for (const [params, as] of hostile) {
      const res = await tokenRequest(params, { as });
      expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(typeof res.body.error).toBe('string');
    }
  });

  it('refuses bodies that are neither form nor JSON, and malformed JSON, with invalid_request', async () => {
    const { POST } = await import('@/app/oauth/token/route');
    for (const [type, body] of [
      ['text/plain', 'grant_type=client_credentials'],
      ['application/json', '{"grant_type":'],
      ['application/json', '[1,2]'],
    ] as const) {
      const res = await POST(new Request('http://localhost:3000/oauth/token', { method: 'POST', headers: { 'content-type': type }, body }));
      expect(res.status).toBe(400);
      expect((await res.json()).error).toBe('invalid_request');
    }
    const { GET } = await import('@/app/oauth/token/route');
    expect((await GET()).status).toBe(405);
  });

  it('marks every token and revocation answer Cache-Control: no-store, errors included (RFC 6749 §5.1, §5.2)', async () => {
    const { POST: token, GET: tokenGet } = await import('@/app/oauth/token/route');
    const { POST: revoke } = await import('@/app/oauth/revoke/route');
    const answers: [string, { status: number; headers: Headers }][] = [
      ['success', await tokenRequest(clientCredentials())],
      ['invalid_client', await tokenRequest({ ...clientCredentials(), client_secret: 'gw_cs_wrong' })],
      ['invalid_client over Basic', await tokenRequest({ grant_type: 'client_credentials' }, { basic: [app.client_id, 'wrong'] })],
      ['unsupported_grant_type', await tokenRequest({ ...clientCredentials(), grant_type: 'urn:example:magic' })],
      ['invalid_scope', await tokenRequest(clientCredentials('admin'))],
      ['invalid_request', await tokenRequest({ client_id: app.client_id, client_secret: app.client_secret! })],
      [
        'invalid_grant',
        await tokenRequest({ grant_type: 'refresh_token', refresh_token: 'gw_ort_nope', client_id: app.client_id, client_secret: app.client_secret! }),
      ],
      ['bad body', await token(new Request(`${BASE}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }))],
      ['405', await tokenGet()],
      ['revoked', await revokeRequest({ token: 'gw_oat_unknown', client_id: app.client_id, client_secret: app.client_secret! })],
      ['revoke invalid_client', await revokeRequest({ token: 'x', client_id: app.client_id, client_secret: 'wrong' })],
      ['revoke invalid_request', await revokeRequest({ client_id: app.client_id, client_secret: app.client_secret! })],
      ['revoke bad body', await revoke(new Request(`${BASE}/oauth/revoke`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'token=x' }))],
    ];
    for (const [name, res] of answers) {
      expect(res.headers.get('cache-control'), `${name} (${res.status})`).toBe('no-store');
      expect(res.headers.get('pragma'), name).toBe('no-cache');
    }
  });
});

describe('authorization code flow', () => {
  it('consent → code and state → tokens; refresh rotates; reusing the old refresh token revokes the family', async () => {
    const code = await authorize(member);
    const tokens = await exchange(code);
    expect(tokens.status).toBe(200);
    expect(tokens.body).toEqual({
      access_token: expect.stringMatching(/^gw_oat_/),
      token_type: 'Bearer',
      expires_in: 3600,
      refresh_token: expect.stringMatching(/^gw_ort_/),
      scope: 'read write',
    });
    const me = await client(tokens.body.access_token).get('/users/me');
    expect(me.body.user.id).toBe(String(a.otherUserId));

    const second = await refresh(tokens.body.refresh_token);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(tokens.body.refresh_token);
    expect((await client(second.body.access_token).get('/users/me')).status).toBe(200);

    // The first refresh token again: a copy is in use somewhere; the whole family dies.
    const reuse = await refresh(tokens.body.refresh_token);
    expect(reuse.status).toBe(400);
    expect(reuse.body.error).toBe('invalid_grant');
    expect((await refresh(second.body.refresh_token)).body.error).toBe('invalid_grant');
    expect((await client(second.body.access_token).get('/users/me')).status).toBe(401);
    expect((await client(tokens.body.access_token).get('/users/me')).status).toBe(401);
  });

  it('a code is single-use, bound to its redirect URI and client, and expires', async () => {
    const code = await authorize(admin);
    const wrongRedirect = await exchange(code, { redirect_uri: 'https://estimating.example.com/other' });
    expect(wrongRedirect.status).toBe(400);
    expect(wrongRedirect.body.error).toBe('invalid_request');
    // The failed attempt consumed it.
    const reused = await exchange(code);
    expect(reused.status).toBe(400);
    expect(reused.body.error).toBe('invalid_grant');

    const fresh = await authorize(admin);
    expect((await exchange(fresh)).status).toBe(200);
    expect((await exchange(fresh)).body.error).toBe('invalid_grant');

    const expiring = await authorize(admin);
    const hash = createHash('sha256').update(expiring).digest('hex');
    await getDb()
      .update(oauthAuthorizationCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(oauthAuthorizationCodes.codeHash, hash));
    const expired = await exchange(expiring);
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('invalid_grant');
    expect(expired.body.error_description).toMatch(/expired/);

    const otherApp = await registerApp(admin, { name: 'Other client' });
    const stolen = await authorize(admin);
    const byOther = await tokenRequest({
      grant_type: 'authorization_code',
      code: stolen,
      redirect_uri: REDIRECT,
      client_id: otherApp.client_id,
      client_secret: otherApp.client_secret!,
    });
    expect(byOther.body.error).toBe('invalid_grant');
  });

  it('deny sends error=access_denied with the state; no code is issued', async () => {
    const res = await decide(admin, { response_type: 'code', client_id: app.client_id, redirect_uri: REDIRECT, state: 'xyz' }, 'deny');
    expect(res.status).toBe(303);
    const url = new URL(res.location!);
    expect(url.searchParams.get('error')).toBe('access_denied');
    expect(url.searchParams.get('state')).toBe('xyz');
    expect(url.searchParams.has('code')).toBe(false);
  });

  it('an unregistered redirect URI or unknown client never redirects there; other errors go back with error', async () => {
    const db = getDb();
    const evil = await checkAuthorizeRequest(db, { client_id: app.client_id, response_type: 'code', redirect_uri: 'https://evil.example.com/cb' }, a, BASE);
    expect(evil.kind).toBe('fatal');
    const prefix = await checkAuthorizeRequest(db, { client_id: app.client_id, response_type: 'code', redirect_uri: `${REDIRECT}/extra` }, a, BASE);
    expect(prefix.kind).toBe('fatal');
    expect((await checkAuthorizeRequest(db, { client_id: 'gw_client_unknown', response_type: 'code' }, a, BASE)).kind).toBe('fatal');
    expect((await checkAuthorizeRequest(db, { client_id: app.client_id, response_type: 'code' }, b, BASE)).kind).toBe('fatal');
    const token = await checkAuthorizeRequest(db, { client_id: app.client_id, response_type: 'token', state: 's1' }, a, BASE);
    expect(token).toMatchObject({ kind: 'redirect' });
    const loc = new URL((token as { location: string }).location);
    expect(loc.searchParams.get('error')).toBe('unsupported_response_type');
    expect(loc.searchParams.get('state')).toBe('s1');
    const scope = await checkAuthorizeRequest(db, { client_id: app.client_id, response_type: 'code', scope: 'read admin' }, a, BASE);
    expect(new URL((scope as { location: string }).location).searchParams.get('error')).toBe('invalid_scope');

    // The decision endpoint refuses the same, sending the browser back to the page that explains.
    const posted = await decide(admin, { response_type: 'code', client_id: app.client_id, redirect_uri: 'https://evil.example.com/cb' }, 'allow');
    // By a relative Location: the request's URL is the listening address, not the public origin.
    expect(posted.location).toMatch(/^\/oauth\/authorize\?/);
    expect(new URL(posted.location!, BASE).searchParams.get('redirect_uri')).toBe('https://evil.example.com/cb');
    // Another site cannot post the consent form.
    const csrf = await decide(admin, { response_type: 'code', client_id: app.client_id, redirect_uri: REDIRECT }, 'allow', 'https://evil.example.com');
    expect(csrf.status).toBe(403);
  });

  it('PKCE: required for public clients, S256 verified, works without a secret', async () => {
    const pub = await registerApp(admin, { name: 'Mobile', confidential: false });
    expect(pub.client_secret).toBeNull();
    const noPkce = await checkAuthorizeRequest(getDb(), { client_id: pub.client_id, response_type: 'code' }, a, BASE);
    expect(new URL((noPkce as { location: string }).location).searchParams.get('error')).toBe('invalid_request');

    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const pkce = { client_id: pub.client_id, code_challenge: challenge, code_challenge_method: 'S256' };
    const res = await decide(admin, { response_type: 'code', redirect_uri: REDIRECT, state: 's', ...pkce }, 'allow');
    const code = new URL(res.location!).searchParams.get('code')!;
    const exchangeAs = (c: string, v: string) =>
      tokenRequest({ grant_type: 'authorization_code', code: c, redirect_uri: REDIRECT, client_id: pub.client_id, code_verifier: v });
    const bad = await exchangeAs(code, randomBytes(32).toString('base64url'));
    expect(bad.body.error).toBe('invalid_grant');

    const res2 = await decide(admin, { response_type: 'code', redirect_uri: REDIRECT, state: 's', ...pkce }, 'allow');
    const good = await exchangeAs(new URL(res2.location!).searchParams.get('code')!, verifier);
    expect(good.status).toBe(200);
    // A public client refreshes with its id alone, and cannot use client credentials.
    const refreshed = await tokenRequest({ grant_type: 'refresh_token', refresh_token: good.body.refresh_token, client_id: pub.client_id });
    expect(refreshed.status).toBe(200);
    expect((await tokenRequest({ grant_type: 'client_credentials', client_id: pub.client_id })).status).toBe(400);
  });
});

describe('OAuth edges', () => {
  it('code_challenge without code_challenge_method is invalid_request (RFC 7636 defaults to plain; only S256 is served), on the page and at the decision', async () => {
    const challenge = createHash('sha256').update(randomBytes(32).toString('base64url')).digest('base64url');
    const params = { response_type: 'code', client_id: app.client_id, redirect_uri: REDIRECT, state: 'pk', code_challenge: challenge };
    for (const bad of [
      params,
      { ...params, code_challenge_method: '' },
      { ...params, code_challenge: undefined, code_challenge_method: 'S256' },
      { ...params, code_challenge: 'short', code_challenge_method: 'S256' },
    ]) {
      const page = await checkAuthorizeRequest(getDb(), bad, a, BASE);
      expect(page.kind, JSON.stringify(bad)).toBe('redirect');
      const pageError = new URL((page as { location: string }).location);
      expect(pageError.searchParams.get('error')).toBe('invalid_request');
      expect(pageError.searchParams.get('state')).toBe('pk');
    }
    // The consent form posting the same request issues no code: back to the page, which redirects with the error.
    const posted = await decide(admin, params, 'allow');
    expect(posted.status).toBe(303);
    expect(posted.location).toMatch(/^\/oauth\/authorize\?/);
    const back = new URL(posted.location!, BASE);
    expect(back.searchParams.has('code')).toBe(false);
    expect(back.searchParams.get('code_challenge')).toBe(challenge);
  });

  it('two concurrent refreshes with one refresh token: one wins, the other is reuse, and no token of the family survives', async () => {
    const viewer = await sessionClient(a.otherUserId, 'a racing session password');
    const tokens = await exchange(await authorize(viewer));
    expect(tokens.status).toBe(200);
    const [family] = await getDb()
      .select({ familyId: oauthRefreshTokens.familyId })
      .from(oauthRefreshTokens)
      .where(eq(oauthRefreshTokens.tokenHash, createHash('sha256').update(tokens.body.refresh_token).digest('hex')));
    expect(family).toBeDefined();

    // Open a few pooled connections first (PostgreSQL), so neither request waits for one to be opened.
    await Promise.all(Array.from({ length: 4 }, () => getDb().execute(sql`select pg_sleep(0.02)`)));
    const answers = await Promise.all([refresh(tokens.body.refresh_token), refresh(tokens.body.refresh_token)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 400]);
    expect(answers.find((r) => r.status === 400)!.body.error).toBe('invalid_grant');

    const liveRefresh = await getDb()
      .select({ id: oauthRefreshTokens.id })
      .from(oauthRefreshTokens)
      .where(and(eq(oauthRefreshTokens.familyId, family!.familyId), isNull(oauthRefreshTokens.rotatedAt), isNull(oauthRefreshTokens.revokedAt)));
    expect(liveRefresh).toEqual([]);
    const liveAccess = await getDb()
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .innerJoin(oauthRefreshTokens, eq(oauthRefreshTokens.accessTokenId, apiTokens.id))
      .where(and(eq(oauthRefreshTokens.familyId, family!.familyId), isNull(apiTokens.revokedAt)));
    expect(liveAccess).toEqual([]);
    const winner = answers.find((r) => r.status === 200)!;
    expect((await client(winner.body.access_token).get('/users/me')).status).toBe(401);
    expect((await refresh(winner.body.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('lowering an application’s scope caps its existing grants at the next refresh', async () => {
    const made = await registerApp(admin, { name: 'Shrinking' });
    const state = 'shrink';
    const consent = await decide(admin, { response_type: 'code', client_id: made.client_id, redirect_uri: REDIRECT, scope: 'read write', state }, 'allow');
    const code = new URL(consent.location!).searchParams.get('code')!;
    const issued = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: REDIRECT,
      client_id: made.client_id,
      client_secret: made.client_secret!,
    });
    expect(issued.body.scope).toBe('read write');

    expect((await admin.patch(`/oauth_applications/${made.id}`, { oauth_application: { scope: 'read' } })).status).toBe(200);
    const refreshAs = (refreshToken: string, extra: Record<string, string> = {}) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: made.client_id, client_secret: made.client_secret!, ...extra });
    // Asking for more than the application may now have is invalid_scope, and retires nothing.
    expect((await refreshAs(issued.body.refresh_token, { scope: 'read write' })).body.error).toBe('invalid_scope');
    const capped = await refreshAs(issued.body.refresh_token);
    expect(capped.status).toBe(200);
    expect(capped.body.scope).toBe('read');
    const api = client(capped.body.access_token);
    expect((await api.get('/users/me')).status).toBe(200);
    expect((await api.patch(`/users/${a.userId}`, { user: { first_name: 'Nope' } })).body.error).toBe('insufficient_scope');

    // Raising the application's scope again does not widen the capped family: the grant must be asked again.
    expect((await admin.patch(`/oauth_applications/${made.id}`, { oauth_application: { scope: 'read write' } })).status).toBe(200);
    expect((await refreshAs(capped.body.refresh_token)).body.scope).toBe('read');
  });
});

describe('revocation and grants', () => {
  it('POST /oauth/revoke revokes access and refresh tokens; unknown tokens answer 200 too', async () => {
    const tokens = await exchange(await authorize(admin));
    const revoke = await revokeRequest({ token: tokens.body.access_token, client_id: app.client_id, client_secret: app.client_secret! });
    expect(revoke.status).toBe(200);
    expect((await client(tokens.body.access_token).get('/users/me')).status).toBe(401);

    expect(
      (await revokeRequest({ token: tokens.body.refresh_token, token_type_hint: 'refresh_token' }, { basic: [app.client_id, app.client_secret!] })).status,
    ).toBe(200);
    expect((await refresh(tokens.body.refresh_token)).body.error).toBe('invalid_grant');

    expect((await revokeRequest({ token: 'gw_oat_unknown', client_id: app.client_id, client_secret: app.client_secret! })).status).toBe(200);
    const wrong = await revokeRequest({ token: 'x' }, { basic: [app.client_id, 'nope'] });
    expect(wrong.status).toBe(401);
    expect(wrong.body.error).toBe('invalid_client');
    expect((await revokeRequest({ client_id: app.client_id, client_secret: app.client_secret! })).body.error).toBe('invalid_request');
  });

  it('lists the apps a user authorised; revoking one kills its tokens', async () => {
    const viewer = await sessionClient(a.otherUserId, 'another session password');
    const tokens = await exchange(await authorize(viewer));
    const list = await viewer.get('/oauth_grants');
    expect(list.status).toBe(200);
    const grant = list.body.oauth_grants.find((g: { application: { id: string } }) => g.application.id === app.id);
    expect(grant).toMatchObject({ scope: 'read write', application: { name: 'Estimating sync', client_id: app.client_id } });
    expect((await a.api.get('/oauth_grants')).status).toBe(403);
    // Another account's admin cannot touch it; the grant's own user (or an admin of the account) can.
    const stranger = await sessionClient((await createTestAccount('Stranger GC')).userId, 'stranger password');
    expect((await stranger.delete(`/oauth_grants/${grant.id}`)).status).toBe(404);
    expect((await viewer.delete(`/oauth_grants/${grant.id}`)).status).toBe(204);
    expect((await client(tokens.body.access_token).get('/users/me')).status).toBe(401);
    expect((await refresh(tokens.body.refresh_token)).body.error).toBe('invalid_grant');
  });
});
