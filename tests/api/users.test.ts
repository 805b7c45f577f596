import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { users } from '@/db/schema';
import { createApiToken } from '@/lib/auth/tokens';
import { getDb } from '@/lib/db';
import { client, request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;

const ids = (list: { id: string }[]) => list.map((r) => r.id);

beforeAll(async () => {
  a = await createTestAccount('Users GC');
  b = await createTestAccount('Other GC');
});

describe('GET /users', () => {
  it('lists the account\'s users newest first as User references', async () => {
    const res = await a.api.get('/users');
    expect(res.status).toBe(200);
    expect(ids(res.body.users)).toEqual([String(a.otherUserId), String(a.userId)]);
    for (const u of res.body.users) {
      expectShape(u, 'user');
      expect(Object.keys(u).sort()).toEqual(['created_at', 'email', 'first_name', 'id', 'last_name', 'name', 'updated_at']);
    }
    expect(res.body.users[0]).toMatchObject({ first_name: 'Blake', last_name: 'Builder', name: 'Blake Builder' });
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
    expect((await a.api.get('/users?updated_since=2999-01-01T00:00:00Z')).body.users).toEqual([]);
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

describe('users are read-only', () => {
  it('answers 401 without a token and 405 for writes', async () => {
    for (const path of ['/users', '/users/me', `/users/${a.userId}`]) {
      expect((await request('GET', path)).status, path).toBe(401);
      expect((await request('GET', path, { token: 'gw_pat_wrong' })).status, path).toBe(401);
    }
    const post = await a.api.post('/users', { user: { email: 'new@example.com' } });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET');
    expect((await a.api.patch(`/users/${a.userId}`, { user: { first_name: 'X' } })).status).toBe(405);
    expect((await a.api.delete(`/users/${a.userId}`)).status).toBe(405);
    expect((await a.readApi.get('/users')).status).toBe(200);
  });
});
