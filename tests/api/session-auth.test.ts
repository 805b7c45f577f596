import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@/db/schema';
import { setUserPassword } from '@/lib/server/auth/passwords';
import { getDb } from '@/lib/server/db';
import { BASE, request, type ApiResponse } from '../api';
import { cookieOf, createTestAccount, type TestAccount } from '../fixtures';

// Browser sign-in through the real Better Auth handler, and its session cookie on the 2023-01
// API: same-origin requests only, with the results a token gets.

const PASSWORD = 'correct horse battery staple';
const SAME_ORIGIN = { origin: BASE };
let a: TestAccount;
let other: TestAccount;
let email: string;

/** The `name=value` pairs of a response's Set-Cookie headers, as a browser would send them back. */
function cookieHeader(res: ApiResponse): string {
  return cookieOf(res);
}

async function signIn(address: string, password: string, headers: Record<string, string> = SAME_ORIGIN) {
  return request('POST', '/api/auth/sign-in/email', { body: { email: address, password }, headers });
}

async function signedInCookie(): Promise<string> {
  const res = await signIn(email, PASSWORD);
  expect(res.status).toBe(200);
  return cookieHeader(res);
}

beforeAll(async () => {
  a = await createTestAccount('Session GC');
  other = await createTestAccount('Other GC');
  await setUserPassword(getDb(), a.userId, PASSWORD);
  email = (await emailOf(a.userId))!;
});

async function emailOf(userId: number) {
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

describe('signing in', () => {
  it('sets an httpOnly, SameSite=Lax session cookie and stores the session', async () => {
    const res = await signIn(email, PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.user).toMatchObject({ id: String(a.userId), email, accountId: a.accountId, firstName: 'Avery' });
    const setCookie = res.headers.getSetCookie().find((c) => c.startsWith('groundwork.session_token='))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).toMatch(/Path=\//);
    const rows = await getDb().select().from(sessions).where(eq(sessions.userId, a.userId));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.expiresAt.getTime() > Date.now())).toBe(true);
  });

  it('accepts the email in any case', async () => {
    expect((await signIn(email.toUpperCase(), PASSWORD)).status).toBe(200);
  });

  it('refuses a wrong password and an unknown email alike, with 401 and the same answer', async () => {
    const wrong = await signIn(email, 'not the password');
    const unknown = await signIn(`nobody.${a.accountId}@example.com`, 'not the password');
    const noPassword = await signIn((await emailOf(a.otherUserId))!, PASSWORD);
    for (const res of [wrong, unknown, noPassword]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual(wrong.body);
      expect(cookieHeader(res)).toBe('');
    }
    expect(JSON.stringify(wrong.body)).not.toMatch(/not found|exist|unknown/i);
  });

  it('cannot sign up: users are created by Groundwork, in an account', async () => {
    const res = await request('POST', '/api/auth/sign-up/email', {
      body: { email: `new.${a.accountId}@example.com`, password: PASSWORD, name: 'New Person' },
      headers: SAME_ORIGIN,
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(
      await getDb()
        .select()
        .from(users)
        .where(eq(users.email, `new.${a.accountId}@example.com`)),
    ).toEqual([]);
  });

  it('has no endpoint that would write our users: update-user, change-email, delete-user', async () => {
    const cookie = await signedInCookie();
    // Better Auth answers a disabled path with a plain-text 404, which the JSON helper cannot read.
    const { POST } = await import('@/app/api/auth/[...all]/route');
    for (const [path, body] of [
      ['/api/auth/update-user', { name: 'Renamed' }],
      ['/api/auth/change-email', { newEmail: `changed.${a.accountId}@example.com` }],
      ['/api/auth/delete-user', {}],
    ] as const) {
      const res = await POST(
        new Request(new URL(path, BASE), {
          method: 'POST',
          headers: { cookie, ...SAME_ORIGIN, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
      );
      expect(res.status, path).toBe(404);
    }
    const [row] = await getDb().select().from(users).where(eq(users.id, a.userId));
    expect(row).toMatchObject({ email, name: 'Avery Admin' });
  });

  it('refuses a sign-in posted from another origin', async () => {
    const res = await request('POST', '/api/auth/sign-in/email', {
      body: { email, password: PASSWORD },
      headers: { origin: 'https://evil.example', cookie: 'groundwork.session_token=x' },
    });
    expect(res.status).toBe(403);
  });
});

describe('the session cookie on the 2023-01 API', () => {
  let cookie: string;

  beforeAll(async () => {
    cookie = await signedInCookie();
  });

  it('reads as its user, with the same answer a token gets', async () => {
    const bySession = await request('GET', '/users/me', { headers: { cookie } });
    expect(bySession.status).toBe(200);
    expect(bySession.body.user.id).toBe(String(a.userId));
    const byToken = await a.api.get('/users/me');
    expect(bySession.body).toEqual(byToken.body);

    const sameOriginFetch = await request('GET', '/leads', { headers: { cookie, 'sec-fetch-site': 'same-origin' } });
    expect(sameOriginFetch.status).toBe(200);
    const withOrigin = await request('GET', '/leads', { headers: { cookie, ...SAME_ORIGIN } });
    expect(withOrigin.status).toBe(200);
  });

  it("writes with a matching Origin, in its user's account, as its user", async () => {
    const res = await request('POST', '/leads', { body: { lead: { name: 'Session lead' } }, headers: { cookie, ...SAME_ORIGIN } });
    expect(res.status).toBe(201);
    expect(res.body.lead.created_by.id).toBe(String(a.userId));
    expect((await a.api.get(`/leads/${res.body.lead.id}`)).status).toBe(200);
    expect((await other.api.get(`/leads/${res.body.lead.id}`)).status).toBe(404);
    const patched = await request('PATCH', `/leads/${res.body.lead.id}`, {
      body: { lead: { priority: true } },
      headers: { cookie, ...SAME_ORIGIN },
    });
    expect(patched.status).toBe(200);
    const deleted = await request('DELETE', `/leads/${res.body.lead.id}`, { headers: { cookie, ...SAME_ORIGIN } });
    expect(deleted.status).toBe(204);
  });

  it('is refused (401) on cross-site requests', async () => {
    const refused: [string, string, Record<string, string>][] = [
      ['POST', '/leads', { origin: 'https://evil.example' }],
      ['POST', '/leads', {}],
      ['POST', '/leads', { origin: 'null' }],
      ['PATCH', '/leads/1', { 'sec-fetch-site': 'same-origin' }],
      ['DELETE', '/leads/1', { origin: 'http://localhost:3001' }],
      ['GET', '/users/me', { origin: 'https://evil.example' }],
      ['GET', '/users/me', { 'sec-fetch-site': 'cross-site' }],
      ['GET', '/users/me', { 'sec-fetch-site': 'same-site' }],
    ];
    for (const [method, path, headers] of refused) {
      const res = await request(method, path, {
        headers: { cookie, ...headers },
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: { lead: { name: 'Forged' } } }),
      });
      expect(res.status, `${method} ${path} ${JSON.stringify(headers)}`).toBe(401);
      expect(res.body.error).toBe('unauthorized');
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    const forged = await a.api.get('/leads?q=Forged');
    expect(forged.body.leads).toEqual([]);
  });

  it('compares Origin with the host the browser used (Host), not the server address', async () => {
    // Behind `next start` the request URL is the listening address; the Host header is what the
    // browser used.
    const ok = await request('POST', '/leads', {
      body: { lead: { name: 'Hosted lead' } },
      headers: { cookie, host: 'crm.example.com', origin: 'https://crm.example.com' },
    });
    expect(ok.status).toBe(201);
    const refused = await request('POST', '/leads', { body: { lead: { name: 'Hosted lead' } }, headers: { cookie, host: 'crm.example.com', origin: BASE } });
    expect(refused.status).toBe(401);
  });

  it('believes X-Forwarded-Host only from a trusted proxy (TRUST_PROXY=true)', async () => {
    const proxied = { 'x-forwarded-host': 'crm.example.com', 'x-forwarded-proto': 'https' };
    const post = (origin: string) => request('POST', '/leads', { body: { lead: { name: 'Proxied lead' } }, headers: { cookie, ...proxied, origin } });
    // Untrusted: the forged header is ignored; the request's own host counts.
    expect((await post('https://crm.example.com')).status).toBe(401);
    expect((await post(BASE)).status).toBe(201);
    process.env.TRUST_PROXY = 'true';
    try {
      expect((await post('https://crm.example.com')).status).toBe(201);
      expect((await post(BASE)).status).toBe(401);
      const signedIn = await signIn(email, PASSWORD, { ...proxied, origin: 'https://crm.example.com' });
      expect(signedIn.status).toBe(200);
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });

  it('accepts a GET without Origin or Fetch Metadata, and one typed into the address bar', async () => {
    expect((await request('GET', '/users/me', { headers: { cookie } })).status).toBe(200);
    expect((await request('GET', '/users/me', { headers: { cookie, 'sec-fetch-site': 'none' } })).status).toBe(200);
  });

  it('gives way to an Authorization header, even a bad one', async () => {
    const badToken = await request('GET', '/users/me', { headers: { cookie, authorization: 'Bearer gw_pat_nope' } });
    expect(badToken.status).toBe(401);
    expect(badToken.body.message).toMatch(/token is invalid/);
    const asOther = await request('GET', '/users/me', { headers: { cookie, authorization: `Bearer ${other.token}` } });
    expect(asOther.body.user.id).toBe(String(other.userId));
  });

  it('is refused when forged or tampered with', async () => {
    const [name, value] = cookie
      .split('; ')
      .find((c) => c.startsWith('groundwork.session_token='))!
      .split('=') as [string, string];
    for (const bad of [`${name}=${value.slice(0, -3)}abc`, `${name}=unsigned-token`]) {
      const res = await request('GET', '/users/me', { headers: { cookie: bad } });
      expect(res.status, bad).toBe(401);
    }
  });
});

describe('session lifetime', () => {
  const tokenOf = (cookie: string) => decodeURIComponent(cookie.split('=')[1]!.split(';')[0]!).split('.')[0]!;

  it('is extended when used after a day, and the API response re-sends the cookie', async () => {
    const cookie = await signedInCookie();
    const token = tokenOf(cookie);
    const inFiveDays = new Date(Date.now() + 5 * 86_400_000);
    await getDb().update(sessions).set({ expiresAt: inFiveDays }).where(eq(sessions.token, token));
    const res = await request('GET', '/users/me', { headers: { cookie } });
    expect(res.status).toBe(200);
    const sent = res.headers.getSetCookie().find((c) => c.startsWith('groundwork.session_token='));
    expect(sent).toMatch(/Max-Age=604800/);
    expect(sent).toMatch(/HttpOnly/i);
    const [row] = await getDb().select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * 86_400_000);
    // A fresh session sends nothing.
    const again = await request('GET', '/users/me', { headers: { cookie } });
    expect(again.headers.getSetCookie()).toEqual([]);
  });

  it('ends when it expires', async () => {
    const cookie = await signedInCookie();
    await getDb()
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.token, tokenOf(cookie)));
    expect((await request('GET', '/users/me', { headers: { cookie } })).status).toBe(401);
  });
});

describe('signing out', () => {
  it('ends the session: the same cookie no longer works', async () => {
    const cookie = await signedInCookie();
    expect((await request('GET', '/users/me', { headers: { cookie } })).status).toBe(200);
    const before = await getDb().select().from(sessions).where(eq(sessions.userId, a.userId));

    const out = await request('POST', '/api/auth/sign-out', { body: {}, headers: { cookie, ...SAME_ORIGIN } });
    expect(out.status).toBe(200);
    // The browser is told to drop the cookie…
    expect(out.headers.getSetCookie().some((c) => /^groundwork\.session_token=;/.test(c) && /Max-Age=0/i.test(c))).toBe(true);
    // …and the session is gone on the server, so a kept copy is useless.
    const after = await getDb().select().from(sessions).where(eq(sessions.userId, a.userId));
    expect(after.length).toBe(before.length - 1);
    const res = await request('GET', '/users/me', { headers: { cookie } });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/sign in again/);
    const session = await request('GET', '/api/auth/get-session', { headers: { cookie } });
    expect(session.body).toBeNull();
  });

  it('ends with the user: deleting a user deletes their sessions', async () => {
    const b = await createTestAccount('Gone GC');
    await setUserPassword(getDb(), b.userId, PASSWORD);
    const res = await signIn((await emailOf(b.userId))!, PASSWORD);
    const cookie = cookieHeader(res);
    await getDb().delete(users).where(eq(users.id, b.userId));
    expect(await getDb().select().from(sessions).where(eq(sessions.userId, b.userId))).toEqual([]);
    expect((await request('GET', '/users/me', { headers: { cookie } })).status).toBe(401);
  });
});
