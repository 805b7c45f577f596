import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/server/db';
import { createApiToken } from '@/lib/server/auth/tokens';
import { BASE, client, request } from '../api';
import { createTestAccount, sessionClient, TIMESTAMP, type SessionClient, type TestAccount } from '../fixtures';

// Issue 28: a user's time zone defaults to their account's, and to America/New_York without one.
// GET /account for everyone; PATCH /account (admins) renames it or sets that time zone.

let t: TestAccount;
let other: TestAccount;
let admin: SessionClient;

beforeAll(async () => {
  t = await createTestAccount('Zone GC');
  other = await createTestAccount('Other zone GC');
  admin = await sessionClient(t.userId);
});

describe('the account', () => {
  it('is read by every user, in its shape, and changed by admins only', async () => {
    const read = await t.api.get('/account');
    expect(read.status).toBe(200);
    expect(Object.keys(read.body.account).sort()).toEqual(['created_at', 'id', 'name', 'time_zone', 'updated_at']);
    expect(read.body.account).toMatchObject({ id: String(t.accountId), time_zone: null });
    expect(read.body.account.created_at).toMatch(TIMESTAMP);
    expect(read.headers.get('etag')).toBeTruthy();

    const member = client(await createApiToken(getDb(), { accountId: t.accountId, userId: t.otherUserId }));
    expect((await member.patch('/account', { account: { time_zone: 'America/Denver' } })).status).toBe(403);
    expect((await admin.patch('/account', { account: { time_zone: 'Mars/Olympus' } })).status).toBe(422);
    expect((await admin.patch('/account', { account: { name: '' } })).status).toBe(422);
    const stale = await request('PATCH', '/account', {
      body: { account: { time_zone: 'America/Denver' } },
      headers: { cookie: admin.cookie, origin: BASE, 'if-match': '"stale"' },
    });
    expect(stale.status).toBe(412);
    expect((await t.api.get('/account')).body.account.time_zone).toBeNull();
  });

  it('gives its time zone to users who have not chosen one, and New York without one', async () => {
    expect((await t.api.get('/users/me')).body.user.time_zone).toBe('America/New_York');
    const set = await admin.patch('/account', { account: { time_zone: 'america/denver' } });
    expect(set.status).toBe(200);
    expect(set.body.account.time_zone).toBe('America/Denver');
    expect((await t.api.get('/users/me')).body.user.time_zone).toBe('America/Denver');
    expect((await t.api.get(`/users/${t.otherUserId}`)).body.user.time_zone).toBe('America/Denver');
    // A user's own choice wins; clearing it falls back to the account's.
    expect((await t.api.patch('/users/me', { user: { time_zone: 'Europe/Berlin' } })).body.user.time_zone).toBe('Europe/Berlin');
    expect((await t.api.patch('/users/me', { user: { time_zone: null } })).body.user.time_zone).toBe('America/Denver');
    // Another account is untouched.
    expect((await other.api.get('/users/me')).body.user.time_zone).toBe('America/New_York');
    expect((await other.api.get('/account')).body.account.id).toBe(String(other.accountId));
  });
});
