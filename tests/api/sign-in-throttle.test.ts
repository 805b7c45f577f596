import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { RateLimiterPostgres } from 'rate-limiter-flexible';
import { and, eq } from 'drizzle-orm';
import { securityEvents, sessions, users } from '@/db/schema';
import { setUserPassword } from '@/lib/server/auth/passwords';
import { embeddedRateLimitStore, postgresRateLimitStore, RATE_LIMIT_TABLE } from '@/lib/server/security/rate-limit-store';
import { SIGN_IN_LIMITS } from '@/lib/server/auth/sign-in-throttle';
import { getDb } from '@/lib/server/db';
import { BASE, request, type ApiResponse } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// The sign-in throttle through Better Auth's real handler: failures per address and IP together,
// per IP and per address, one answer whether the address exists or not, and a fresh session at
// every sign-in. The client IP comes from X-Forwarded-For here, as behind a trusted proxy
// (TRUST_PROXY=true; these requests have no TCP peer); tests/api/client-address.test.ts shows a
// forged header changes nothing without it.

const PASSWORD = 'throttle test password';
const databaseUrl = inject('databaseUrl');
let a: TestAccount;
let email: string;

/** Each test signs in from public addresses of its own, so counts never leak between tests or runs. */
function newIp(): string {
  const b = randomUUID().replace(/-/g, '');
  return `45.${parseInt(b.slice(0, 2), 16)}.${parseInt(b.slice(2, 4), 16)}.${parseInt(b.slice(4, 6), 16)}`;
}

function signIn(address: string, password: string, ip: string, cookie?: string) {
  return request('POST', '/api/auth/sign-in/email', {
    body: { email: address, password },
    headers: { origin: BASE, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
  });
}

/** The same, form-encoded, as an HTML form would send it (Better Auth accepts both). */
function signInForm(address: string, password: string, ip: string) {
  return request('POST', '/api/auth/sign-in/email', {
    rawBody: new URLSearchParams({ email: address, password }).toString(),
    headers: { origin: BASE, 'x-forwarded-for': ip, 'content-type': 'application/x-www-form-urlencoded' },
  });
}

async function newUser(): Promise<{ email: string; accountId: number }> {
  const account = await createTestAccount('Throttle GC');
  await setUserPassword(getDb(), account.userId, PASSWORD);
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, account.userId));
  return { email: row!.email, accountId: account.accountId };
}

async function newUserEmail(): Promise<string> {
  return (await newUser()).email;
}

/** Counts `n` failures against a counter of the throttle directly (as many scrypt checks would take minutes here). */
async function penalize(keyPrefix: string, points: number, key: string, n: number) {
  const store = databaseUrl ? postgresRateLimitStore(databaseUrl, 1) : embeddedRateLimitStore();
  const counter = new RateLimiterPostgres({
    storeClient: store.kind === 'postgres' ? store.pool : store.client,
    storeType: store.kind === 'postgres' ? 'pool' : 'client',
    tableName: RATE_LIMIT_TABLE,
    tableCreated: true,
    keyPrefix,
    points,
    duration: SIGN_IN_LIMITS.windowSeconds,
  });
  await counter.penalty(key, n);
  if (store.kind === 'postgres') await store.pool.end();
}

/** The device cookie a successful sign-in set, as a Cookie header value. */
function deviceCookie(res: ApiResponse): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith('groundwork.sign_in_device='));
  expect(cookie, 'a device cookie').toBeDefined();
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Strict/);
  expect(cookie).toMatch(/; Path=\/api\/auth\/sign-in/);
  return cookie!.split(';')[0]!;
}

async function throttledEvents(accountId: number) {
  return getDb()
    .select({ details: securityEvents.details, ip: securityEvents.ipAddress, subjectId: securityEvents.subjectId })
    .from(securityEvents)
    .where(and(eq(securityEvents.accountId, accountId), eq(securityEvents.kind, 'sign_in.throttled')));
}

beforeAll(async () => {
  process.env.SIGN_IN_THROTTLE = 'on';
  process.env.TRUST_PROXY = 'true';
  a = await createTestAccount('Throttle GC');
  await setUserPassword(getDb(), a.userId, PASSWORD);
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, a.userId));
  email = row!.email;
});

afterAll(() => {
  process.env.SIGN_IN_THROTTLE = 'off';
  delete process.env.TRUST_PROXY;
});

function expectThrottled(res: ApiResponse) {
  expect(res.status).toBe(429);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowSeconds);
  expect(res.headers.getSetCookie()).toEqual([]);
  expect(res.body).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many sign-in attempts. Try again later.' });
}

// Scrypt on every attempt: these tests make hundreds of sign-ins.
describe('sign-in throttle', { timeout: 120_000 }, () => {
  it('refuses an address from one IP after 10 failures there, even with the right password; the owner elsewhere signs in', async () => {
    const target = await newUserEmail();
    const attacker = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) expect((await signIn(target, 'wrong password', attacker)).status).toBe(401);
    expectThrottled(await signIn(target, PASSWORD, attacker));
    // A stranger's wrong passwords do not lock the owner out from where they are.
    expect((await signIn(target, PASSWORD, newIp())).status).toBe(200);
    // Another address from the attacker's IP is not affected by the pair's count.
    expect((await signIn(email, PASSWORD, attacker)).status).toBe(200);
  });

  it('counts form-encoded sign-ins as JSON ones', async () => {
    const target = await newUserEmail();
    const ip = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) {
      const res = i % 2 ? await signInForm(target, 'wrong password', ip) : await signIn(target, 'wrong password', ip);
      expect(res.status).toBe(401);
    }
    expectThrottled(await signInForm(target, PASSWORD, ip));
    expectThrottled(await signIn(target, PASSWORD, ip));
  });

  it('refuses an address after 100 failures from any IPs (the ceiling far above the pair limit)', async () => {
    const target = await newUserEmail();
    // 90 failures already counted against the address, then the last 10 through the handler from 10 other IPs.
    await penalize('sign-in:email', SIGN_IN_LIMITS.email, target, SIGN_IN_LIMITS.email - 10);
    for (let i = 0; i < 10; i++) expect((await signIn(target, 'wrong password', newIp())).status).toBe(401);
    expectThrottled(await signIn(target, PASSWORD, newIp()));
    expect((await signIn(email, PASSWORD, newIp())).status).toBe(200);
  });

  it('refuses a form that sends email or password twice: no second address walks past the throttle', async () => {
    const target = await newUserEmail();
    const ip = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) expect((await signIn(target, 'wrong password', ip)).status).toBe(401);
    expectThrottled(await signIn(target, PASSWORD, ip));
    const form = (body: string) =>
      request('POST', '/api/auth/sign-in/email', {
        rawBody: body,
        headers: { origin: BASE, 'x-forwarded-for': ip, 'content-type': 'application/x-www-form-urlencoded' },
      });
    const decoy = `decoy.${randomUUID()}@example.com`;
    for (const body of [
      `email=${encodeURIComponent(decoy)}&email=${encodeURIComponent(target)}&password=${encodeURIComponent(PASSWORD)}`,
      `email=${encodeURIComponent(target)}&password=x&password=${encodeURIComponent(PASSWORD)}`,
    ]) {
      const res = await form(body);
      expect(res.status, body).toBe(400);
      expect(res.headers.getSetCookie()).toEqual([]);
    }
    // Bodies Better Auth would read otherwise than the throttle are refused before either looks.
    const multipart = await request('POST', '/api/auth/sign-in/email', {
      rawBody: `--b\r\nContent-Disposition: form-data; name="email"\r\n\r\n${target}\r\n--b--\r\n`,
      headers: { origin: BASE, 'x-forwarded-for': ip, 'content-type': 'multipart/form-data; boundary=b' },
    });
    expect(multipart.status).toBe(415);
    // The address Better Auth checks is the one counted: a different case is the same address.
    expectThrottled(await signInForm(target.toUpperCase(), PASSWORD, ip));
  });

  it('lets a browser that signed in before past the address ceiling; new browsers stay refused; the lock is in the security log', async () => {
    const { email: target, accountId } = await newUser();
    const first = await signIn(target, PASSWORD, newIp());
    expect(first.status).toBe(200);
    const device = deviceCookie(first);
    const other = deviceCookie(await signIn(email, PASSWORD, newIp()));

    await penalize('sign-in:email', SIGN_IN_LIMITS.email, target, SIGN_IN_LIMITS.email - 10);
    const lastIp = newIp();
    for (let i = 0; i < 9; i++) expect((await signIn(target, 'wrong password', newIp())).status).toBe(401);
    expect((await signIn(target, 'wrong password', lastIp)).status).toBe(401);
    // A browser that never signed in to this address, from anywhere: refused.
    expectThrottled(await signIn(target, PASSWORD, newIp()));
    // Another address's device cookie, or a forged one, is no way in.
    expectThrottled(await signIn(target, PASSWORD, newIp(), other));
    expectThrottled(await signIn(target, PASSWORD, newIp(), `groundwork.sign_in_device=${'A'.repeat(22)}.${'B'.repeat(43)}`));
    // The owner's browser, from wherever it is now: signed in, with a renewed cookie.
    const owner = await signIn(target, PASSWORD, newIp(), device);
    expect(owner.status).toBe(200);
    expect(deviceCookie(owner)).not.toBe(device);

    const events = await throttledEvents(accountId);
    expect(events).toEqual([
      {
        details: { limit: 'address', failures: SIGN_IN_LIMITS.email, window_seconds: SIGN_IN_LIMITS.windowSeconds },
        ip: lastIp,
        subjectId: expect.any(String),
      },
    ]);
  });

  it('gives a device cookie a failure budget of its own; past it the browser is one more stranger', async () => {
    const { email: target, accountId } = await newUser();
    const device = deviceCookie(await signIn(target, PASSWORD, newIp()));
    await penalize('sign-in:email', SIGN_IN_LIMITS.email, target, SIGN_IN_LIMITS.email);
    for (let i = 0; i < SIGN_IN_LIMITS.device; i++) expect((await signIn(target, 'wrong password', newIp(), device)).status).toBe(401);
    expectThrottled(await signIn(target, PASSWORD, newIp(), device));
    expect((await throttledEvents(accountId)).map((e) => e.details.limit)).toEqual(['device']);
  });

  it('records the lock of an address and IP pair once, not each refused attempt after it', async () => {
    const { email: target, accountId } = await newUser();
    const ip = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) expect((await signIn(target, 'wrong password', ip)).status).toBe(401);
    for (let i = 0; i < 3; i++) expectThrottled(await signIn(target, 'wrong password', ip));
    const events = await throttledEvents(accountId);
    expect(events.map((e) => [e.details.limit, e.ip])).toEqual([['address_and_ip', ip]]);
  });

  it('answers an unknown address exactly as a known one, throttled alike', async () => {
    const known = await newUserEmail();
    const unknown = `nobody.${randomUUID()}@example.com`;
    const ip = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.pair; i++) {
      const [k, u] = [await signIn(known, 'wrong password', ip), await signIn(unknown, 'wrong password', ip)];
      expect(u.status).toBe(k.status);
      expect(u.body).toEqual(k.body);
    }
    const [k, u] = [await signIn(known, 'wrong password', ip), await signIn(unknown, 'wrong password', ip)];
    expect([k.status, u.status]).toEqual([429, 429]);
    expect(u.body).toEqual(k.body);
  });

  it('clears an address and IP pair after a successful sign-in', async () => {
    const target = await newUserEmail();
    const ip = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.pair - 1; i++) await signIn(target, 'wrong password', ip);
    expect((await signIn(target, PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.pair - 1; i++) expect((await signIn(target, 'wrong password', ip)).status).toBe(401);
    expect((await signIn(target, PASSWORD, ip)).status).toBe(200);
  });

  it('refuses an IP after 50 failures over any addresses', async () => {
    const ip = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.ip; i++) {
      expect((await signIn(`guess.${i}.${randomUUID()}@example.com`, 'wrong password', ip)).status).toBe(401);
    }
    expectThrottled(await signIn(email, PASSWORD, ip));
    expect((await signIn(email, PASSWORD, newIp())).status).toBe(200);
  });

  it('is off when SIGN_IN_THROTTLE is off', async () => {
    const target = await newUserEmail();
    const ip = newIp();
    process.env.SIGN_IN_THROTTLE = 'off';
    try {
      for (let i = 0; i <= SIGN_IN_LIMITS.pair; i++) await signIn(target, 'wrong password', ip);
      expect((await signIn(target, PASSWORD, ip)).status).toBe(200);
    } finally {
      process.env.SIGN_IN_THROTTLE = 'on';
    }
  });
});

describe('sessions at sign-in', () => {
  it('gives every sign-in a new session token, never the one the browser already had', async () => {
    const first = await signIn(email, PASSWORD, newIp());
    const cookie = first.headers
      .getSetCookie()
      .find((c) => c.startsWith('groundwork.session_token='))!
      .split(';')[0]!;
    const second = await signIn(email, PASSWORD, newIp(), cookie);
    const again = second.headers
      .getSetCookie()
      .find((c) => c.startsWith('groundwork.session_token='))!
      .split(';')[0]!;
    expect(again).not.toBe(cookie);
    const tokens = (await getDb().select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, a.userId))).map((r) => r.token);
    const tokenOf = (c: string) => decodeURIComponent(c.split('=')[1]!).split('.')[0]!;
    expect(tokens).toContain(tokenOf(cookie));
    expect(tokens).toContain(tokenOf(again));
  });
});
