import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiRateLimiter, setApiRateLimiter, type RateLimitSettings } from '@/lib/server/http/rate-limit';
import { embeddedRateLimitStore, postgresRateLimitStore, type RateLimitStore } from '@/lib/server/security/rate-limit-store';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { client, request, type ApiResponse } from '../api';
import { createTestAccount, sessionClient, type TestAccount } from '../fixtures';
import { registerApp, tokenRequest } from '../oauth';
import { spawnApp } from '../spawn-app';

// The suite runs with the limit off (tests/setup.ts). Here each test installs a limiter of its own
// (files of a worker run one after another, so nothing else sees it), on the store the app would
// use: the api_rate_limits table, through a pool of its own on PostgreSQL, the client on PGlite.

const databaseUrl = inject('databaseUrl');
const pools: RateLimitStore[] = [];
function store(): RateLimitStore {
  if (!databaseUrl) return embeddedRateLimitStore();
  const s = postgresRateLimitStore(databaseUrl, 2);
  pools.push(s);
  return s;
}
const settings = (s: Partial<RateLimitSettings> = {}): RateLimitSettings => ({ enabled: true, points: 10, duration: 10, sessions: false, ...s });

let a: TestAccount;
let previous: ApiRateLimiter | undefined;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A token never used before: on PostgreSQL, buckets outlive a limiter instance (that is the point). */
const freshToken = (scope: 'read' | 'read write' = 'read write') => createApiToken(getDb(), { accountId: a.accountId, userId: a.userId }, { scope });

beforeAll(async () => {
  a = await createTestAccount('Rate limit GC');
  previous = setApiRateLimiter(undefined);
});

afterAll(async () => {
  setApiRateLimiter(previous);
  await Promise.all(pools.map((s) => (s.kind === 'postgres' ? s.pool.end() : undefined)));
});

function expectLimited(res: ApiResponse, limit: number, windowSeconds: number) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ error: 'rate_limit_exceeded', message: expect.any(String), request_id: expect.any(String) });
  const wait = Number(res.headers.get('retry-after'));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(windowSeconds);
  expect(res.headers.get('x-rate-limited-for')).toBe(String(wait));
  expect(res.headers.get('x-ratelimit-limit')).toBe(String(limit));
  expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
  return wait;
}

describe('rate limits', () => {
  it('a 10/10 s token: of 15 requests in a burst the first 10 succeed, then 429 with the headers', async () => {
    setApiRateLimiter(new ApiRateLimiter(settings(), store()));
    const api = client(await freshToken());
    const results: ApiResponse[] = [];
    for (let i = 0; i < 15; i++) results.push(await api.get('/users/me'));
    expect(results.map((r) => r.status)).toEqual([...Array(10).fill(200), ...Array(5).fill(429)]);
    results.slice(0, 10).forEach((r, i) => {
      expect(r.headers.get('x-ratelimit-limit')).toBe('10');
      expect(r.headers.get('x-ratelimit-remaining')).toBe(String(9 - i));
    });
    for (const r of results.slice(10)) expectLimited(r, 10, 10);
    // Another token has a bucket of its own.
    expect((await client(await freshToken('read')).get('/users/me')).status).toBe(200);
  });

  it('counts a concurrent burst exactly: 10 of 15 at once succeed', async () => {
    setApiRateLimiter(new ApiRateLimiter(settings(), store()));
    const api = client(await freshToken('read'));
    const statuses = (await Promise.all(Array.from({ length: 15 }, () => api.get('/users/me')))).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
  });

  it('leaks: after the advertised wait one more request fits, not a whole new window', async () => {
    setApiRateLimiter(new ApiRateLimiter(settings(), store()));
    const api = client(await freshToken());
    for (let i = 0; i < 10; i++) expect((await api.get('/users/me')).status).toBe(200);
    // A 10/10 s bucket drains one request a second: the wait is a second, not the rest of a window.
    const wait = expectLimited(await api.get('/users/me'), 10, 10);
    expect(wait).toBe(1);
    await sleep(wait * 1000 + 50);
    const again = await api.get('/users/me');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('0');
    expectLimited(await api.get('/users/me'), 10, 10);
  });

  it('a bucket left alone drains completely (a 10/1 s bucket)', async () => {
    setApiRateLimiter(new ApiRateLimiter(settings({ duration: 1 }), store()));
    const api = client(await freshToken());
    const statuses = (await Promise.all(Array.from({ length: 30 }, () => api.get('/users/me')))).map((r) => r.status);
    expect(statuses).toContain(429);
    await sleep(1100);
    const again = await api.get('/users/me');
    expect(again.status).toBe(200);
    expect(again.headers.get('x-ratelimit-remaining')).toBe('9');
  });

  it('an OAuth application’s own limit applies to its tokens; errors carry the headers too', async () => {
    setApiRateLimiter(new ApiRateLimiter(settings(), store()));
    const admin = await sessionClient(a.userId);
    const app = await registerApp(admin, { name: 'Tight budget', rate_limit_points: 3, rate_limit_duration: 60 });
    const { access_token } = (await tokenRequest({ grant_type: 'client_credentials', client_id: app.client_id, client_secret: app.client_secret! })).body;
    const api = client(access_token);
    const missing = await api.get('/projects/999999999');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('x-ratelimit-limit')).toBe('3');
    expect(missing.headers.get('x-ratelimit-remaining')).toBe('2');
    expect((await api.get('/users/me')).status).toBe(200);
    expect((await api.get('/users/me')).status).toBe(200);
    expectLimited(await api.get('/users/me'), 3, 60);
  });

  it('leaves the dashboard’s session alone unless turned on, and is off when disabled', async () => {
    setApiRateLimiter(new ApiRateLimiter(settings({ points: 2 }), store()));
    const session = await sessionClient(a.otherUserId);
    for (let i = 0; i < 4; i++) {
      const res = await session.get('/users/me');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    }
    setApiRateLimiter(new ApiRateLimiter(settings({ points: 2, sessions: true }), store()));
    expect((await session.get('/users/me')).status).toBe(200);
    expect((await session.get('/users/me')).status).toBe(200);
    expectLimited(await session.get('/users/me'), 2, 10);

    setApiRateLimiter(new ApiRateLimiter(settings({ enabled: false, points: 1 }), store()));
    const api = client(a.token);
    for (let i = 0; i < 3; i++) expect((await api.get('/users/me')).headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('limits requests without a valid credential, and the public routes, per client address', async () => {
    setApiRateLimiter(new ApiRateLimiter(settings({ anonymous: { points: 4, duration: 60 } }), store()));
    process.env.TRUST_PROXY = 'true'; // the address comes from the proxy chain here (no TCP peer)
    try {
      const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });
      const ip = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
      const other = `203.0.113.${Math.floor(Math.random() * 250) + 1}`;
      const answers = [
        await request('GET', '/leads', from(ip)),
        await request('GET', '/leads', { token: 'gw_pat_wrong', ...from(ip) }),
        await request('GET', '/api/health', from(ip)),
        await request('GET', '/api/2023-01/openapi.json', from(ip)),
      ];
      expect(answers.map((r) => r.status)).toEqual([401, 401, 200, 200]);
      expect(answers.map((r) => r.headers.get('x-ratelimit-remaining'))).toEqual(['3', '2', '1', '0']);
      for (const path of ['/leads', '/api/health', '/api/2023-01/openapi.json', '/api/nowhere']) expectLimited(await request('GET', path, from(ip)), 4, 60);
      // Another address has a budget of its own; a valid token is not counted against the address.
      expect((await request('GET', '/leads', from(other))).status).toBe(401);
      expect((await request('GET', '/users/me', { token: await freshToken('read'), ...from(ip) })).status).toBe(200);
    } finally {
      delete process.env.TRUST_PROXY;
    }
  });

  // Two app processes (the real route handlers in two Node processes, tests/app-process.ts, limits
  // on from their environment) on one PostgreSQL draw from the same bucket: together they allow
  // the budget once, not twice. Registered on the PostgreSQL run only: the embedded database
  // belongs to one process by construction.
  const onPostgres = databaseUrl ? it : (((..._args: unknown[]) => undefined) as unknown as typeof it);
  onPostgres(
    'two app processes share the same bucket',
    async () => {
      const [one, two] = await Promise.all([startAppProcess(), startAppProcess()]);
      try {
        const token = await freshToken('read');
        const get = (base: string) =>
          fetch(`${base}/api/2023-01/users/me`, { headers: { authorization: `Bearer ${token}` } }).then(async (res) => ({
            status: res.status,
            body: await res.json(),
          }));
        // Warm both up (the first request loads the route modules) on a bucket of another token.
        await Promise.all([one.base, two.base].map((base) => fetch(`${base}/api/2023-01/users/me`, { headers: { authorization: `Bearer ${a.token}` } })));
        // 10 per 60 s: the bucket leaks one request per 6 s, far longer than the burst takes.
        const results = await Promise.all(Array.from({ length: 16 }, (_, i) => get(i % 2 ? one.base : two.base)));
        expect(results.filter((r) => r.status === 200)).toHaveLength(10);
        expect(results.filter((r) => r.status === 429)).toHaveLength(6);
        expect(results.find((r) => r.status === 200)!.body.user.id).toBe(String(a.userId));
        // Each process alone is refused too: the bucket is the database's, not the process's.
        expect((await get(one.base)).status).toBe(429);
        expect((await get(two.base)).status).toBe(429);
      } finally {
        one.stop();
        two.stop();
      }
    },
    60_000,
  );

  // A real server stamps each request with its TCP peer (instrumentation.ts, tests/app-process.ts):
  // without TRUST_PROXY, a forged X-Forwarded-For buys no fresh budget.
  onPostgres(
    'a client cannot escape its address budget by forging X-Forwarded-For',
    async () => {
      const app = await spawnApp(
        { DATABASE_URL: databaseUrl, API_RATE_LIMIT: 'on', API_RATE_LIMIT_ANONYMOUS_POINTS: '3', API_RATE_LIMIT_ANONYMOUS_DURATION: '60' },
        true,
      );
      try {
        const statuses: number[] = [];
        for (let i = 0; i < 5; i++) {
          const res = await fetch(`${app.base}/api/2023-01/leads`, {
            headers: { 'x-forwarded-for': `198.51.100.${i + 1}`, 'x-groundwork-peer-address': `203.0.113.${i + 1}` },
          });
          statuses.push(res.status);
        }
        expect(statuses).toEqual([401, 401, 401, 429, 429]);
      } finally {
        app.stop();
      }
    },
    60_000,
  );
});

function startAppProcess() {
  return spawnApp({ DATABASE_URL: databaseUrl, API_RATE_LIMIT: 'on', API_RATE_LIMIT_POINTS: '10', API_RATE_LIMIT_DURATION: '60' }, true);
}
