import { inject, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads, users } from '@/db/schema';
import { setUserPassword } from '@/lib/server/auth/passwords';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { cookieOf, createTestAccount, sessionClient } from '../fixtures';
import { serverEvents } from '../event-stream';
import { spawnPair } from '../spawn-app';

// Issue 32: several app instances over one PostgreSQL keep no state of their own. Two app
// processes (the real route handlers in two Node processes, tests/app-process.ts) answer requests
// that alternate between them: an idempotent POST replayed on the other instance, two PATCHes from
// one version on different instances, a signed-in session on both. (Their shared rate-limit bucket:
// tests/api/rate-limit.test.ts.) Runs with the suite on PostgreSQL only (vitest.config.ts, as the
// fault tests): the embedded database belongs to one process by construction.

const databaseUrl = inject('databaseUrl');

describe('two app instances over one database', () => {
  it('an Idempotency-Key replayed on the other instance answers the stored response; one version PATCHed on both: one 200, one 412; a session works on both', async () => {
    const t = await createTestAccount('Instances GC');
    const { one, two, stop } = await spawnPair({ DATABASE_URL: databaseUrl });
    try {
      const call = (base: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
        fetch(`${base}/api/2023-01${path}`, {
          method,
          headers: { authorization: `Bearer ${t.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
          body: body === undefined ? undefined : JSON.stringify(body),
        }).then(async (res) => ({ status: res.status, headers: res.headers, body: await res.json().catch(() => null) }));

      // An idempotent create, replayed on the other instance: the first answer again, one lead.
      const key = crypto.randomUUID();
      const body = { lead: { name: `Idempotent ${key.slice(0, 8)}` } };
      const first = await call(one.base, 'POST', '/leads', body, { 'idempotency-key': key });
      expect(first.status).toBe(201);
      const replay = await call(two.base, 'POST', '/leads', body, { 'idempotency-key': key });
      expect(replay.status).toBe(201);
      expect(replay.headers.get('idempotent-replayed')).toBe('true');
      expect(replay.body).toEqual(first.body);
      const made = await getDb().select({ id: leads.id }).from(leads).where(eq(leads.name, body.lead.name));
      expect(made).toHaveLength(1);

      // Two PATCHes from one version, on different instances at once: one wins, the other is told.
      const etag = first.headers.get('etag')!;
      expect(etag).toBeTruthy();
      const id = first.body.lead.id as string;
      const [a, b] = await Promise.all([
        call(one.base, 'PATCH', `/leads/${id}`, { lead: { description: 'from one' } }, { 'if-match': etag }),
        call(two.base, 'PATCH', `/leads/${id}`, { lead: { description: 'from two' } }, { 'if-match': etag }),
      ]);
      expect([a.status, b.status].sort()).toEqual([200, 412]);
      const winner = a.status === 200 ? 'from one' : 'from two';
      expect((await call(two.base, 'GET', `/leads/${id}`)).body.lead.description).toBe(winner);

      // A session signed in anywhere is good on either instance.
      const session = await sessionClient(t.userId);
      for (const base of [one.base, two.base]) {
        const me = await fetch(`${base}/api/2023-01/users/me`, { headers: { cookie: session.cookie } });
        expect(me.status, base).toBe(200);
        expect(((await me.json()) as { user: { id: string } }).user.id).toBe(String(t.userId));
      }
    } finally {
      stop();
    }
  }, 90_000);

  it('behind one public origin: the rate limit is one bucket, and sign-in, its throttle, CSRF, OAuth codes and refresh rotation hold whichever instance answers', async () => {
    const t = await createTestAccount('Instances OAuth GC');
    const origin = 'http://localhost:3000'; // the load balancer's, which both instances are told
    // The bucket's 10 requests drain over 600 s here, not the default 10: on a busy machine the
    // twelve requests below may take over a second, which would drain one and let the 11th through.
    // How the bucket drains is tested on its own (tests/api/rate-limit.test.ts); this is its sharing.
    const env = {
      DATABASE_URL: databaseUrl,
      PUBLIC_BASE_URL: origin,
      API_RATE_LIMIT: 'on',
      API_RATE_LIMIT_POINTS: '10',
      API_RATE_LIMIT_DURATION: '600',
      SIGN_IN_THROTTLE: 'on',
    };
    const { one, two, stop } = await spawnPair(env);
    const bases = [one.base, two.base];
    try {
      // Rate limit: 10 requests for a token, spread over both instances, pass; the 11th is a 429
      // with X-Rate-Limited-For, whichever instance it reaches.
      for (let i = 0; i < 10; i += 1) {
        const res = await fetch(`${bases[i % 2]}/api/2023-01/leads`, { headers: { authorization: `Bearer ${t.readToken}` } });
        expect(res.status, `request ${i + 1}`).toBe(200);
      }
      for (const base of bases) {
        const limited = await fetch(`${base}/api/2023-01/leads`, { headers: { authorization: `Bearer ${t.readToken}` } });
        expect(limited.status).toBe(429);
        expect(Number(limited.headers.get('x-rate-limited-for'))).toBeGreaterThan(0);
      }

      // Sign-in on one instance, the session used on the other.
      const password = 'instances test password';
      await setUserPassword(getDb(), t.userId, password);
      const [me] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, t.userId));
      const signIn = (base: string, pw: string) =>
        fetch(`${base}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json' },
          body: JSON.stringify({ email: me!.email, password: pw }),
        });
      const signedIn = await signIn(one.base, password);
      expect(signedIn.status).toBe(200);
      const cookie = cookieOf(signedIn);
      const whoami = await fetch(`${two.base}/api/2023-01/users/me`, { headers: { cookie } });
      expect(whoami.status).toBe(200);

      // CSRF: the consent form posted from another site is refused on either instance.
      const app = (
        await fetch(`${two.base}/api/2023-01/oauth_applications`, {
          method: 'POST',
          headers: { cookie, origin, 'content-type': 'application/json' },
          body: JSON.stringify({ oauth_application: { name: 'Across instances', redirect_uris: ['https://estimating.example.com/callback'] } }),
        }).then((r) => r.json())
      ).oauth_application as { client_id: string; client_secret: string };
      expect(app.client_id).toBeTruthy();
      const decide = (base: string, from: string) =>
        fetch(`${base}/oauth/authorize/decision`, {
          method: 'POST',
          redirect: 'manual',
          headers: { cookie, origin: from, 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({
            response_type: 'code',
            client_id: app.client_id,
            redirect_uri: 'https://estimating.example.com/callback',
            scope: 'read write',
            state: 'across',
            decision: 'allow',
          }).toString(),
        });
      expect((await decide(two.base, 'https://evil.example.com')).status).toBe(403);

      // An authorization code made on one instance is redeemed on the other, once.
      const allowed = await decide(one.base, origin);
      expect(allowed.status).toBe(303);
      const code = new URL(allowed.headers.get('location')!).searchParams.get('code')!;
      const token = (base: string, params: Record<string, string>) =>
        fetch(`${base}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ client_id: app.client_id, client_secret: app.client_secret, ...params }).toString(),
        }).then(async (r) => ({ status: r.status, body: (await r.json()) as { access_token: string; refresh_token: string; error?: string } }));
      const grant = { grant_type: 'authorization_code', code, redirect_uri: 'https://estimating.example.com/callback' };
      const issued = await token(two.base, grant);
      expect(issued.status).toBe(200);
      expect((await token(one.base, grant)).body.error).toBe('invalid_grant');
      const withOAuth = await fetch(`${one.base}/api/2023-01/users/me`, { headers: { authorization: `Bearer ${issued.body.access_token}` } });
      expect(withOAuth.status).toBe(200);

      // Refresh rotation: refreshed on one instance; the old refresh token replayed on the other is refused.
      const rotated = await token(one.base, { grant_type: 'refresh_token', refresh_token: issued.body.refresh_token });
      expect(rotated.status).toBe(200);
      expect(rotated.body.refresh_token).not.toBe(issued.body.refresh_token);
      expect((await token(two.base, { grant_type: 'refresh_token', refresh_token: issued.body.refresh_token })).body.error).toBe('invalid_grant');

      // The sign-in throttle counts failures on both instances together: 10 per address and IP, then 429.
      for (let i = 0; i < 10; i += 1) expect((await signIn(bases[i % 2]!, 'wrong password')).status, `failure ${i + 1}`).toBe(401);
      for (const base of bases) expect((await signIn(base, password)).status).toBe(429);
    } finally {
      stop();
    }
  }, 120_000);

  it('a notification made on one instance is pushed to a page listening on the other (LISTEN/NOTIFY, not process memory)', async () => {
    const t = await createTestAccount('Instances push GC');
    const otherToken = await createApiToken(getDb(), { accountId: t.accountId, userId: t.otherUserId });
    const { one, two, stop } = await spawnPair({ DATABASE_URL: databaseUrl });
    const gone = new AbortController();
    try {
      const res = await fetch(`${two.base}/api/2023-01/notifications/stream`, { headers: { authorization: `Bearer ${otherToken}` }, signal: gone.signal });
      expect(res.status).toBe(200);
      const events = serverEvents(res);
      expect(await events.next()).toEqual({ event: 'unread_count', data: { unread_count: 0 } });
      const made = await fetch(`${one.base}/api/2023-01/leads`, {
        method: 'POST',
        headers: { authorization: `Bearer ${t.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ lead: { name: 'Pushed across', assigned_to_id: String(t.otherUserId) } }),
      });
      expect(made.status).toBe(201);
      expect(await events.next()).toEqual({ event: 'unread_count', data: { unread_count: 1 } });
    } finally {
      gone.abort();
      stop();
    }
  }, 60_000);
});
