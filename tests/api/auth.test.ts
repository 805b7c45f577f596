import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { apiTokens } from '@/db/schema';
import { hashToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

let a: TestAccount;

beforeAll(async () => {
  a = await createTestAccount('Auth GC');
});

describe('API tokens', () => {
  it('are stored only as a SHA-256 hash and record their last use', async () => {
    const rows = await getDb().select().from(apiTokens).where(eq(apiTokens.accountId, a.accountId));
    expect(JSON.stringify(rows)).not.toContain(a.token);
    expect(a.token).toMatch(/^gw_pat_[\w-]{43}$/);
    const row = rows.find((r) => r.tokenHash === hashToken(a.token))!;
    await a.api.get('/users/me');
    const [after] = await getDb().select().from(apiTokens).where(eq(apiTokens.id, row.id));
    expect(after!.lastUsedAt).not.toBeNull();
  });

  it('accept the Bearer scheme, any case, and the bare token', async () => {
    for (const header of [`Bearer ${a.token}`, `bearer ${a.token}`, a.token]) {
      const res = await request('GET', '/users/me', { headers: { authorization: header } });
      expect(res.status, header).toBe(200);
      expect(res.body.user.id).toBe(String(a.userId));
    }
  });

  it('refuse malformed, unknown, revoked and expired tokens with 401', async () => {
    for (const header of ['Bearer', 'Basic dXNlcjpwYXNz', 'Bearer a b', 'x'.repeat(2000)]) {
      expect((await request('GET', '/users/me', { headers: { authorization: header } })).status, header).toBe(401);
    }
    const db = getDb();
    await db
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(eq(apiTokens.tokenHash, hashToken(a.readToken)));
    expect((await a.readApi.get('/users/me')).status).toBe(401);
    await db
      .update(apiTokens)
      .set({ revokedAt: null, expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.tokenHash, hashToken(a.readToken)));
    expect((await a.readApi.get('/users/me')).status).toBe(401);
  });

  it('keeps X-Request-Id from the client when it is sane, and makes one otherwise', async () => {
    const mine = await request('GET', '/users/me', { token: a.token, headers: { 'x-request-id': 'trace-123' } });
    expect(mine.headers.get('x-request-id')).toBe('trace-123');
    const odd = await request('GET', '/users/me', { token: a.token, headers: { 'x-request-id': '<script>' } });
    expect(odd.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});
