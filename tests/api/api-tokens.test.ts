import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiTokens } from '@/db/schema';
import { createApiToken, hashToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { client, request } from '../api';
import { createTestAccount, sessionClient, TIMESTAMP, type SessionClient, type TestAccount } from '../fixtures';

// The caller's own API tokens, managed from a signed-in browser: list, mint (the secret shown
// once), revoke. A token cannot manage tokens.

let a: TestAccount;
let b: TestAccount;
let admin: SessionClient;
let member: SessionClient;
let foreign: SessionClient;

const KEYS = ['created_at', 'expires_at', 'hint', 'id', 'last_used_at', 'name', 'scope', 'updated_at'];

async function row(id: string) {
  const [r] = await getDb()
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.id, Number(id)));
  return r;
}

beforeAll(async () => {
  a = await createTestAccount('Tokens GC');
  b = await createTestAccount('Other tokens GC');
  admin = await sessionClient(a.userId);
  member = await sessionClient(a.otherUserId);
  foreign = await sessionClient(b.userId);
});

describe('POST /api_tokens', () => {
  it('mints a token for the caller, shows the secret once, and the token works', async () => {
    const res = await admin.post('/api_tokens', { api_token: { name: 'CI export', scope: 'read' } });
    expect(res.status).toBe(201);
    // The one-time secret is never kept by a browser or proxy cache.
    expect(res.headers.get('cache-control')).toBe('no-store');
    const created = res.body.api_token;
    expect(Object.keys(created).sort()).toEqual([...KEYS, 'token'].sort());
    expect(created).toMatchObject({ name: 'CI export', scope: 'read', last_used_at: null, expires_at: null });
    expect(created.token).toMatch(/^gw_pat_[\w-]{43}$/);
    expect(created.hint).toBe(`…${created.token.slice(-4)}`);
    expect(created.created_at).toMatch(TIMESTAMP);

    const stored = (await row(created.id))!;
    expect(stored).toMatchObject({ accountId: a.accountId, userId: a.userId, scope: 'read', revokedAt: null });
    expect(stored.tokenHash).toBe(hashToken(created.token));
    expect(JSON.stringify(stored)).not.toContain(created.token);

    const me = await client(created.token).get('/users/me');
    expect(me.status).toBe(200);
    expect(me.body.user.id).toBe(String(a.userId));
    // A read token cannot write.
    expect((await client(created.token).post('/companies', { company: { name: 'X' } })).status).toBe(403);
    // The list never shows the secret again.
    const list = await admin.get('/api_tokens');
    const listed = list.body.api_tokens.find((t: { id: string }) => t.id === created.id);
    expect(Object.keys(listed).sort()).toEqual(KEYS);
    expect(JSON.stringify(list.body)).not.toContain(created.token);
    expect(JSON.stringify(list.body)).not.toContain(stored.tokenHash);
  });

  it('takes an expiry in the future; an expired token is refused', async () => {
    const at = new Date(Date.now() + 86_400_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    const res = await admin.post('/api_tokens', { api_token: { name: 'Tomorrow', scope: 'read write', expires_at: at } });
    expect(res.status).toBe(201);
    expect(res.body.api_token.expires_at).toBe(at);
    expect((await client(res.body.api_token.token).get('/users/me')).status).toBe(200);
    await getDb()
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, Number(res.body.api_token.id)));
    expect((await client(res.body.api_token.token).get('/users/me')).status).toBe(401);
  });

  it('validates the body: 422 with details, 400 without the wrapper', async () => {
    const cases: [unknown, string][] = [
      [{ scope: 'read' }, 'name'],
      [{ name: '   ', scope: 'read' }, 'name'],
      [{ name: 'x'.repeat(256), scope: 'read' }, 'name'],
      [{ name: 'No scope' }, 'scope'],
      [{ name: 'Admin', scope: 'admin' }, 'scope'],
      [{ name: 'Past', scope: 'read', expires_at: '2001-01-01T00:00:00Z' }, 'expires_at'],
      [{ name: 'Bad date', scope: 'read', expires_at: 'tomorrow' }, 'expires_at'],
    ];
    for (const [body, field] of cases) {
      const res = await admin.post('/api_tokens', { api_token: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toBe('validation_failed');
      expect(res.body.details, JSON.stringify(body)).toHaveProperty(field);
    }
    expect((await admin.post('/api_tokens', { name: 'Unwrapped', scope: 'read' })).status).toBe(400);
  });

  it('is refused to an API token (403), whatever its scope or body', async () => {
    for (const api of [a.api, a.readApi]) {
      for (const body of [{ api_token: { name: 'Minted by a token', scope: 'read write' } }, { api_token: {} }]) {
        const res = await api.post('/api_tokens', body);
        expect(res.status).toBe(403);
        // A read token fails its scope first; a write token is no session.
        expect(res.body.error).toBe(api === a.api ? 'session_required' : 'insufficient_scope');
      }
    }
    const minted = await getDb().select().from(apiTokens).where(eq(apiTokens.name, 'Minted by a token'));
    expect(minted).toEqual([]);
  });

  it('answers 401 without credentials', async () => {
    expect((await request('POST', '/api_tokens', { body: { api_token: { name: 'x', scope: 'read' } } })).status).toBe(401);
  });
});

describe('GET /api_tokens', () => {
  it("lists only the caller's own live tokens, newest first, paginated", async () => {
    const mine = await admin.post('/api_tokens', { api_token: { name: 'Newest', scope: 'read write' } });
    const theirs = await member.post('/api_tokens', { api_token: { name: 'Member token', scope: 'read' } });
    expect(theirs.status).toBe(201);
    const res = await admin.get('/api_tokens');
    expect(res.status).toBe(200);
    const ids = res.body.api_tokens.map((t: { id: string }) => t.id);
    expect(ids[0]).toBe(mine.body.api_token.id);
    expect(ids).not.toContain(theirs.body.api_token.id);
    // The fixture's two tokens are the admin's too.
    const own = await getDb().select().from(apiTokens).where(eq(apiTokens.userId, a.userId));
    expect(Number(res.headers.get('x-total-count'))).toBe(own.filter((t) => t.revokedAt === null).length);
    expect((await member.get('/api_tokens')).body.api_tokens.map((t: { id: string }) => t.id)).toEqual([theirs.body.api_token.id]);
    expect((await foreign.get('/api_tokens')).body.api_tokens.map((t: { id: string }) => t.id)).not.toContain(mine.body.api_token.id);

    const paged = await admin.get('/api_tokens?per_page=1&page=2');
    expect(paged.body.api_tokens).toHaveLength(1);
    expect(paged.headers.get('link')).toContain('rel="prev"');
    expect((await admin.get('/api_tokens?per_page=0')).status).toBe(422);
  });

  it('shows last use', async () => {
    const res = await admin.post('/api_tokens', { api_token: { name: 'Used', scope: 'read' } });
    await client(res.body.api_token.token).get('/users/me');
    const listed = (await admin.get('/api_tokens')).body.api_tokens.find((t: { id: string }) => t.id === res.body.api_token.id);
    expect(listed.last_used_at).toMatch(TIMESTAMP);
  });

  it('is refused to an API token (403)', async () => {
    const res = await a.readApi.get('/api_tokens');
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'session_required', message: expect.stringContaining('browser session') });
  });
});

describe('DELETE /api_tokens/{id}', () => {
  it('revokes: the token stops working at once and leaves the list', async () => {
    const res = await admin.post('/api_tokens', { api_token: { name: 'Short-lived', scope: 'read write' } });
    const { id, token } = res.body.api_token;
    expect((await client(token).get('/users/me')).status).toBe(200);
    const del = await admin.delete(`/api_tokens/${id}`);
    expect(del.status).toBe(204);
    expect(del.body).toBeNull();
    expect((await row(id))!.revokedAt).toBeInstanceOf(Date);
    expect((await client(token).get('/users/me')).status).toBe(401);
    expect((await admin.get('/api_tokens')).body.api_tokens.map((t: { id: string }) => t.id)).not.toContain(id);
    // Again: it is gone.
    expect((await admin.delete(`/api_tokens/${id}`)).status).toBe(404);
  });

  it("answers 404 for another user's token, in the account or not, and for ids that cannot be", async () => {
    const res = await admin.post('/api_tokens', { api_token: { name: 'Not yours', scope: 'read' } });
    const { id, token } = res.body.api_token;
    for (const other of [member, foreign]) {
      const del = await other.delete(`/api_tokens/${id}`);
      expect(del.status).toBe(404);
      expect(del.body.error).toBe('not_found');
    }
    expect((await row(id))!.revokedAt).toBeNull();
    expect((await client(token).get('/users/me')).status).toBe(200);
    for (const bad of ['abc', '0', '999999999']) expect((await admin.delete(`/api_tokens/${bad}`)).status).toBe(404);
  });

  it('is refused to an API token, even its own (403)', async () => {
    const token = await createApiToken(getDb(), { accountId: a.accountId, userId: a.userId }, { name: 'Self-revoker' });
    const [own] = await getDb()
      .select()
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, hashToken(token)));
    const res = await client(token).delete(`/api_tokens/${own!.id}`);
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('session_required');
    expect((await row(String(own!.id)))!.revokedAt).toBeNull();
  });

  it('has no GET or PATCH of one token (405)', async () => {
    const res = await admin.get('/api_tokens/1');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('DELETE, OPTIONS');
  });
});
