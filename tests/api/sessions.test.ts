import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { sessions } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { BASE, request } from '../api';
import { cookieOf, createTestAccount, sessionClient, type TestAccount, TIMESTAMP } from '../fixtures';

// Settings → Sessions: a user's own browser sessions, listed and revoked through the API with the
// session cookie; tokens are refused.

let a: TestAccount;
let other: TestAccount;

beforeAll(async () => {
  a = await createTestAccount('Sessions GC');
  other = await createTestAccount('Other Sessions GC');
});

const userAgent = (ua: string) => ({ 'user-agent': ua });

describe('GET /sessions', () => {
  it("lists the caller's live sessions with the current one marked, never a token", async () => {
    const laptop = await sessionClient(a.userId);
    const phone = await sessionClient(a.userId);
    const res = await laptop.get('/sessions');
    expect(res.status).toBe(200);
    const list = res.body.sessions as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const current = list.find((s) => s.current)!;
    expect(current).toEqual({
      id: expect.stringMatching(/^\d+$/),
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      last_seen_at: expect.stringMatching(TIMESTAMP),
      expires_at: expect.stringMatching(TIMESTAMP),
      // Given by the sign-in request (the next test); whatever the test request had.
      user_agent: current.user_agent,
      ip_address: current.ip_address,
      current: true,
    });
    const phoneCurrent = (await phone.get('/sessions')).body.sessions.find((s: { current: boolean }) => s.current);
    expect(phoneCurrent.id).not.toBe(current.id);
    // Only this user's: the other account's sessions never show.
    await sessionClient(other.userId);
    const ids = (await getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, a.userId))).map((r) => String(r.id));
    expect(list.every((s) => ids.includes(s.id as string))).toBe(true);
    expect(JSON.stringify(res.body)).not.toMatch(/token/);
  });

  it('records the browser and address it signed in from (the proxy chain believed with TRUST_PROXY=true)', async () => {
    await sessionClient(a.userId); // sets the password
    process.env.TRUST_PROXY = 'true';
    onTestFinished(() => {
      delete process.env.TRUST_PROXY;
    });
    const res = await request('POST', '/api/auth/sign-in/email', {
      body: { email: (await emailOf(a.userId))!, password: 'session test password' },
      headers: { origin: BASE, ...userAgent('Firefox/128 test'), 'x-forwarded-for': '203.0.113.7' },
    });
    expect(res.status).toBe(200);
    const fresh = cookieOf(res);
    const list = (await request('GET', '/sessions', { headers: { cookie: fresh, origin: BASE } })).body.sessions;
    expect(list.find((s: { current: boolean }) => s.current)).toMatchObject({ user_agent: 'Firefox/128 test', ip_address: '203.0.113.7' });
  });

  it('refuses an API token with 403', async () => {
    const res = await a.api.get('/sessions');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('session_required');
    expect((await a.api.delete('/sessions')).status).toBe(403);
  });
});

describe('DELETE /sessions/{id} and DELETE /sessions', () => {
  it('ends one session: its cookie stops working at once', async () => {
    const mine = await sessionClient(a.userId);
    const lost = await sessionClient(a.userId);
    const lostId = (await lost.get('/sessions')).body.sessions.find((s: { current: boolean }) => s.current).id;
    expect((await mine.delete(`/sessions/${lostId}`)).status).toBe(204);
    expect((await lost.get('/sessions')).status).toBe(401);
    expect((await mine.get('/sessions')).status).toBe(200);
    expect((await mine.delete(`/sessions/${lostId}`)).status).toBe(404);
  });

  it("answers 404 for another user's session and leaves it alone", async () => {
    const mine = await sessionClient(a.userId);
    const theirs = await sessionClient(other.userId);
    const theirId = (await theirs.get('/sessions')).body.sessions.find((s: { current: boolean }) => s.current).id;
    expect((await mine.delete(`/sessions/${theirId}`)).status).toBe(404);
    expect((await theirs.get('/sessions')).status).toBe(200);
  });

  it('signs out everywhere else, keeping the current session', async () => {
    const keep = await sessionClient(a.userId);
    const elsewhere = [await sessionClient(a.userId), await sessionClient(a.userId)];
    const res = await keep.delete('/sessions');
    expect(res.status).toBe(200);
    expect(res.body.revoked).toBeGreaterThanOrEqual(2);
    for (const s of elsewhere) expect((await s.get('/sessions')).status).toBe(401);
    const left = (await keep.get('/sessions')).body.sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
  });
});

async function emailOf(userId: number) {
  const { users } = await import('@/db/schema');
  const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}
