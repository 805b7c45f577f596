import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { upsertGrant } from '@/db/queries/oauth-grants';
import { securityEvents, sessions, users } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { BASE, dispatch, request } from '../api';
import { createTestAccount, sessionClient, TIMESTAMP, type SessionClient, type TestAccount } from '../fixtures';
import { decide, registerApp, tokenRequest } from '../oauth';

// The security half of the audit log: each security action leaves its event, written in the
// transaction of the change (a refused change leaves none), listed for admins by kind.

let a: TestAccount;
let b: TestAccount;
let admin: SessionClient;
const PASSWORD = 'a fine long password';

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
  a = await createTestAccount('Security events GC');
  b = await createTestAccount('Other security GC');
  admin = await sessionClient(a.userId, PASSWORD);
});

async function events(kind: string, c: TestAccount | SessionClient = admin) {
  const res = 'api' in c ? await c.api.get(`/security_events?kind=${kind}`) : await c.get(`/security_events?kind=${kind}`);
  expect(res.status).toBe(200);
  return res.body.security_events as Record<string, unknown>[];
}

const signIn = (email: string, password: string, userAgent = 'Vitest browser') =>
  request('POST', '/api/auth/sign-in/email', { body: { email, password }, headers: { origin: BASE, 'user-agent': userAgent } });

describe('security events', () => {
  it('records user management: created, role changed, deactivated, reactivated, password changed', async () => {
    const created = await admin.post('/users', { user: { email: `casey.${a.accountId}@example.com`, role: 'member', password: PASSWORD } });
    expect(created.status).toBe(201);
    const id = created.body.user.id as string;
    expect((await admin.patch(`/users/${id}`, { user: { role: 'admin' } })).status).toBe(200);
    expect((await admin.patch(`/users/${id}`, { user: { deactivated: true } })).status).toBe(200);
    expect((await admin.patch(`/users/${id}`, { user: { deactivated: false } })).status).toBe(200);
    const casey = await sessionClient(Number(id), PASSWORD);
    expect((await admin.patch(`/users/${id}`, { user: { password: 'another fine password' } })).status).toBe(200);
    // A new password ends their sessions; the old password no longer signs in.
    expect((await casey.get('/users/me')).status).toBe(401);
    expect(
      await getDb()
        .select()
        .from(sessions)
        .where(eq(sessions.userId, Number(id))),
    ).toEqual([]);
    expect((await signIn(`casey.${a.accountId}@example.com`, 'another fine password')).status).toBe(200);

    const list = (await admin.get('/security_events?kind=user.created,user.role_changed,user.deactivated,user.reactivated,user.password_changed')).body
      .security_events as Record<string, unknown>[];
    const mine = list.filter((e) => e.subject_id === id);
    expect(mine.map((e) => e.kind)).toEqual(['user.password_changed', 'user.reactivated', 'user.deactivated', 'user.role_changed', 'user.created']);
    expect(mine.find((e) => e.kind === 'user.role_changed')).toMatchObject({ details: { role: { from: 'member', to: 'admin' } } });
    expect(mine.find((e) => e.kind === 'user.created')).toMatchObject({
      subject_type: 'user',
      auth_method: 'session',
      actor: { id: String(a.userId) },
      details: { email: `casey.${a.accountId}@example.com`, role: 'member' },
      timestamp: expect.stringMatching(TIMESTAMP),
    });
    expect(JSON.stringify(list)).not.toContain(PASSWORD);
  });

  it('an admin setting their own password keeps the session they set it from and ends the others', async () => {
    const c = await createTestAccount('Own password GC');
    const here = await sessionClient(c.userId, PASSWORD);
    const elsewhere = await sessionClient(c.userId, PASSWORD);
    expect((await here.patch(`/users/${c.userId}`, { user: { password: 'my brand new password' } })).status).toBe(200);
    expect((await here.get('/users/me')).status).toBe(200);
    expect((await elsewhere.get('/users/me')).status).toBe(401);
    expect((await c.api.get('/security_events?kind=user.password_changed')).body.security_events).toHaveLength(1);
  });

  it('records API tokens minted and revoked, never the secret', async () => {
    const minted = await admin.post('/api_tokens', { api_token: { name: 'Nightly', scope: 'read' } });
    expect((await admin.delete(`/api_tokens/${minted.body.api_token.id}`)).status).toBe(204);
    const list = (await admin.get('/security_events?kind=api_token.created&kind=api_token.revoked')).body.security_events;
    expect(list.slice(0, 2)).toMatchObject([
      { kind: 'api_token.revoked', subject_type: 'api_token', subject_id: minted.body.api_token.id },
      { kind: 'api_token.created', subject_id: minted.body.api_token.id, details: { name: 'Nightly', scope: 'read' } },
    ]);
    expect(JSON.stringify(list)).not.toContain(minted.body.api_token.token);
  });

  it('records OAuth applications created, changed, given a new secret and deleted, and grants revoked', async () => {
    const app = await registerApp(admin, { name: 'Audited app' });
    expect((await admin.patch(`/oauth_applications/${app.id}`, { oauth_application: { name: 'Audited app 2', scope: 'read' } })).status).toBe(200);
    const rotated = await admin.post(`/oauth_applications/${app.id}/rotate_secret`);
    expect(rotated.status).toBe(200);
    const grant = await upsertGrant(getDb(), { accountId: a.accountId, userId: a.userId, applicationId: Number(app.id), scope: 'read' });
    expect((await admin.delete(`/oauth_grants/${grant.id}`)).status).toBe(204);
    expect((await admin.delete(`/oauth_applications/${app.id}`)).status).toBe(204);

    const list = (
      await admin.get(
        '/security_events?kind=oauth_application.created,oauth_application.updated,oauth_application.secret_rotated,oauth_application.deleted,oauth_grant.revoked',
      )
    ).body.security_events;
    expect(list.slice(0, 5).map((e: { kind: string }) => e.kind)).toEqual([
      'oauth_application.deleted',
      'oauth_grant.revoked',
      'oauth_application.secret_rotated',
      'oauth_application.updated',
      'oauth_application.created',
    ]);
    expect(list[3]).toMatchObject({
      details: { changed: ['name', 'scope'], name: { from: 'Audited app', to: 'Audited app 2' }, scope: { from: 'read write', to: 'read' } },
    });
    expect(list[0]).toMatchObject({ subject_id: app.id, details: { name: 'Audited app 2', client_id: app.client_id } });
    expect(JSON.stringify(list)).not.toContain(app.client_secret!);
    expect(JSON.stringify(list)).not.toContain(rotated.body.oauth_application.client_secret);
  });

  it('records webhook endpoints created, changed (URL, filters, secret) and deleted, never the secret', async () => {
    const created = await a.api.post('/webhooks', { webhook: { url: 'https://hooks.example.com/audit', secret: 'a plain shared secret' } });
    expect(created.status).toBe(201);
    const id = created.body.webhook.id as string;
    const changed = await a.api.patch(`/webhooks/${id}`, {
      webhook: { url: 'https://hooks.example.com/audit2', filter_types: ['lead.create'], secret: 'another plain secret' },
    });
    expect(changed.status).toBe(200);
    expect((await a.api.patch(`/webhooks/${id}`, { webhook: { url: 'https://hooks.example.com/audit2' } })).status).toBe(200); // no change, no event
    expect((await a.api.delete(`/webhooks/${id}`)).status).toBe(204);
    const list = (await admin.get('/security_events?kind=webhook.created,webhook.updated,webhook.deleted')).body.security_events;
    const mine = list.filter((e: { subject_id: string }) => e.subject_id === id);
    expect(mine).toMatchObject([
      { kind: 'webhook.deleted', details: { url: 'https://hooks.example.com/audit2' }, auth_method: 'api_token' },
      {
        kind: 'webhook.updated',
        details: {
          changed: ['filter_types', 'secret', 'url'],
          url: { from: 'https://hooks.example.com/audit', to: 'https://hooks.example.com/audit2' },
          filter_types: { from: [], to: ['lead.create'] },
        },
      },
      { kind: 'webhook.created', subject_type: 'webhook', details: { url: 'https://hooks.example.com/audit', filter_types: [], secret_given: true } },
    ]);
    expect(JSON.stringify(list)).not.toContain('plain shared secret');
    expect(JSON.stringify(list)).not.toContain('another plain secret');
  });

  it('records sessions ended, one or all others', async () => {
    const phone = await sessionClient(a.otherUserId, PASSWORD);
    await sessionClient(a.otherUserId, PASSWORD);
    const [own] = (await phone.get('/sessions')).body.sessions.filter((s: { current: boolean }) => !s.current);
    expect((await phone.delete(`/sessions/${own.id}`)).status).toBe(204);
    await sessionClient(a.otherUserId, PASSWORD);
    expect((await phone.delete('/sessions')).status).toBe(200);
    const list = await events('session.revoked');
    expect(list[0]).toMatchObject({ actor: { id: String(a.otherUserId) }, subject_type: 'session', subject_id: null, details: { all_others: true } });
    expect(list[1]).toMatchObject({ subject_id: own.id, details: {} });
  });

  it('records sign-ins that succeed and fail for an address of the account, with the IP and user agent', async () => {
    const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, a.userId));
    expect((await signIn(row!.email, 'wrong password', 'Attacker/1.0')).status).toBe(401);
    expect((await signIn(row!.email, PASSWORD, 'Firefox/128')).status).toBe(200);
    // Another account's sign-ins, and unknown addresses, are not this account's events.
    expect((await signIn(`nobody.${a.accountId}@example.com`, 'wrong password')).status).toBe(401);
    const list = await events('sign_in.succeeded,sign_in.failed');
    expect(list.slice(0, 2)).toMatchObject([
      { kind: 'sign_in.succeeded', actor: { id: String(a.userId) }, user_agent: 'Firefox/128', ip_address: 'unknown', auth_method: null },
      { kind: 'sign_in.failed', actor: { id: String(a.userId) }, user_agent: 'Attacker/1.0', details: { reason: 'invalid_password' } },
    ]);
  });

  it('records a password changed by its owner through Better Auth, and "sign out everywhere"', async () => {
    const created = await admin.post('/users', { user: { email: `dana.${a.accountId}@example.com`, password: PASSWORD } });
    const id = created.body.user.id as string;
    const dana = await sessionClient(Number(id), PASSWORD);
    // A wrong current password changes nothing, and records nothing.
    expect((await dana.post('/api/auth/change-password', { currentPassword: 'not my password', newPassword: 'a newer long password' })).status).toBe(400);
    const changed = await dana.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a newer long password',
      revokeOtherSessions: true,
    });
    expect(changed.status).toBe(200);
    const again = await sessionClient(Number(id), 'yet another long password');
    expect((await again.post('/api/auth/revoke-sessions')).status).toBe(200);
    expect((await again.get('/users/me')).status).toBe(401);

    const list = (await events('user.password_changed,session.revoked')).filter((e) => (e.actor as { id: string } | null)?.id === id);
    expect(list).toMatchObject([
      { kind: 'session.revoked', subject_type: 'session', subject_id: null, auth_method: 'session', details: { all: true }, ip_address: 'unknown' },
      {
        kind: 'user.password_changed',
        subject_type: 'user',
        subject_id: id,
        auth_method: 'session',
        details: { self_service: true, revoked_other_sessions: true },
      },
    ]);
    expect(list).toHaveLength(2);
    expect(JSON.stringify(list)).not.toContain('a newer long password');
  });

  it("hands no session's token to page JavaScript: Better Auth's list-sessions and its token-based revocations are off", async () => {
    const dana = await sessionClient(a.otherUserId, PASSWORD);
    const token = decodeURIComponent(dana.cookie.match(/groundwork\.session_token=([^;]+)/)![1]!).split('.')[0]!;
    const call = (method: string, path: string, body?: unknown) =>
      dispatch(
        new Request(`${BASE}/api/auth/${path}`, {
          method,
          headers: { cookie: dana.cookie, origin: BASE, ...(body ? { 'content-type': 'application/json' } : {}) },
          body: body ? JSON.stringify(body) : undefined,
        }),
      );
    for (const [method, path, body] of [
      ['GET', 'list-sessions'],
      ['POST', 'revoke-session', { token }],
      ['POST', 'revoke-other-sessions', {}],
    ] as const) {
      const res = await call(method, path, body);
      expect(res.status, path).toBe(404);
      expect(await res.text()).not.toContain(token);
    }
    // The session still works; the dashboard's own Sessions API lists sessions without their tokens.
    const mine = await dana.get('/sessions');
    expect(mine.status).toBe(200);
    expect(JSON.stringify(mine.body)).not.toContain(token);
  });

  it("records an OAuth consent, and a refresh token's reuse revoking its grant's tokens", async () => {
    const app = await registerApp(admin, { name: 'Consented app' });
    const redirect = app.redirect_uris[0]!;
    const consent = await decide(admin, { response_type: 'code', client_id: app.client_id, redirect_uri: redirect, scope: 'read' }, 'allow');
    const code = new URL(consent.location!).searchParams.get('code')!;
    const tokens = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      client_id: app.client_id,
      client_secret: app.client_secret!,
    });
    expect(tokens.status).toBe(200);
    const refresh = (token: string) =>
      tokenRequest({ grant_type: 'refresh_token', refresh_token: token, client_id: app.client_id, client_secret: app.client_secret! });
    expect((await refresh(tokens.body.refresh_token)).status).toBe(200);
    // The first refresh token again: a copy is in use; the family is revoked, and recorded once.
    expect((await refresh(tokens.body.refresh_token)).body.error).toBe('invalid_grant');
    expect((await refresh(tokens.body.refresh_token)).body.error).toBe('invalid_grant');

    const authorized = (await events('oauth_grant.authorized')).find((e) => (e.oauth_application as { id: string } | null)?.id === app.id);
    expect(authorized).toMatchObject({
      actor: { id: String(a.userId) },
      auth_method: 'session',
      subject_type: 'oauth_grant',
      oauth_application: { id: app.id, name: 'Consented app' },
      details: { name: 'Consented app', scope: 'read', redirect_uri: redirect },
    });
    const reused = (await events('oauth_grant.refresh_token_reused')).filter((e) => (e.oauth_application as { id: string } | null)?.id === app.id);
    expect(reused).toMatchObject([
      {
        actor: null,
        auth_method: null,
        subject_type: 'oauth_grant',
        subject_id: authorized!.subject_id,
        details: { user_id: String(a.userId), family_revoked: true },
      },
    ]);
    expect(reused).toHaveLength(1);
    expect(JSON.stringify([authorized, reused])).not.toContain(tokens.body.refresh_token);
  });

  it('writes no event for a refused change (same transaction), and is for admins of the account only', async () => {
    const before = (await getDb().select().from(securityEvents).where(eq(securityEvents.accountId, a.accountId))).length;
    expect((await admin.patch(`/users/${a.userId}`, { user: { role: 'member' } })).status).toBe(422);
    expect((await admin.post('/users', { user: { email: 'bad', password: PASSWORD } })).status).toBe(422);
    expect((await admin.delete('/api_tokens/999999999')).status).toBe(404);
    expect((await getDb().select().from(securityEvents).where(eq(securityEvents.accountId, a.accountId))).length).toBe(before);

    const member = await sessionClient(a.otherUserId);
    const refused = await member.get('/security_events');
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
    // Tokens of admins read it (it is a read); another account sees none of these.
    expect((await a.api.get('/security_events')).status).toBe(200);
    const theirs = (await b.api.get('/security_events')).body.security_events as { actor: { id: string } | null }[];
    expect(theirs.every((e) => e.actor?.id !== String(a.userId))).toBe(true);
    for (const bad of ['kind=user.exploded', 'kind=', 'actor_id=abc', 'since=yesterday']) {
      expect((await a.api.get(`/security_events?${bad}`)).status, bad).toBe(422);
    }
  });
});
