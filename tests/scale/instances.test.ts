import { inject, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { leads } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { createTestAccount, sessionClient } from '../fixtures';
import { spawnApp } from '../spawn-app';

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
    const [one, two] = await Promise.all([spawnApp({ DATABASE_URL: databaseUrl }), spawnApp({ DATABASE_URL: databaseUrl })]);
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
      one.stop();
      two.stop();
    }
  }, 90_000);
});
