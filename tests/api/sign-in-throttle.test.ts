import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '@/db/schema';
import { setUserPassword } from '@/lib/auth/passwords';
import { SIGN_IN_LIMITS } from '@/lib/auth/sign-in-throttle';
import { getDb } from '@/lib/db';
import { BASE, request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// The sign-in throttle through Better Auth's real handler: failures per address and per IP, one
// answer whether the address exists or not, and a fresh session at every sign-in.

const PASSWORD = 'throttle test password';
let a: TestAccount;
let email: string;

/** Each test signs in from addresses of its own, so counts never leak between tests or runs. */
function newIp(): string {
  const b = randomUUID().replace(/-/g, '');
  return `10.${parseInt(b.slice(0, 2), 16)}.${parseInt(b.slice(2, 4), 16)}.${parseInt(b.slice(4, 6), 16)}`;
}

function signIn(address: string, password: string, ip: string, cookie?: string) {
  return request('POST', '/api/auth/sign-in/email', {
    body: { email: address, password },
    headers: { origin: BASE, 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
  });
}

async function newUserEmail(): Promise<string> {
  const account = await createTestAccount('Throttle GC');
  await setUserPassword(getDb(), account.userId, PASSWORD);
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, account.userId));
  return row!.email;
}

beforeAll(async () => {
  process.env.SIGN_IN_THROTTLE = 'on';
  a = await createTestAccount('Throttle GC');
  await setUserPassword(getDb(), a.userId, PASSWORD);
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, a.userId));
  email = row!.email;
});

afterAll(() => {
  process.env.SIGN_IN_THROTTLE = 'off';
});

describe('sign-in throttle', () => {
  it('refuses an address after 10 failures in 15 minutes, even with the right password, from any IP', async () => {
    const target = await newUserEmail();
    for (let i = 0; i < SIGN_IN_LIMITS.email; i++) expect((await signIn(target, 'wrong password', newIp())).status).toBe(401);
    const blocked = await signIn(target, PASSWORD, newIp());
    expect(blocked.status).toBe(429);
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMITS.windowSeconds);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    expect(blocked.body).toEqual({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many sign-in attempts. Try again later.' });
    // Another address is not affected.
    expect((await signIn(email, PASSWORD, newIp())).status).toBe(200);
  });

  it('answers an unknown address exactly as a known one, throttled alike', async () => {
    const known = await newUserEmail();
    const unknown = `nobody.${randomUUID()}@example.com`;
    const ip = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.email; i++) {
      const [k, u] = [await signIn(known, 'wrong password', ip), await signIn(unknown, 'wrong password', ip)];
      expect(u.status).toBe(k.status);
      expect(u.body).toEqual(k.body);
    }
    const [k, u] = [await signIn(known, 'wrong password', ip), await signIn(unknown, 'wrong password', ip)];
    expect([k.status, u.status]).toEqual([429, 429]);
    expect(u.body).toEqual(k.body);
  });

  it('clears an address after a successful sign-in', async () => {
    const target = await newUserEmail();
    for (let i = 0; i < SIGN_IN_LIMITS.email - 1; i++) await signIn(target, 'wrong password', newIp());
    expect((await signIn(target, PASSWORD, newIp())).status).toBe(200);
    for (let i = 0; i < SIGN_IN_LIMITS.email - 1; i++) expect((await signIn(target, 'wrong password', newIp())).status).toBe(401);
    expect((await signIn(target, PASSWORD, newIp())).status).toBe(200);
  });

  it('refuses an IP after 50 failures over any addresses', async () => {
    const ip = newIp();
    for (let i = 0; i < SIGN_IN_LIMITS.ip; i++) {
      expect((await signIn(`guess.${i}.${randomUUID()}@example.com`, 'wrong password', ip)).status).toBe(401);
    }
    const blocked = await signIn(email, PASSWORD, ip);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(email, PASSWORD, newIp())).status).toBe(200);
  });

  it('is off when SIGN_IN_THROTTLE is off', async () => {
    const target = await newUserEmail();
    process.env.SIGN_IN_THROTTLE = 'off';
    try {
      for (let i = 0; i <= SIGN_IN_LIMITS.email; i++) await signIn(target, 'wrong password', newIp());
      expect((await signIn(target, PASSWORD, newIp())).status).toBe(200);
    } finally {
      process.env.SIGN_IN_THROTTLE = 'on';
    }
  });
});

describe('sessions at sign-in', () => {
  it('gives every sign-in a new session token, never the one the browser already had', async () => {
    const first = await signIn(email, PASSWORD, newIp());
    const cookie = first.headers.getSetCookie().find((c) => c.startsWith('groundwork.session_token='))!.split(';')[0]!;
    const second = await signIn(email, PASSWORD, newIp(), cookie);
    const again = second.headers.getSetCookie().find((c) => c.startsWith('groundwork.session_token='))!.split(';')[0]!;
    expect(again).not.toBe(cookie);
    const tokens = (await getDb().select({ token: sessions.token }).from(sessions).where(eq(sessions.userId, a.userId))).map((r) => r.token);
    const tokenOf = (c: string) => decodeURIComponent(c.split('=')[1]!).split('.')[0]!;
    expect(tokens).toContain(tokenOf(cookie));
    expect(tokens).toContain(tokenOf(again));
  });
});
