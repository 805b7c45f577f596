import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MODULES } from '@/app/api/2023-01/route-modules';
import { sessions } from '@/db/schema';
import { api, ApiClientError, installServerTransport, type Transport } from '@/lib/client/api-client';
import { inProcessTransport } from '@/lib/server/http/in-process';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, sessionClient, type SessionClient, type TestAccount } from '../fixtures';

// The server's prefetch of a page's first view (app/(dashboard)/prefetch.tsx) calls the API's
// route handlers in-process, as the page's own user: the dashboard's api client over that
// transport answers what the browser's fetch gets, through the same authentication and tenancy.

let a: TestAccount;
let other: TestAccount;
let session: SessionClient;
let otherSession: SessionClient;

/** A transport for a page request carrying these headers. */
const transportFor = (headers: Record<string, string>): Transport => inProcessTransport(ROUTE_MODULES, async () => new Headers(headers));
const asPageOf = (cookie: string) => installServerTransport(transportFor({ cookie, host: 'localhost:3000', 'user-agent': 'vitest' }));

beforeAll(async () => {
  a = await createTestAccount('In-process GC');
  other = await createTestAccount('In-process other GC');
  session = await sessionClient(a.userId);
  otherSession = await sessionClient(other.userId);
  for (const name of ['Pier 7 Cold Storage', 'Riverside Clinic']) expect((await a.api.post('/leads', { lead: { name } })).status).toBe(201);
  expect((await other.api.post('/leads', { lead: { name: 'Other account lead' } })).status).toBe(201);
});

afterAll(() => installServerTransport(undefined));

describe('the in-process transport', () => {
  it('answers a list as the browser gets it: same items, total and page', async () => {
    asPageOf(session.cookie);
    const page = await api.list<{ id: string; name: string }>('/leads', 'leads', { q: 'Pier 7', per_page: 5, page: 1 });
    const browser = await request('GET', '/leads?q=Pier+7&per_page=5&page=1', { headers: { cookie: session.cookie, 'sec-fetch-site': 'same-origin' } });
    expect(browser.status).toBe(200);
    expect(page.items).toEqual(browser.body.leads);
    expect(page.items.map((l) => l.name)).toEqual(['Pier 7 Cold Storage']);
    expect(page).toMatchObject({ total: 1, page: 1, perPage: 5 });
  });

  it("is the page's user in the page's account, never another's", async () => {
    asPageOf(otherSession.cookie);
    const theirs = await api.list<{ name: string }>('/leads', 'leads', { per_page: 100 });
    expect(theirs.items.map((l) => l.name)).toEqual(['Other account lead']);
    expect((await api.get<{ id: string }>('/users/me', 'user')).id).toBe(String(other.userId));
  });

  it('without a session answers the API 401, as a page of a signed-out browser would get', async () => {
    asPageOf('groundwork.session_token=forged');
    const error = await api.list('/leads', 'leads').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 401, code: 'unauthorized' });
  });

  it('reads the session without extending it: the refreshed cookie could not reach the browser', async () => {
    const fresh = await sessionClient(a.userId);
    const token = decodeURIComponent(fresh.cookie.split('=')[1]!.split(';')[0]!).split('.')[0]!;
    const inFiveDays = new Date(Date.now() + 5 * 86_400_000);
    await getDb().update(sessions).set({ expiresAt: inFiveDays }).where(eq(sessions.token, token));
    asPageOf(fresh.cookie);
    expect((await api.get<{ id: string }>('/users/me', 'user')).id).toBe(String(a.userId));
    const [row] = await getDb().select().from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBe(inFiveDays.getTime());
  });

  it('only reads, finds every route of the API (a static segment before a dynamic one), and no other', async () => {
    const transport = transportFor({ cookie: session.cookie, host: 'localhost:3000' });
    await expect(transport('/leads', { method: 'POST', headers: {}, body: '{}' })).rejects.toThrow(/only reads/);
    expect((await transport('/companies', { method: 'GET', headers: {} })).status).toBe(200);
    const me = (await (await transport('/users/me', { method: 'GET', headers: {} })).json()) as { user: { id: string } };
    expect(me.user.id).toBe(String(a.userId));
    await expect(transport('/nowhere', { method: 'GET', headers: {} })).rejects.toThrow(/No in-process route serves GET \/api\/2023-01\/nowhere/);
  });
});
