import { createHmac } from 'node:crypto';
import { FULL_ACCESS } from '@/lib/shared/permissions';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rows } from '@/db/queries/sql';
import type { Database } from '@/db';
import { getDatabase, getDb, setDatabase } from '@/lib/server/db';
import { createCompany } from '@/lib/server/services/companies';
import { startJobWorker, type JobWorker } from '@/lib/server/jobs/worker';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { freshDatabase } from '../fresh-database';
import { startReceiver, type Receiver } from '../receiver';

// Delivery end to end: the API writes, the worker (graphile-worker on PostgreSQL, the embedded
// loop on PGlite) POSTs to a real HTTP receiver on 127.0.0.1, signed per Standard Webhooks.
// On PostgreSQL this file works in a database of its own: a worker (and the cron route) takes every
// due delivery of its database, and the other test files, running meanwhile in other processes,
// make deliveries of their own that they send themselves. (Each PGlite is its process's alone.)

const SCHEDULE = [0.4, 0.8, 1.2];
let receiver: Receiver;
let worker: JobWorker | null = null;

async function startWorker(overrides: { concurrency?: number; allowPrivateUrls?: boolean } = {}) {
  worker = await startJobWorker({
    database: getDatabase(),
    settings: { allowPrivateUrls: true, retrySchedule: SCHEDULE, concurrency: 16, ...overrides },
    pollIntervalMs: 50,
  });
}

async function stopWorker() {
  await worker?.stop();
  worker = null;
}

async function subscribe(t: TestAccount, path: string, extra: Record<string, unknown> = {}) {
  const res = await t.api.post('/webhooks', { webhook: { url: receiver.url(path), ...extra } });
  expect(res.status).toBe(201);
  return res.body.webhook as { id: string; secret: string };
}

async function deliveries(accountId: number) {
  return rows<{ status: string; attempt_count: number; n: number }>(
    getDb(),
    sql`select status, attempt_count, count(*)::int as n from webhook_deliveries where account_id = ${accountId} group by 1, 2 order by 1, 2`,
  );
}

let shared: Database;
let own: Awaited<ReturnType<typeof freshDatabase>> | null = null;

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
  receiver = await startReceiver();
  shared = getDatabase();
  if (shared.kind === 'postgres') {
    own = await freshDatabase({ poolMax: 10 });
    await own.database.migrate();
    setDatabase(own.database);
  }
});
afterAll(async () => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
  await receiver.close();
  // The files that run after this one in the process work in the shared database again.
  setDatabase(shared);
  await own?.drop();
});
beforeEach(() => startWorker());
afterEach(() => stopWorker());

describe('webhook delivery', () => {
  it('delivers a project created through the API once, signed, verifiable with the subscription secret', async () => {
    const t = await createTestAccount('Deliver GC');
    // An earlier message, so the project's id and its message's id differ even in a fresh database.
    await t.api.post('/contacts', { contact: { first_name: 'Earlier' } });
    const hook = await subscribe(t, '/signed');
    const project = (await t.api.post('/projects', { project: { name: 'Riverside Clinic' } })).body.project;

    await receiver.waitFor(() => receiver.on('/signed').length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    const [req, ...more] = receiver.on('/signed');
    expect(more).toHaveLength(0);
    const message = (await t.api.get('/webhook_messages')).body.webhook_messages[0];
    // Buildr's delivery: the changed record's id and URL at the top level (never the message's id).
    const verified = new Webhook(hook.secret).verify(req!.body, req!.headers);
    expect(verified).toEqual({
      id: project.id,
      url: `http://localhost:3000/api/2023-01/projects/${project.id}`,
      event_type: 'project.create',
      timestamp: message.timestamp,
    });
    expect(Object.keys(JSON.parse(req!.body))).toEqual(['id', 'url', 'event_type', 'timestamp']);
    expect(message.id).not.toBe(project.id);
    expect(req!.headers['webhook-id']).toBe(message.event_id);
    expect(req!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(req!.headers['content-type']).toBe('application/json');
    // A wrong secret does not verify.
    expect(() => new Webhook('whsec_' + Buffer.alloc(32, 7).toString('base64')).verify(req!.body, req!.headers)).toThrow();

    const attempts = await t.api.get(`/webhooks/${hook.id}/attempts`);
    expect(attempts.status).toBe(200);
    expect(attempts.body.webhook_attempts).toHaveLength(1);
    expect(attempts.body.webhook_attempts[0]).toMatchObject({
      webhook_id: hook.id,
      message_id: message.id,
      event_type: 'project.create',
      event_id: message.event_id,
      succeeded: true,
      response_status: 200,
      response_excerpt: 'ok',
      error: null,
    });
    expect(await deliveries(t.accountId)).toEqual([{ status: 'succeeded', attempt_count: 1, n: 1 }]);
  });

  it("signs with a plain secret's UTF-8 bytes, verifiable by a Standard Webhooks receiver given those bytes", async () => {
    const t = await createTestAccount('Plain Secret GC');
    const secret = 'clé secrète de Buildr';
    const hook = await subscribe(t, '/plain', { secret });
    expect(hook.secret).toBe(secret);
    const company = (await t.api.post('/companies', { company: { name: 'Plainly Signed' } })).body.company;
    await receiver.waitFor(() => receiver.on('/plain').length >= 1);
    const req = receiver.on('/plain')[0]!;

    const verified = new Webhook(Buffer.from(secret, 'utf8'), { format: 'raw' }).verify(req.body, req.headers);
    expect(verified).toMatchObject({ id: company.id, event_type: 'company.create' });
    // The same HMAC computed by hand: v1,<base64 HMAC-SHA256 of "msgId.timestamp.body"> keyed with the UTF-8 bytes.
    const signed = `${req.headers['webhook-id']}.${req.headers['webhook-timestamp']}.${req.body}`;
    const expected = createHmac('sha256', Buffer.from(secret, 'utf8')).update(signed).digest('base64');
    expect(req.headers['webhook-signature']).toBe(`v1,${expected}`);
    // Not the Latin-1 code units of the string, nor the secret read as base64.
    expect(() => new Webhook(secret, { format: 'raw' }).verify(req.body, req.headers)).toThrow();
  });

  it('retries a failing endpoint on the backoff schedule and records every attempt', async () => {
    const t = await createTestAccount('Retry GC');
    receiver.script('/flaky', [500, 500, 500]);
    const hook = await subscribe(t, '/flaky');
    await t.api.post('/companies', { company: { name: 'Flaky Steel' } });

    await receiver.waitFor(() => receiver.on('/flaky').length >= 4);
    const got = receiver.on('/flaky');
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    // Each retry waited at least its scheduled delay less the 20 % jitter.
    for (let i = 1; i < 4; i++) expect(got[i]!.at - got[i - 1]!.at).toBeGreaterThanOrEqual(SCHEDULE[i - 1]! * 800 - 30);

    await receiver.waitFor(() => false, 300).catch(() => {});
    const attempts = (await t.api.get(`/webhooks/${hook.id}/attempts`)).body.webhook_attempts;
    expect(attempts.map((a: { response_status: number; succeeded: boolean }) => [a.response_status, a.succeeded])).toEqual([
      [200, true],
      [500, false],
      [500, false],
      [500, false],
    ]);
    expect(attempts[3].response_excerpt).toBe('failure 500');
    expect(await deliveries(t.accountId)).toEqual([{ status: 'succeeded', attempt_count: 4, n: 1 }]);
  });

  it('marks a delivery failed when the schedule runs out, and resend starts it over', async () => {
    const t = await createTestAccount('Exhaust GC');
    receiver.script('/down', [503, 503, 503, 503]);
    const hook = await subscribe(t, '/down');
    const company = (await t.api.post('/companies', { company: { name: 'Down Co' } })).body.company;
    await receiver.waitFor(() => receiver.on('/down').length >= 4);
    await new Promise((r) => setTimeout(r, 300));
    expect(await deliveries(t.accountId)).toEqual([{ status: 'failed', attempt_count: 4, n: 1 }]);
    const webhook = (await t.api.get(`/webhooks/${hook.id}`)).body.webhook;
    expect(webhook.disabled).toBe(false);

    const message = (await t.api.get('/webhook_messages')).body.webhook_messages[0];
    const resent = await t.api.post(`/webhook_messages/${message.id}/resend`);
    expect(resent.status).toBe(202);
    expect(resent.body).toMatchObject({ webhook_message: { id: message.id }, deliveries_scheduled: 1 });
    await receiver.waitFor(() => receiver.on('/down').length >= 5);
    await new Promise((r) => setTimeout(r, 300));
    expect(await deliveries(t.accountId)).toEqual([{ status: 'succeeded', attempt_count: 1, n: 1 }]);
    expect(receiver.on('/down')[4]!.headers['webhook-id']).toBe(message.event_id);
    expect(JSON.parse(receiver.on('/down')[4]!.body)).toMatchObject({ id: company.id, event_type: 'company.create' });
  });

  it('a change whose transaction rolls back produces no message and no delivery', async () => {
    const t = await createTestAccount('Rollback GC');
    await subscribe(t, '/rollback');
    const ctx = {
      requestId: 'test',
      accountId: t.accountId,
      userId: t.userId,
      scopes: ['read', 'write'],
      role: 'admin' as const,
      access: FULL_ACCESS,
      authMethod: 'token' as const,
      credential: 'token:0',
      baseUrl: 'http://localhost:3000',
    };
    await expect(
      getDb().transaction(async (tx) => {
        await createCompany(tx, ctx, { name: 'Never Was Inc' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const [counts] = await rows<{ messages: number; deliveries: number }>(
      getDb(),
      sql`select (select count(*)::int from webhook_messages where account_id = ${t.accountId}) as messages,
                 (select count(*)::int from webhook_deliveries where account_id = ${t.accountId}) as deliveries`,
    );
    expect(counts).toEqual({ messages: 0, deliveries: 0 });
    await new Promise((r) => setTimeout(r, 500));
    expect(receiver.on('/rollback')).toHaveLength(0);
  });

  it('200 concurrent changes make exactly 200 messages and 200 deliveries', async () => {
    const t = await createTestAccount('Concurrent GC');
    await subscribe(t, '/many', { rate_limit: 100_000 });
    // 200 at once on a pool of 10: on a loaded machine a request may wait past DATABASE_POOL_WAIT
    // and be refused with 503 (nothing written, Retry-After); a client retries it, as here.
    const post = async (i: number): Promise<number> => {
      const res = await t.api.post('/contacts', { contact: { first_name: `Person ${i}` } });
      return res.status === 503 ? post(i) : res.status;
    };
    const statuses = await Promise.all(Array.from({ length: 200 }, (_, i) => post(i)));
    expect(statuses.filter((s) => s !== 201)).toEqual([]);

    await receiver.waitFor(() => new Set(receiver.on('/many').map((r) => r.headers['webhook-id'])).size >= 200, 30_000);
    await new Promise((r) => setTimeout(r, 300));
    const got = receiver.on('/many');
    const ids = new Set(got.map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(200);
    expect(got.length).toBe(200);
    const [counts] = await rows<{ messages: number }>(getDb(), sql`select count(*)::int as messages from webhook_messages where account_id = ${t.accountId}`);
    expect(counts!.messages).toBe(200);
    expect(await deliveries(t.accountId)).toEqual([{ status: 'succeeded', attempt_count: 1, n: 200 }]);
  });

  it('honours filter_types', async () => {
    const t = await createTestAccount('Filter GC');
    await subscribe(t, '/projects-only', { filter_types: ['project.create'] });
    await subscribe(t, '/everything');
    await t.api.post('/companies', { company: { name: 'Filtered Out LLC' } });
    await t.api.post('/projects', { project: { name: 'Filtered In' } });
    await receiver.waitFor(() => receiver.on('/everything').length >= 2 && receiver.on('/projects-only').length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(receiver.on('/projects-only').map((r) => JSON.parse(r.body).event_type)).toEqual(['project.create']);
    expect(
      receiver
        .on('/everything')
        .map((r) => JSON.parse(r.body).event_type)
        .sort(),
    ).toEqual(['company.create', 'project.create']);
  });

  it('honours rate_limit (deliveries per minute)', async () => {
    const t = await createTestAccount('Rate GC');
    await subscribe(t, '/paced', { rate_limit: 120 });
    // 120 a minute is one every 0.5 s, after a full bucket of two: the fourth cannot be sent before
    // a second has passed since the bucket was first drawn from, which is after `start`. (Measured
    // from `start`, not from the first arrival: a loaded machine may delay any arrival, which only
    // makes the fourth later, never earlier, whereas a late first arrival would shrink a gap.)
    const start = Date.now();
    await Promise.all([1, 2, 3, 4].map((i) => t.api.post('/companies', { company: { name: `Paced ${i}` } })));
    await receiver.waitFor(() => receiver.on('/paced').length >= 4);
    const at = receiver.on('/paced').map((r) => r.at);
    expect(Math.max(...at) - start).toBeGreaterThanOrEqual(950);
  });

  it('refuses private addresses unless the development setting allows them, also at connect time', async () => {
    const t = await createTestAccount('Private GC');
    delete process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
    try {
      for (const url of [
        'http://127.0.0.1:9/x',
        'http://localhost/x',
        'http://10.1.2.3/x',
        'http://[::1]/x',
        'http://169.254.169.254/latest',
        'http://192.168.0.1/',
      ]) {
        const res = await t.api.post('/webhooks', { webhook: { url } });
        expect(res.status, url).toBe(422);
        expect(res.body.details.url[0]).toMatch(/private, loopback or link-local/);
      }
    } finally {
      process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
    }
    const hook = await subscribe(t, '/private');
    // A worker that does not allow private targets refuses to connect.
    await stopWorker();
    await startWorker({ allowPrivateUrls: false });
    await t.api.post('/companies', { company: { name: 'Internal Only' } });
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.on('/private')).toHaveLength(0);
    const attempts = (await t.api.get(`/webhooks/${hook.id}/attempts`)).body.webhook_attempts;
    expect(attempts[0]).toMatchObject({ succeeded: false, response_status: null });
    expect(attempts[0].error).toMatch(/private address/);
  });

  it('a worker stopped mid-queue and started again delivers the rest', async () => {
    await stopWorker();
    const t = await createTestAccount('Restart GC');
    await subscribe(t, '/restart', { rate_limit: 100_000 });
    receiver.delayMs = 100;
    try {
      // Five batches' worth; one batch at a time, each taking a tenth of a second.
      await Promise.all(Array.from({ length: 100 }, (_, i) => t.api.post('/companies', { company: { name: `Queued ${i}` } })));
      await startWorker({ concurrency: 1 });
      // Generous waits: on a loaded machine (CI, embedded PGlite) a hundred deliveries take a while.
      await receiver.waitFor(() => receiver.on('/restart').length >= 1, 60_000);
      await stopWorker();
      const before = new Set(receiver.on('/restart').map((r) => r.headers['webhook-id'])).size;
      expect(before).toBeLessThan(100);
      // Pending whatever their attempts (a loaded receiver may have failed one, to be retried).
      const pending = (await deliveries(t.accountId)).filter((d) => d.status === 'pending').reduce((n, d) => n + Number(d.n), 0);
      expect(pending).toBe(100 - before);

      await startWorker();
      await receiver.waitFor(() => new Set(receiver.on('/restart').map((r) => r.headers['webhook-id'])).size >= 100, 60_000);
    } finally {
      receiver.delayMs = 0;
    }
    await expect.poll(() => deliveries(t.accountId), { timeout: 10_000 }).toEqual([{ status: 'succeeded', attempt_count: 1, n: 100 }]);
  }, 150_000);

  it('a delivery leased by a worker that died is delivered once its lease runs out', async () => {
    await stopWorker();
    const t = await createTestAccount('Crash GC');
    await subscribe(t, '/crash');
    await t.api.post('/companies', { company: { name: 'Crashed Mid-Send' } });
    // What a worker killed mid-request leaves behind: a lease nobody will release.
    await getDb().execute(sql`update webhook_deliveries set locked_until = now() + interval '1 second' where account_id = ${t.accountId}`);
    await startWorker();
    await receiver.waitFor(() => receiver.on('/crash').length >= 1, 20_000);
    await new Promise((r) => setTimeout(r, 300));
    expect(await deliveries(t.accountId)).toEqual([{ status: 'succeeded', attempt_count: 1, n: 1 }]);
  });

  it('the cron route delivers what is due when no worker runs (serverless)', async () => {
    await stopWorker();
    const t = await createTestAccount('Cron GC');
    await subscribe(t, '/cron');
    await t.api.post('/companies', { company: { name: 'Cron Delivered' } });
    await new Promise((r) => setTimeout(r, 200));
    expect(receiver.on('/cron')).toHaveLength(0);
    process.env.CRON_SECRET = 'cron-secret-for-the-tests';
    try {
      const res = await request('GET', '/api/cron/webhooks', { token: 'cron-secret-for-the-tests' });
      expect(res.status).toBe(200);
    } finally {
      delete process.env.CRON_SECRET;
    }
    expect(receiver.on('/cron')).toHaveLength(1);
    expect(await deliveries(t.accountId)).toEqual([{ status: 'succeeded', attempt_count: 1, n: 1 }]);
  });

  it('disables an endpoint that has failed every attempt for five days, and says why', async () => {
    const t = await createTestAccount('Disable GC');
    receiver.script('/dead', [500]);
    const hook = await subscribe(t, '/dead');
    await getDb().execute(sql`update webhooks set failing_since = now() - interval '6 days' where uuid = ${hook.id}`);
    await t.api.post('/companies', { company: { name: 'Dead Endpoint Co' } });
    await receiver.waitFor(() => receiver.on('/dead').length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    const webhook = (await t.api.get(`/webhooks/${hook.id}`)).body.webhook;
    expect(webhook.disabled).toBe(true);
    expect(webhook.disabled_reason).toMatch(/every delivery attempt failed for 5 days \(last: HTTP 500\)/);
    // Its pending retry is given up without another attempt.
    await new Promise((r) => setTimeout(r, 800));
    expect(receiver.on('/dead')).toHaveLength(1);
    expect(await deliveries(t.accountId)).toEqual([{ status: 'failed', attempt_count: 1, n: 1 }]);
  });
});
