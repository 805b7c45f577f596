import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { apiTokens, sessions, users } from '@/db/schema';
import { checkUserPassword } from '@/lib/server/auth/passwords';
import { createApiToken, hashToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { BASE, client, dispatch, request } from '../api';
import { cookieOf, createTestAccount, sessionClient, type SessionClient, type TestAccount, TIMESTAMP } from '../fixtures';
import { decide, registerApp, tokenRequest } from '../oauth';
import { expectShape } from '../spec-shapes';

const signIn = (email: string, password: string) => request('POST', '/api/auth/sign-in/email', { body: { email, password }, headers: { origin: BASE } });

let a: TestAccount;
let b: TestAccount;
/** Users are managed from a signed-in browser: the admin of `a`, signed in. */
let admin: SessionClient;

const ids = (list: { id: string }[]) => list.map((r) => r.id);
const USER_KEYS = [
  'created_at',
  'deactivated',
  'deactivated_at',
  'email',
  'first_name',
  'id',
  'last_name',
  'name',
  'permissions',
  'project_access',
  'role',
  'time_zone',
  'updated_at',
];

beforeAll(async () => {
  a = await createTestAccount('Users GC');
  b = await createTestAccount('Other GC');
  admin = await sessionClient(a.userId);
});

describe('GET /users', () => {
  it("lists the account's users newest first: the User reference, role and status", async () => {
    const res = await a.api.get('/users');
    expect(res.status).toBe(200);
    expect(ids(res.body.users)).toEqual([String(a.otherUserId), String(a.userId)]);
    for (const u of res.body.users) {
      expectShape(u, 'user');
      expect(Object.keys(u).sort()).toEqual(USER_KEYS);
    }
    expect(res.body.users[0]).toMatchObject({
      first_name: 'Blake',
      last_name: 'Builder',
      name: 'Blake Builder',
      role: 'member',
      deactivated: false,
      deactivated_at: null,
    });
    expect(res.body.users[1]).toMatchObject({ first_name: 'Avery', role: 'admin', deactivated: false });
    expect(res.headers.get('x-total-count')).toBe('2');
    expect(ids(res.body.users)).not.toContain(String(b.userId));
  });

  it('filters by q on name and email, and by updated_since', async () => {
    const [me] = await getDb().select().from(users).where(eq(users.id, a.userId));
    const q = async (term: string) => ids((await a.api.get(`/users?q=${encodeURIComponent(term)}`)).body.users);
    expect(await q('avery admin')).toEqual([String(a.userId)]);
    expect(await q('BUILDER')).toEqual([String(a.otherUserId)]);
    expect(await q(me!.email)).toEqual([String(a.userId)]);
    expect(await q('example.com')).toHaveLength(2);
    expect(await q('nobody-here')).toEqual([]);
    expect((await a.api.get('/users?updated_since=2200-01-01T00:00:00Z')).body.users).toEqual([]);
    expect((await a.api.get('/users?updated_since=2000-01-01T00:00:00Z')).body.users).toHaveLength(2);
    for (const bad of ['q=', 'updated_since=soon', 'per_page=500', 'q=a&q=b']) {
      const res = await a.api.get(`/users?${bad}`);
      expect(res.status, bad).toBe(422);
      expect(res.body.error).toBe('validation_failed');
    }
  });

  it('paginates with Link and X-Total-Count', async () => {
    const c = await createTestAccount('Users paging GC');
    await insertUser(getDb(), { accountId: c.accountId, firstName: null, lastName: null, email: `nameless.${c.accountId}@example.com` });
    const first = await c.api.get('/users?per_page=2');
    expect(first.body.users).toHaveLength(2);
    expect(first.body.users[0]).toMatchObject({ first_name: null, last_name: null, name: null });
    expect(first.headers.get('x-total-count')).toBe('3');
    expect(first.headers.get('link')).toContain('rel="next"');
    const second = await c.api.get('/users?per_page=2&page=2');
    expect(ids(second.body.users)).toEqual([String(c.userId)]);
    const past = await c.api.get('/users?per_page=2&page=3');
    expect(past.status).toBe(200);
    expect(past.body.users).toEqual([]);
  });
});

describe('GET /users/me', () => {
  it('answers the caller as {user}', async () => {
    const res = await a.api.get('/users/me');
    expect(res.status).toBe(200);
    expectShape(res.body.user, 'user');
    expect(res.body.user).toMatchObject({ id: String(a.userId), first_name: 'Avery', last_name: 'Admin', name: 'Avery Admin' });
    const otherToken = await createApiToken(getDb(), { accountId: a.accountId, userId: a.otherUserId }, { scope: 'read' });
    const other = await client(otherToken).get('/users/me');
    expect(other.body.user.id).toBe(String(a.otherUserId));
    expect((await b.api.get('/users/me')).body.user.id).toBe(String(b.userId));
  });
});

describe('GET /users/{id}', () => {
  it('answers a user of the account', async () => {
    const res = await a.api.get(`/users/${a.otherUserId}`);
    expect(res.status).toBe(200);
    expectShape(res.body.user, 'user');
    expect(res.body.user).toMatchObject({ id: String(a.otherUserId), name: 'Blake Builder' });
  });

  it('answers 404 for a missing, malformed or foreign id', async () => {
    for (const id of [String(b.userId), '999999999', 'abc', '0', '1e3']) {
      const res = await a.api.get(`/users/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
  });
});

describe('users without credentials', () => {
  it('answer 401, and DELETE is not an operation (405)', async () => {
    for (const path of ['/users', '/users/me', `/users/${a.userId}`]) {
      expect((await request('GET', path)).status, path).toBe(401);
      expect((await request('GET', path, { token: 'gw_pat_wrong' })).status, path).toBe(401);
    }
    expect((await request('POST', '/users', { body: { user: {} } })).status).toBe(401);
    const del = await a.api.delete(`/users/${a.userId}`);
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, PATCH, HEAD, OPTIONS');
    expect((await a.readApi.get('/users')).status).toBe(200);
  });

  it('embed as the bare User reference elsewhere (no role or status)', async () => {
    const res = await a.api.post('/companies', { company: { name: 'Embedding check' } });
    expect(Object.keys(res.body.company.created_by).sort()).toEqual(['created_at', 'email', 'first_name', 'id', 'last_name', 'name', 'updated_at']);
  });
});

// ---- managing users (admins) ----

const PASSWORD = 'a fine long password';
let n = 0;
const newEmail = (label = 'new') => `${label}.${a.accountId}.${++n}@Example.com`;

async function userRow(id: string | number) {
  const [row] = await getDb()
    .select()
    .from(users)
    .where(eq(users.id, Number(id)));
  return row;
}

/** A fresh account of its own, for tests that move admins around, with its admin signed in. */
async function freshAccount() {
  const c = await createTestAccount('Users admin GC');
  return { ...c, admin: await sessionClient(c.userId) };
}

describe('POST /users', () => {
  it("adds a user to the admin's account, with a password they can sign in with", async () => {
    const email = newEmail('casey');
    const res = await admin.post('/users', { user: { email, first_name: 'Casey', last_name: 'Chen', role: 'member', password: PASSWORD } });
    expect(res.status).toBe(201);
    expectShape(res.body.user, 'user');
    expect(Object.keys(res.body.user).sort()).toEqual(USER_KEYS);
    expect(res.body.user).toMatchObject({
      email: email.toLowerCase(),
      first_name: 'Casey',
      last_name: 'Chen',
      name: 'Casey Chen',
      role: 'member',
      deactivated: false,
      deactivated_at: null,
    });
    expect(JSON.stringify(res.body)).not.toContain(PASSWORD);
    const row = (await userRow(res.body.user.id))!;
    expect(row).toMatchObject({ accountId: a.accountId, email: email.toLowerCase(), role: 'member', deactivatedAt: null });
    expect(await checkUserPassword(getDb(), row.id, PASSWORD)).toBe(true);
    // They sign in with it, and see their own account.
    const session = await signIn(email, PASSWORD);
    expect(session.status).toBe(200);
    expect((await b.api.get(`/users/${res.body.user.id}`)).status).toBe(404);
    expect(ids((await a.api.get('/users')).body.users)).toContain(res.body.user.id);
  });

  it('defaults the role to member, and can add an admin', async () => {
    const plain = await admin.post('/users', { user: { email: newEmail(), password: PASSWORD } });
    expect(plain.status).toBe(201);
    expect(plain.body.user).toMatchObject({ role: 'member', first_name: null, name: null });
    const promoted = await admin.post('/users', { user: { email: newEmail('admin2'), role: 'admin', password: PASSWORD } });
    expect(promoted.status).toBe(201);
    expect(promoted.body.user.role).toBe('admin');
  });

  it('refuses a duplicate email, in any account and any case, with 422 on email', async () => {
    const [taken] = await getDb().select().from(users).where(eq(users.id, b.userId));
    for (const email of [taken!.email, taken!.email.toUpperCase()]) {
      const res = await admin.post('/users', { user: { email, password: PASSWORD } });
      expect(res.status).toBe(422);
      expect(res.body.details).toEqual({ email: ['is already taken'] });
    }
  });

  it('validates every field (422 with details)', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ password: PASSWORD }, 'email'],
      [{ email: 'not-an-email', password: PASSWORD }, 'email'],
      [{ email: newEmail(), password: 'short' }, 'password'],
      [{ email: newEmail(), password: 'x'.repeat(129) }, 'password'],
      [{ email: newEmail(), password: PASSWORD, role: 'owner' }, 'role'],
      [{ email: newEmail(), password: PASSWORD, first_name: 'x'.repeat(256) }, 'first_name'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/users', { user: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.details, JSON.stringify(body)).toHaveProperty(field);
    }
  });

  it('is for admins: a member gets 403 forbidden, a read token 403 insufficient_scope', async () => {
    const email = newEmail('forbidden');
    const member = await sessionClient(a.otherUserId);
    for (const body of [{ user: { email, password: PASSWORD } }, { user: {} }]) {
      const res = await member.post('/users', body);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: 'forbidden', message: expect.stringContaining('admin') });
    }
    expect((await a.readApi.post('/users', { user: { email, password: PASSWORD } })).body.error).toBe('insufficient_scope');
    expect(await getDb().select().from(users).where(eq(users.email, email.toLowerCase()))).toEqual([]);
  });
});

describe('managing users needs a signed-in admin session', () => {
  it('refuses every token of an admin, personal or OAuth, whatever the body: 403 session_required, nothing written', async () => {
    const c = await freshAccount();
    const oauthToken = await createApiToken(getDb(), { accountId: c.accountId, userId: c.userId });
    await getDb()
      .update(apiTokens)
      .set({ kind: 'oauth_access' })
      .where(eq(apiTokens.tokenHash, hashToken(oauthToken)));
    const email = newEmail('planted');
    for (const api of [c.api, client(oauthToken)]) {
      for (const body of [{ user: { email, role: 'admin', password: PASSWORD } }, { user: {} }, undefined]) {
        const res = await api.post('/users', body);
        expect(res.status).toBe(403);
        expect(res.body).toMatchObject({ error: 'session_required', message: expect.stringContaining('browser session') });
      }
      for (const body of [{ user: { role: 'admin' } }, { user: { deactivated: true } }, { user: { first_name: 'X' } }]) {
        const res = await api.patch(`/users/${c.otherUserId}`, body);
        expect(res.status).toBe(403);
        expect(res.body.error).toBe('session_required');
      }
    }
    expect(await getDb().select().from(users).where(eq(users.email, email.toLowerCase()))).toEqual([]);
    expect(await userRow(c.otherUserId)).toMatchObject({ role: 'member', firstName: 'Blake', deactivatedAt: null });
    // Reading users stays open to tokens.
    expect((await c.api.get('/users')).status).toBe(200);
    expect((await c.api.get(`/users/${c.otherUserId}`)).status).toBe(200);
  });
});

describe('PATCH /users/{id}', () => {
  it('renames a user and changes their role; the change is in the database and in their next request', async () => {
    const c = await freshAccount();
    const member = await sessionClient(c.otherUserId);
    expect((await member.post('/users', { user: { email: newEmail(), password: PASSWORD } })).status).toBe(403);

    const res = await c.admin.patch(`/users/${c.otherUserId}`, { user: { first_name: 'Blair', role: 'admin' } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: String(c.otherUserId), first_name: 'Blair', last_name: 'Builder', name: 'Blair Builder', role: 'admin' });
    expect(await userRow(c.otherUserId)).toMatchObject({ firstName: 'Blair', role: 'admin' });
    // Roles are read on every request: the promoted member's session can now add users.
    expect((await member.post('/users', { user: { email: newEmail(), password: PASSWORD } })).status).toBe(201);

    const back = await c.admin.patch(`/users/${c.otherUserId}`, { user: { role: 'member', last_name: null } });
    expect(back.body.user).toMatchObject({ role: 'member', last_name: null, name: 'Blair' });
  });

  it('writes nothing when nothing changes', async () => {
    const c = await freshAccount();
    const before = (await c.api.get(`/users/${c.otherUserId}`)).body.user;
    const res = await c.admin.patch(`/users/${c.otherUserId}`, { user: { first_name: 'Blake', role: 'member', deactivated: false } });
    expect(res.status).toBe(200);
    expect(res.body.user).toEqual(before);
  });

  it('deactivates: no sign-in, sessions and tokens refused (401); reactivating restores sign-in and tokens', async () => {
    const c = await freshAccount();
    const [row] = await getDb().select().from(users).where(eq(users.id, c.otherUserId));
    const session = await sessionClient(c.otherUserId, PASSWORD);
    const token = await createApiToken(getDb(), { accountId: c.accountId, userId: c.otherUserId });
    expect((await session.get('/users/me')).status).toBe(200);

    const res = await c.admin.patch(`/users/${c.otherUserId}`, { user: { deactivated: true } });
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ deactivated: true, deactivated_at: expect.stringMatching(TIMESTAMP) });
    expect((await userRow(c.otherUserId))!.deactivatedAt).toBeInstanceOf(Date);
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, c.otherUserId))).toEqual([]);

    const refusedSession = await session.get('/users/me');
    expect(refusedSession.status).toBe(401);
    expect(refusedSession.body.error).toBe('unauthorized');
    expect((await client(token).get('/users/me')).status).toBe(401);
    const signInAgain = await signIn(row!.email, PASSWORD);
    expect(signInAgain.status).toBe(403);
    expect(signInAgain.body).toMatchObject({ code: 'USER_DEACTIVATED' });
    expect(signInAgain.headers.getSetCookie().filter((c) => c.startsWith('groundwork.session_token=') && !c.startsWith('groundwork.session_token=;'))).toEqual(
      [],
    );
    // A wrong password still answers as for anyone: nothing about the user is revealed.
    expect((await signIn(row!.email, 'not the password')).status).toBe(401);
    // Still listed, marked deactivated.
    expect((await c.api.get('/users')).body.users.find((u: { id: string }) => u.id === String(c.otherUserId)).deactivated).toBe(true);

    const again = await c.admin.patch(`/users/${c.otherUserId}`, { user: { deactivated: true } });
    expect(again.body.user.deactivated_at).toBe(res.body.user.deactivated_at);

    const back = await c.admin.patch(`/users/${c.otherUserId}`, { user: { deactivated: false } });
    expect(back.body.user).toMatchObject({ deactivated: false, deactivated_at: null });
    expect((await client(token).get('/users/me')).status).toBe(200);
    expect((await signIn(row!.email, PASSWORD)).status).toBe(200);
  });

  it('keeps an admin: nobody demotes or deactivates themselves, and the last admin stays', async () => {
    const c = await freshAccount();
    for (const [body, field] of [
      [{ role: 'member' }, 'role'],
      [{ deactivated: true }, 'deactivated'],
    ] as const) {
      const res = await c.admin.patch(`/users/${c.userId}`, { user: body });
      expect(res.status).toBe(422);
      expect(res.body.details).toHaveProperty(field);
      expect(res.body.details[field][0]).toMatch(/yourself/);
    }
    expect(await userRow(c.userId)).toMatchObject({ role: 'admin', deactivatedAt: null });
    // Renaming oneself is fine.
    expect((await c.admin.patch(`/users/${c.userId}`, { user: { first_name: 'Ava', role: 'admin' } })).status).toBe(200);

    // With a second admin, one admin may demote the other, but never the last one.
    await c.admin.patch(`/users/${c.otherUserId}`, { user: { role: 'admin' } });
    const otherAdmin = await sessionClient(c.otherUserId);
    const demoted = await otherAdmin.patch(`/users/${c.userId}`, { user: { role: 'member' } });
    expect(demoted.status).toBe(200);
    expect(demoted.body.user.role).toBe('member');
    // The demoted admin lost the rights at once.
    const refused = await c.admin.patch(`/users/${c.otherUserId}`, { user: { role: 'member' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
    const self = await otherAdmin.patch(`/users/${c.otherUserId}`, { user: { role: 'member' } });
    expect(self.status).toBe(422);
    expect(await userRow(c.otherUserId)).toMatchObject({ role: 'admin' });
  });

  it("is for admins (403), validates (422), and answers 404 for another account's user", async () => {
    const c = await freshAccount();
    const member = await sessionClient(c.otherUserId);
    const forbidden = await member.patch(`/users/${c.userId}`, { user: { role: 'member' } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.error).toBe('forbidden');
    expect((await member.patch(`/users/${c.otherUserId}`, { user: { first_name: 'Me' } })).status).toBe(403);

    for (const [body, field] of [
      [{ role: 'owner' }, 'role'],
      [{ deactivated: 'yes' }, 'deactivated'],
      [{ first_name: 'x'.repeat(256) }, 'first_name'],
      [{ role: null }, 'role'],
    ] as const) {
      const res = await c.admin.patch(`/users/${c.otherUserId}`, { user: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.details).toHaveProperty(field);
    }
    for (const id of [String(b.userId), '999999999', 'abc']) {
      const res = await c.admin.patch(`/users/${id}`, { user: { first_name: 'X' } });
      expect(res.status, id).toBe(404);
    }
    expect(await userRow(b.userId)).toMatchObject({ firstName: 'Avery' });
    expect((await c.readApi.patch(`/users/${c.otherUserId}`, { user: { first_name: 'X' } })).body.error).toBe('insufficient_scope');
  });
});

describe('an admin resetting a password or revoking tokens', () => {
  const feed = (token: string) => dispatch(new Request(`${BASE}/api/2023-01/calendar.ics?token=${encodeURIComponent(token)}`));

  it("revokes the user's calendar feed link with the password; their API tokens stay unless revoke_tokens", async () => {
    const c = await createTestAccount('Reset GC');
    const cAdmin = await sessionClient(c.userId);
    const member = await sessionClient(c.otherUserId);
    const link = (await member.post('/api/2023-01/calendar_feed')).body.calendar_feed.token as string;
    const token = await createApiToken(getDb(), { accountId: c.accountId, userId: c.otherUserId });
    expect((await feed(link)).status).toBe(200);

    const updatedAt = async () => (await getDb().select({ at: users.updatedAt }).from(users).where(eq(users.id, c.otherUserId)))[0]!.at.getTime();
    const before = await updatedAt();
    expect((await cAdmin.patch(`/users/${c.otherUserId}`, { user: { password: 'a password reset by an admin' } })).status).toBe(200);
    // The user changed (a credential of theirs), though no field shows it: updated_at moves (a sync by updated_since sees them).
    expect(await updatedAt()).toBeGreaterThan(before);
    expect((await feed(link)).status).toBe(401);
    expect((await client(token).get('/users/me')).status).toBe(200);
    const events = (await c.api.get('/security_events?kind=calendar_feed.revoked,user.password_changed')).body.security_events;
    expect(events).toMatchObject([
      {
        kind: 'calendar_feed.revoked',
        subject_type: 'user',
        subject_id: String(c.otherUserId),
        actor: { id: String(c.userId) },
        details: { reason: 'password_reset' },
      },
      { kind: 'user.password_changed', subject_id: String(c.otherUserId) },
    ]);
  });

  it("revoke_tokens: true revokes the user's API tokens and OAuth authorizations, refresh tokens included", async () => {
    const c = await createTestAccount('Revoke tokens GC');
    const cAdmin = await sessionClient(c.userId);
    const member = await sessionClient(c.otherUserId);
    const token = await createApiToken(getDb(), { accountId: c.accountId, userId: c.otherUserId });
    const mine = await createApiToken(getDb(), { accountId: c.accountId, userId: c.userId });
    const app = await registerApp(cAdmin);
    const redirect = app.redirect_uris[0]!;
    const consent = await decide(member, { response_type: 'code', client_id: app.client_id, redirect_uri: redirect }, 'allow');
    const code = new URL(consent.location!).searchParams.get('code')!;
    const oauth = await tokenRequest({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirect,
      client_id: app.client_id,
      client_secret: app.client_secret!,
    });
    expect(oauth.status).toBe(200);

    expect((await cAdmin.patch(`/users/${c.otherUserId}`, { user: { revoke_tokens: 'yes' } })).status).toBe(422);
    const res = await cAdmin.patch(`/users/${c.otherUserId}`, { user: { revoke_tokens: true } });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body.user).sort()).toEqual(USER_KEYS);
    expect((await client(token).get('/users/me')).status).toBe(401);
    expect((await client(oauth.body.access_token).get('/users/me')).status).toBe(401);
    const refreshed = await tokenRequest({
      grant_type: 'refresh_token',
      refresh_token: oauth.body.refresh_token,
      client_id: app.client_id,
      client_secret: app.client_secret!,
    });
    expect(refreshed.body.error).toBe('invalid_grant');
    // Their sessions, and everyone else's tokens, are untouched.
    expect((await member.get('/users/me')).status).toBe(200);
    expect((await client(mine).get('/users/me')).status).toBe(200);

    const events = (await c.api.get('/security_events?kind=api_token.revoked,oauth_grant.revoked')).body.security_events;
    expect(events).toMatchObject([
      { kind: 'oauth_grant.revoked', subject_type: 'user', subject_id: String(c.otherUserId), actor: { id: String(c.userId) }, details: { all: true } },
      { kind: 'api_token.revoked', subject_type: 'user', subject_id: String(c.otherUserId), details: { all: true, count: 2 } },
    ]);
    // Nothing left to revoke: nothing recorded.
    expect((await cAdmin.patch(`/users/${c.otherUserId}`, { user: { revoke_tokens: true } })).status).toBe(200);
    expect((await c.api.get('/security_events?kind=api_token.revoked,oauth_grant.revoked')).body.security_events).toHaveLength(2);
  });
});

describe("a user's own profile", () => {
  it('changes their own name and sign-in email, with If-Match; a taken email is a 422; a read token may not', async () => {
    const t = await createTestAccount('Profile GC');
    const member = client(await createApiToken(getDb(), { accountId: t.accountId, userId: t.otherUserId }));
    const before = await member.get('/users/me');
    const etag = before.headers.get('etag')!;
    const email = `renamed.${Date.now()}@example.com`;
    const res = await member.patch(
      '/users/me',
      { user: { first_name: 'Bea', last_name: 'Builder', email: `  ${email.toUpperCase()} ` } },
      { headers: { 'If-Match': etag } },
    );
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: String(t.otherUserId), first_name: 'Bea', name: 'Bea Builder', email, role: 'member' });
    expect(Object.keys(res.body.user).sort()).toEqual(USER_KEYS);
    const stale = await member.patch('/users/me', { user: { first_name: 'Again' } }, { headers: { 'If-Match': etag } });
    expect(stale.status).toBe(412);
    const adminEmail = (await t.api.get('/users/me')).body.user.email;
    const taken = await member.patch('/users/me', { user: { email: adminEmail } });
    expect(taken.status).toBe(422);
    expect(taken.body.details).toEqual({ email: ['is already taken'] });
    expect((await member.patch('/users/me', { user: { email: 'not an email' } })).status).toBe(422);
    // Only the profile's fields: a role is not among them.
    expect((await member.patch('/users/me', { user: { role: 'admin' } })).body.user.role).toBe('member');
    expect((await t.readApi.patch('/users/me', { user: { first_name: 'Nope' } })).status).toBe(403);
  });

  it('sets their time zone by its IANA name (stored as the runtime names it), America/New_York until set and after null; a made-up zone is a 422', async () => {
    const t = await createTestAccount('Zone GC');
    const member = client(await createApiToken(getDb(), { accountId: t.accountId, userId: t.otherUserId }));
    expect((await member.get('/users/me')).body.user.time_zone).toBe('America/New_York');
    const set = await member.patch('/users/me', { user: { time_zone: 'america/denver' } });
    expect(set.status).toBe(200);
    expect(set.body.user.time_zone).toBe('America/Denver');
    const [row] = await getDb().select({ timeZone: users.timeZone }).from(users).where(eq(users.id, t.otherUserId));
    expect(row!.timeZone).toBe('America/Denver');
    for (const bad of ['Mars/Olympus_Mons', '', 'x'.repeat(65), 42]) {
      const res = await member.patch('/users/me', { user: { time_zone: bad } });
      expect(res.status, String(bad)).toBe(422);
      expect(Object.keys(res.body.details)).toEqual(['time_zone']);
    }
    expect((await member.get('/users/me')).body.user.time_zone).toBe('America/Denver');
    // null goes back to the default.
    expect((await member.patch('/users/me', { user: { time_zone: null } })).body.user.time_zone).toBe('America/New_York');
    const [cleared] = await getDb().select({ timeZone: users.timeZone }).from(users).where(eq(users.id, t.otherUserId));
    expect(cleared!.timeZone).toBeNull();
  });

  it('changes their own password with the current one: the other sessions end, this one stays, the log says so', async () => {
    const t = await createTestAccount('Password GC');
    const here = await sessionClient(t.otherUserId, 'the current password');
    const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, t.otherUserId));
    const elsewhere = await signIn(row!.email, 'the current password');
    expect(elsewhere.status).toBe(200);
    const otherCookie = cookieOf(elsewhere);
    const wrong = await here.post('/users/me/password', { password_change: { current_password: 'not it at all', new_password: 'a brand new password' } });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.body.details)).toEqual(['current_password']);
    const short = await here.post('/users/me/password', { password_change: { current_password: 'the current password', new_password: 'short' } });
    expect(short.status).toBe(422);
    expect(await checkUserPassword(getDb(), t.otherUserId, 'the current password')).toBe(true);

    const ok = await here.post('/users/me/password', { password_change: { current_password: 'the current password', new_password: 'a brand new password' } });
    expect(ok.status).toBe(204);
    expect(await checkUserPassword(getDb(), t.otherUserId, 'a brand new password')).toBe(true);
    expect(await checkUserPassword(getDb(), t.otherUserId, 'the current password')).toBe(false);
    expect((await here.get('/users/me')).status).toBe(200);
    expect((await request('GET', '/users/me', { headers: { cookie: otherCookie, origin: BASE } })).status).toBe(401);
    const log = await t.api.get('/security_events?kind=user.password_changed');
    expect(log.body.security_events.map((e: { subject_id: string | null }) => e.subject_id)).toContain(String(t.otherUserId));
  });
});
