import { randomUUID } from 'node:crypto';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pageRateLimitSettings, PAGE_RATE_LIMIT_DEFAULT } from '@/lib/server/config/security';
import { proxy } from '@/proxy';
import { BASE } from '../api';

// The per-address limit on page renders and /oauth/* (proxy.ts, lib/server/security/page-rate-limit.ts),
// through the real proxy function. The client address comes from X-Forwarded-For, as behind a
// trusted proxy (TRUST_PROXY=true); every test uses addresses of its own. The budget here drains
// over an hour (3 per 3600 s), so no request of a test gets a point back while it runs, however slow.

const COOKIE = { cookie: 'groundwork.session_token=abc.def' };

function newIp(): string {
  const b = randomUUID().replace(/-/g, '');
  return `46.${parseInt(b.slice(0, 2), 16)}.${parseInt(b.slice(2, 4), 16)}.${parseInt(b.slice(4, 6), 16)}`;
}

function run(path: string, ip: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return proxy(new NextRequest(new URL(path, BASE), { ...init, headers: { 'x-forwarded-for': ip, ...init.headers } }));
}

beforeAll(() => {
  process.env.TRUST_PROXY = 'true';
  process.env.PAGE_RATE_LIMIT_POINTS = '3';
  process.env.PAGE_RATE_LIMIT_DURATION = '3600';
});

afterEach(() => {
  delete process.env.PAGE_RATE_LIMIT;
});

afterAll(() => {
  delete process.env.TRUST_PROXY;
  delete process.env.PAGE_RATE_LIMIT_POINTS;
  delete process.env.PAGE_RATE_LIMIT_DURATION;
});

describe('page rate limit', () => {
  it('lets an address render its budget of pages, then answers 429 with Retry-After instead of rendering', async () => {
    const ip = newIp();
    for (const path of ['/sign-in', '/leads', '/oauth/authorize?client_id=x']) {
      const res = await run(path, ip, { headers: COOKIE });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-security-policy'), path).toContain("'nonce-");
    }
    const refused = await run('/sign-in', ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(refused.headers.get('cache-control')).toBe('no-store');
    expect(refused.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(refused.headers.get('x-middleware-next')).toBeNull();
    expect(await refused.text()).toMatch(/Too many requests/);
    // The OAuth endpoints clients call answer in RFC 6749's shape.
    const token = await run('/oauth/token', ip, { method: 'POST' });
    expect(token.status).toBe(429);
    expect(await token.json()).toMatchObject({ error: 'temporarily_unavailable' });
    expect(token.headers.get('cache-control')).toBe('no-store');
    // Another address has a budget of its own; the API has limits of its own, not this one.
    expect((await run('/sign-in', newIp())).status).toBe(200);
    expect((await run('/api/2023-01/leads', ip)).status).toBe(200);
  });

  it('keeps the count in the database, where every app process finds it', async () => {
    const ip = newIp();
    for (let i = 0; i < 3; i++) expect((await run('/sign-in', ip)).status).toBe(200);
    // A process that never counted this address (its limiter built afresh) refuses it too.
    const state = globalThis as unknown as { __groundworkPageRateLimit?: unknown };
    const before = state.__groundworkPageRateLimit;
    state.__groundworkPageRateLimit = undefined;
    try {
      expect((await run('/sign-in', ip)).status).toBe(429);
    } finally {
      state.__groundworkPageRateLimit = before;
    }
  });

  it('does not count the sign-in redirect of a signed-out page (nothing renders)', async () => {
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await run('/leads', ip)).status).toBe(307);
    expect((await run('/sign-in', ip)).status).toBe(200);
  });

  it('is off with PAGE_RATE_LIMIT=off', async () => {
    process.env.PAGE_RATE_LIMIT = 'off';
    const ip = newIp();
    for (let i = 0; i < 5; i++) expect((await run('/sign-in', ip)).status).toBe(200);
  });
});

describe('page rate limit settings', () => {
  it('defaults to 600 a minute, on; takes the environment; ignores empty and bad values', () => {
    expect(pageRateLimitSettings({})).toEqual({ enabled: true, ...PAGE_RATE_LIMIT_DEFAULT });
    expect(PAGE_RATE_LIMIT_DEFAULT).toEqual({ points: 600, duration: 60 });
    expect(pageRateLimitSettings({ PAGE_RATE_LIMIT: 'off', PAGE_RATE_LIMIT_POINTS: '50', PAGE_RATE_LIMIT_DURATION: '10' })).toEqual({
      enabled: false,
      points: 50,
      duration: 10,
    });
    expect(pageRateLimitSettings({ PAGE_RATE_LIMIT: '', PAGE_RATE_LIMIT_POINTS: '' })).toEqual({ enabled: true, ...PAGE_RATE_LIMIT_DEFAULT });
  });
});
