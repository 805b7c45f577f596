import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { claimDeliveries } from '@/db/queries/webhook-deliveries';
import { webhookAttempts, webhookDeliveries, webhooks } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { isSealed, open, parseKey, seal } from '@/lib/server/security/secret-box';
import { openWebhookSecret, resealWebhookSecrets, sealWebhookSecret } from '@/lib/server/webhooks/secrets';
import { deliverBatch } from '@/lib/server/webhooks/deliver';
import { RateLimiter } from '@/lib/server/webhooks/rate-limiter';
import { setPrivateAddressPolicy } from '@/lib/server/webhooks/send';
import { devOrigins, securityHeaders } from '@/next.config.mjs';
import { proxy } from '@/proxy';
import { CORS_EXPOSE_HEADERS, corsHeaders, preflightResponse } from '@/lib/server/security/cors';
import { contentSecurityPolicy } from '@/lib/server/security/headers';
import { parseOrigins } from '@/lib/server/config/security';
import { BASE, dispatch } from '../api';
import { createTestAccount, sessionClient, type TestAccount } from '../fixtures';
import { registerApp } from '../oauth';
import { startReceiver, type Receiver } from '../receiver';

// Security headers (static ones in next.config.mjs, the nonce CSP in proxy.ts, through the real
// proxy function) and CORS and the policy on the API, through its real route handlers (which set
// them: an API request runs no proxy).

const ALLOWED = 'https://app.example.com';

function run(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return proxy(new NextRequest(new URL(path, BASE), init));
}

/** An API request, to the route handler that serves it. */
function call(path: string, init: { method?: string; headers?: Record<string, string> } = {}) {
  return dispatch(new Request(new URL(path, BASE), init));
}

/** The directives of a policy, by name. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

afterEach(() => {
  delete process.env.CORS_ALLOWED_ORIGINS;
});

describe('Content-Security-Policy', () => {
  it('gives each page request a fresh nonce, on the response and on the request Next.js renders', async () => {
    const first = await run('/sign-in');
    const second = await run('/sign-in');
    const policy = first.headers.get('content-security-policy')!;
    const script = directives(policy).get('script-src')!;
    const nonce = script.find((s) => s.startsWith("'nonce-"))!;
    expect(nonce).toMatch(/^'nonce-[A-Za-z0-9+/=]{20,}'$/);
    expect(second.headers.get('content-security-policy')).not.toContain(nonce);
    // NextResponse.next({ request: { headers } }) forwards overridden request headers this way.
    expect(first.headers.get('x-middleware-request-content-security-policy')).toBe(policy);
    expect(first.headers.get('x-middleware-request-x-nonce')).toBe(nonce.slice(7, -1));
  });

  it('allows no eval, no framing, no plugins and no foreign sources outside development', () => {
    const d = directives(contentSecurityPolicy('abc', false));
    expect(d.get('script-src')).toEqual(["'self'", "'nonce-abc'", "'strict-dynamic'"]);
    expect(d.get('default-src')).toEqual(["'self'"]);
    expect(d.get('frame-ancestors')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('base-uri')).toEqual(["'self'"]);
    expect(d.get('form-action')).toEqual(["'self'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(contentSecurityPolicy('abc', false)).not.toContain('unsafe-eval');
    expect(contentSecurityPolicy('abc', true)).toContain("'unsafe-eval'");
  });

  it('keeps the sign-in redirect for pages without a session cookie', async () => {
    const res = await run('/leads?status=open');
    expect(res.status).toBe(307);
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/sign-in');
    expect(location.searchParams.get('next')).toBe('/leads?status=open');
    const signedIn = await run('/leads', { headers: { cookie: 'groundwork.session_token=abc.def' } });
    expect(signedIn.headers.get('location')).toBeNull();
    expect(signedIn.headers.get('content-security-policy')).toContain("'nonce-");
  });

  it("lets the OAuth consent form go on to the client's redirect URI only once the application registered it", async () => {
    const account = await createTestAccount('Consent CSP GC');
    const app = await registerApp(await sessionClient(account.userId), { redirect_uris: ['https://client.example/cb', 'https://second.example/cb'] });
    const cookie = { cookie: 'groundwork.session_token=abc.def' };
    const formAction = async (query: Record<string, string>, path = '/oauth/authorize') =>
      directives((await run(`${path}?${new URLSearchParams(query)}`, { headers: cookie })).headers.get('content-security-policy')!).get('form-action');
    expect(await formAction({ client_id: app.client_id, redirect_uri: 'https://client.example/cb', response_type: 'code' })).toEqual([
      "'self'",
      'https://client.example',
    ]);
    // Without redirect_uri the page uses the first registered one.
    expect(await formAction({ client_id: app.client_id, response_type: 'code' })).toEqual(["'self'", 'https://client.example']);
    // A URI the application did not register, an unknown client or none: nothing added.
    expect(await formAction({ client_id: app.client_id, redirect_uri: 'https://evil.example/cb' })).toEqual(["'self'"]);
    expect(await formAction({ client_id: app.client_id, redirect_uri: 'https://client.example/cb/extra' })).toEqual(["'self'"]);
    expect(await formAction({ client_id: 'gw_client_unknown', redirect_uri: 'https://client.example/cb' })).toEqual(["'self'"]);
    expect(await formAction({ redirect_uri: 'https://client.example/cb' })).toEqual(["'self'"]);
    expect(await formAction({ client_id: app.client_id, redirect_uri: 'javascript:alert(1)' })).toEqual(["'self'"]);
    expect(await formAction({ client_id: app.client_id, redirect_uri: 'https://client.example/cb' }, '/leads')).toEqual(["'self'"]);
  });

  // That proxy.ts runs for such paths at all (its matcher) is checked against the production
  // server: e2e/api/content-security-policy.spec.ts.
  it('treats a path with a dot as a page; lets the app’s icons and manifest through without a session or a page budget', async () => {
    const dotted = await run('/companies/1.x', { headers: { cookie: 'groundwork.session_token=abc.def' } });
    expect(dotted.headers.get('content-security-policy')).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(new URL((await run('/companies/1.x')).headers.get('location')!).searchParams.get('next')).toBe('/companies/1.x');
    // The browser's favicon request, a phone's manifest and icons: files, no sign-in page and no page policy.
    for (const path of ['/favicon.ico', '/icon.svg', '/apple-icon.png', '/manifest.webmanifest', '/icons/icon-192.png']) {
      const asset = await run(path);
      expect(asset.headers.get('location'), path).toBeNull();
      expect(asset.headers.get('content-security-policy'), path).toBeNull();
    }
    // Only the icons folder's own files.
    expect((await run('/icons/../leads')).headers.get('location')).not.toBeNull();
    expect((await run('/icons/a/b.png')).headers.get('location')).not.toBeNull();
  });

  it('gives the API a policy that allows nothing, and no sign-in redirect', async () => {
    // The proxy lets an API path pass as it is (its matcher leaves the API out altogether).
    const passed = await run('/api/2023-01/leads');
    expect(passed.headers.get('location')).toBeNull();
    expect(passed.headers.get('content-security-policy')).toBeNull();
    // Every API answer carries the policy: a 401, a 404, a 405, an OPTIONS, the MCP server's.
    const none = "default-src 'none'; frame-ancestors 'none'";
    const t = await createTestAccount('Policy GC');
    const answers = [
      await call('/api/2023-01/leads'),
      await call('/api/2023-01/leads', { headers: { authorization: `Bearer ${t.token}` } }),
      await call('/api/2023-01/no_such_thing'),
      await call('/api/2023-01/openapi.json', { method: 'DELETE' }),
      await call('/api/2023-01/leads', { method: 'OPTIONS' }),
      await call('/api/mcp', { method: 'POST' }),
    ];
    expect(answers.map((r) => r.status)).toEqual([401, 200, 404, 405, 204, 401]);
    for (const res of answers) expect(res.headers.get('content-security-policy')).toBe(none);
  });
});

describe('the development server on the local network', () => {
  it('allows this machine’s own addresses (the Network URL next dev prints) and those named in ALLOWED_DEV_ORIGINS', () => {
    const interfaces = {
      lo: [{ address: '127.0.0.1', family: 'IPv4', internal: true }],
      eth0: [
        { address: '192.168.1.20', family: 'IPv4', internal: false },
        { address: 'fe80::1', family: 'IPv6', internal: false },
      ],
    } as unknown as Parameters<typeof devOrigins>[0];
    const origins = devOrigins(interfaces, 'laptop.local, ,10.0.0.9');
    expect(origins).toContain('192.168.1.20');
    expect(origins).toContain('laptop.local');
    expect(origins).toContain('10.0.0.9');
    expect(origins).not.toContain('127.0.0.1');
    expect(origins).not.toContain('');
  });
});

describe('static security headers', () => {
  it('sends nosniff, a referrer policy, DENY framing and a permissions policy; HSTS only in production', () => {
    const production = new Map(securityHeaders(true).map((h) => [h.key, h.value]));
    expect(production.get('X-Content-Type-Options')).toBe('nosniff');
    expect(production.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
    expect(production.get('X-Frame-Options')).toBe('DENY');
    expect(production.get('Permissions-Policy')).toContain('camera=()');
    expect(production.get('Strict-Transport-Security')).toMatch(/^max-age=\d{8,}/);
    expect(securityHeaders(false).some((h) => h.key === 'Strict-Transport-Security')).toBe(false);
  });
});

describe('CORS', () => {
  it('allows no origin by default', async () => {
    const res = await call('/api/2023-01/leads', { headers: { origin: ALLOWED } });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.headers.get('vary')).toContain('Origin');
    const preflight = await call('/api/2023-01/leads', { method: 'OPTIONS', headers: { origin: ALLOWED, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    expect(preflight.headers.get('access-control-allow-methods')).toBeNull();
  });

  it('answers a preflight from a listed origin with the methods and headers the API takes', async () => {
    process.env.CORS_ALLOWED_ORIGINS = `${ALLOWED}, http://localhost:5173`;
    const res = await call('/api/2023-01/leads/1', {
      method: 'OPTIONS',
      headers: { origin: ALLOWED, 'access-control-request-method': 'PATCH', 'access-control-request-headers': 'authorization, if-match' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-allow-methods')).toContain('PATCH');
    for (const h of ['Authorization', 'Content-Type', 'If-Match', 'Idempotency-Key']) {
      expect(res.headers.get('access-control-allow-headers')).toContain(h);
    }
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const other = await call('/api/2023-01/leads', { method: 'OPTIONS', headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('lets a listed origin read the headers clients need', async () => {
    process.env.CORS_ALLOWED_ORIGINS = ALLOWED;
    const res = await call('/api/2023-01/leads', { headers: { origin: ALLOWED } });
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    const exposed = res.headers.get('access-control-expose-headers')!;
    for (const h of [
      'ETag',
      'Link',
      'X-Total-Count',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'Retry-After',
      'X-Rate-Limited-For',
      'Idempotent-Replayed',
      'X-Request-Id',
    ]) {
      expect(exposed).toContain(h);
    }
    expect(corsHeaders('https://app.example.com.evil.example', [ALLOWED])).toEqual({ Vary: 'Origin' });
    expect(corsHeaders(ALLOWED, [ALLOWED])['Access-Control-Expose-Headers']).toBe(CORS_EXPOSE_HEADERS);
    expect(preflightResponse(null, [ALLOWED]).headers.get('access-control-allow-origin')).toBeNull();
    // The MCP server's: its protocol headers allowed, the 401's challenge exposed (docs/mcp.md).
    const mcp = preflightResponse(ALLOWED, [ALLOWED], '/api/mcp');
    expect(mcp.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version');
    expect(mcp.headers.get('access-control-allow-methods')).toBe('POST, GET, DELETE, OPTIONS');
    expect(corsHeaders(ALLOWED, [ALLOWED], '/api/mcp')['Access-Control-Expose-Headers']).toContain('WWW-Authenticate');
    expect(corsHeaders('https://other.example', [ALLOWED], '/api/mcp')).toEqual({ Vary: 'Origin' });
  });

  it("answers the MCP server's preflight and its answers with its own grants", async () => {
    process.env.CORS_ALLOWED_ORIGINS = ALLOWED;
    const preflight = await call('/api/mcp', { method: 'OPTIONS', headers: { origin: ALLOWED, 'access-control-request-method': 'POST' } });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('Mcp-Protocol-Version');
    const res = await call('/api/mcp', { method: 'POST', headers: { origin: ALLOWED } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(ALLOWED);
    expect(res.headers.get('access-control-expose-headers')).toContain('WWW-Authenticate');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('takes only origins in CORS_ALLOWED_ORIGINS', () => {
    expect(parseOrigins('https://a.example, http://localhost:3000/')).toEqual(['https://a.example', 'http://localhost:3000']);
    expect(parseOrigins(undefined)).toEqual([]);
    expect(parseOrigins('https://a.example/path')).toBeNull();
    expect(parseOrigins('*')).toBeNull();
    expect(parseOrigins('ftp://a.example')).toBeNull();
  });
});

describe('webhook secrets at rest', () => {
  const KEY_OLD = randomBytes(32).toString('base64');
  const KEY_NEW = randomBytes(32).toString('hex');
  let account: TestAccount;

  beforeAll(async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'false';
    account = await createTestAccount('Sealed GC');
  });
  afterEach(() => {
    delete process.env.WEBHOOK_SECRET_KEY;
    delete process.env.WEBHOOK_SECRET_KEYS_PREVIOUS;
  });

  it('seals with AES-256-GCM: random IV, tamper-evident, bound to its purpose and key', () => {
    const key = parseKey(KEY_OLD);
    const sealed = seal('whsec_abc', 'webhook-secret', key);
    expect(sealed).toMatch(/^sealed:v1:[0-9a-f]{8}:[\w-]+$/);
    expect(seal('whsec_abc', 'webhook-secret', key)).not.toBe(sealed);
    const keys = { current: key, previous: [] };
    expect(open(sealed, 'webhook-secret', keys)).toBe('whsec_abc');
    expect(() => open(sealed, 'other-purpose', keys)).toThrow();
    const body = Buffer.from(sealed.split(':')[3]!, 'base64url');
    body[14]! ^= 1;
    expect(() => open(`${sealed.split(':').slice(0, 3).join(':')}:${body.toString('base64url')}`, 'webhook-secret', keys)).toThrow();
    expect(() => open(sealed, 'webhook-secret', { current: parseKey(KEY_NEW), previous: [] })).toThrow(/neither/);
    expect(() => parseKey('too-short')).toThrow(/32 bytes/);
  });

  it('stores a created subscription secret sealed, and delivery-side opening gives it back', async () => {
    const res = await account.api.post('/webhooks', { webhook: { url: 'https://hooks.example.com/sealed' } });
    expect(res.status).toBe(201);
    const [row] = await getDb().select().from(webhooks).where(eq(webhooks.uuid, res.body.webhook.id));
    expect(isSealed(row!.secret)).toBe(true);
    expect(row!.secret).not.toContain(res.body.webhook.secret.slice(6));
    expect(openWebhookSecret(row!.secret)).toBe(res.body.webhook.secret);
  });

  it('re-seals plaintext and previous-key secrets with the current key (npm run db:migrate)', async () => {
    const plain = 'whsec_' + randomBytes(32).toString('base64');
    const old = 'whsec_' + randomBytes(32).toString('base64');
    const base = { accountId: account.accountId, url: 'https://hooks.example.com/rotate', filterTypes: [], rateLimit: 60, createdById: account.userId };
    process.env.WEBHOOK_SECRET_KEY = KEY_OLD;
    const [p, o] = await getDb()
      .insert(webhooks)
      .values([
        { ...base, secret: plain },
        { ...base, secret: sealWebhookSecret(old) },
      ])
      .returning({ id: webhooks.id });
    process.env.WEBHOOK_SECRET_KEY = KEY_NEW;
    // Without the old key, the old-key secret cannot be opened.
    const [oldRow] = await getDb().select().from(webhooks).where(eq(webhooks.id, o!.id));
    expect(() => openWebhookSecret(oldRow!.secret)).toThrow(/neither/);
    process.env.WEBHOOK_SECRET_KEYS_PREVIOUS = KEY_OLD;
    expect(await resealWebhookSecrets(getDb(), account.accountId)).toBeGreaterThanOrEqual(2);
    const rows = await getDb()
      .select()
      .from(webhooks)
      .where(inArray(webhooks.id, [p!.id, o!.id]));
    const byId = new Map(rows.map((r) => [r.id, r.secret]));
    const current = { current: parseKey(KEY_NEW), previous: [] };
    expect(open(byId.get(p!.id)!, 'webhook-secret', current)).toBe(plain);
    expect(open(byId.get(o!.id)!, 'webhook-secret', current)).toBe(old);
    expect(await resealWebhookSecrets(getDb(), account.accountId)).toBe(0);
  });
});

describe('delivering with a secret no key opens', () => {
  let receiver: Receiver;

  beforeAll(async () => {
    process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
    receiver = await startReceiver();
    setPrivateAddressPolicy(() => true);
  });
  afterAll(async () => {
    setPrivateAddressPolicy(() => false);
    await receiver.close();
    delete process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
  });

  /**
   * Sends this account's due deliveries as the worker does (claim, then one batch), but only these:
   * a graphile-worker here would also take other test files' jobs from the shared database.
   */
  async function deliverOwn(accountId: number) {
    const settings = { allowPrivateUrls: true, retrySchedule: [60], workerEnabled: false, concurrency: 4, leaseSeconds: 60, workerTimeoutSeconds: 30 };
    const due = await getDb().select({ id: webhookDeliveries.id }).from(webhookDeliveries).where(eq(webhookDeliveries.accountId, accountId));
    for (const { id } of due) {
      const batch = await claimDeliveries(getDb(), { deliveryId: id, limit: 1, leaseSeconds: 60 });
      await deliverBatch(getDb(), batch, settings, new RateLimiter(getDb()));
    }
  }

  it("fails that endpoint's attempt with a reason and still delivers to the others", async () => {
    const t = await createTestAccount('Lost key GC');
    const good = await t.api.post('/webhooks', { webhook: { url: receiver.url('/good') } });
    const lost = await t.api.post('/webhooks', { webhook: { url: receiver.url('/lost') } });
    const foreign = seal('whsec_' + randomBytes(32).toString('base64'), 'webhook-secret', randomBytes(32));
    await getDb().update(webhooks).set({ secret: foreign }).where(eq(webhooks.uuid, lost.body.webhook.id));
    await t.api.post('/companies', { company: { name: 'Delivered Anyway' } });
    await deliverOwn(t.accountId);
    await receiver.waitFor(() => receiver.on('/good').length >= 1);
    const [lostRow] = await getDb().select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.uuid, lost.body.webhook.id));
    const attempts = async () => getDb().select().from(webhookAttempts).where(eq(webhookAttempts.webhookId, lostRow!.id));
    await expect.poll(async () => (await attempts()).length, { timeout: 10_000 }).toBe(1);
    const [attempt] = await attempts();
    expect(attempt).toMatchObject({ succeeded: false, responseStatus: null });
    expect(attempt!.error).toMatch(/signing secret cannot be opened/);
    expect(receiver.on('/lost')).toHaveLength(0);
    expect(good.status).toBe(201);
  });
});
