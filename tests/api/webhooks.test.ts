import { readFileSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import journal from '@/db/migrations/meta/_journal.json';
import { rows } from '@/db/queries/sql';
import { takeRateTokens } from '@/db/queries/webhook-deliveries';
import { webhookDeliveries, webhooks } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { openWebhookSecret } from '@/lib/server/webhooks/secrets';
import { request } from '../api';
import { createTestAccount, TIMESTAMP, type TestAccount } from '../fixtures';
import { freshDatabase } from '../fresh-database';

// The subscription API (beyond the spec, in its conventions). Delivery: webhook-delivery.test.ts.

let a: TestAccount;
let b: TestAccount;
const URL_A = 'https://hooks.example.com/groundwork';

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'false';
  a = await createTestAccount('Hooks GC');
  b = await createTestAccount('Other Hooks GC');
});
afterAll(() => {
  delete process.env.WEBHOOKS_ALLOW_PRIVATE_URLS;
});

const create = (t: TestAccount, webhook: Record<string, unknown>) => t.api.post('/webhooks', { webhook });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
/** The bigint key that deliveries and attempts reference, of a subscription's API id (its UUID). */
async function internalId(uuid: string): Promise<number> {
  const [row] = await getDb().select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.uuid, uuid));
  return row!.id;
}

describe('POST /webhooks', () => {
  it('creates a subscription and returns its generated secret once', async () => {
    const res = await create(a, { url: URL_A, description: 'Estimating sync', filter_types: ['project.create', 'project.update'] });
    expect(res.status).toBe(201);
    const hook = res.body.webhook;
    expect(hook).toEqual({
      id: expect.stringMatching(UUID),
      url: URL_A,
      version: 1,
      description: 'Estimating sync',
      filter_types: ['project.create', 'project.update'],
      rate_limit: 60,
      disabled: false,
      disabled_reason: null,
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    const [row] = await getDb().select().from(webhooks).where(eq(webhooks.uuid, hook.id));
    expect(row).toMatchObject({ accountId: a.accountId, createdById: a.userId });
    // Stored sealed (lib/server/webhooks/secrets.ts), never as given.
    expect(row!.secret).not.toContain(hook.secret.slice(6));
    expect(openWebhookSecret(row!.secret)).toBe(hook.secret);

    const again = await a.api.get(`/webhooks/${hook.id}`);
    expect(again.status).toBe(200);
    expect(again.body.webhook).not.toHaveProperty('secret');
    expect(again.body.webhook).toEqual({ ...hook, secret: undefined });
  });

  it('uses a secret given in the whsec_ form as it is', async () => {
    const secret = 'whsec_' + Buffer.alloc(32, 1).toString('base64');
    const ok = await create(a, { url: URL_A, secret });
    expect(ok.status).toBe(201);
    expect(ok.body.webhook.secret).toBe(secret);
  });

  it('accepts any other secret of 8 to 200 characters (Buildr sends plain ones), stored sealed', async () => {
    for (const secret of ['secret12', 'my receiver secret', 'clé-secrète-ü', 'x'.repeat(200), 'WHSEC_not-the-prefix']) {
      const res = await create(a, { url: URL_A, secret });
      expect(res.status, secret).toBe(201);
      expect(res.body.webhook.secret).toBe(secret);
      const [row] = await getDb().select().from(webhooks).where(eq(webhooks.uuid, res.body.webhook.id));
      expect(row!.secret).not.toContain(secret);
      expect(openWebhookSecret(row!.secret)).toBe(secret);
    }
  });

  it('refuses a secret shorter than 8 or longer than 200 characters, with control characters, or a malformed whsec_ one', async () => {
    const cases: [string, RegExp][] = [
      ['secret7', /8 to 200 characters/],
      ['', /8 to 200 characters/],
      ['x'.repeat(201), /8 to 200 characters/],
      ['tab\there-secret', /control characters/],
      // Starting with whsec_ claims the Standard Webhooks form: it must be one.
      ['whsec_short', /base64 of 24 to 64 bytes/],
      ['whsec_' + Buffer.alloc(16, 1).toString('base64'), /base64 of 24 to 64 bytes/],
      ['whsec_' + Buffer.alloc(100, 1).toString('base64').slice(0, 190), /base64 of 24 to 64 bytes/],
      ['whsec_' + 'not base64 at all!!!!!!!!!!!!!!!!!!!!', /base64 of 24 to 64 bytes/],
    ];
    for (const [secret, message] of cases) {
      const res = await create(a, { url: URL_A, secret });
      expect(res.status, secret).toBe(422);
      expect(Object.keys(res.body.details), secret).toEqual(['secret']);
      expect(res.body.details.secret.join(' '), secret).toMatch(message);
    }
    const hook = (await create(a, { url: URL_A })).body.webhook;
    const patched = await a.api.patch(`/webhooks/${hook.id}`, { webhook: { secret: 'seven77' } });
    expect(patched.status).toBe(422);
    expect(patched.body.details.secret).toBeDefined();
  });

  it('validates the fields', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'url'],
      [{ url: '' }, 'url'],
      [{ url: 'ftp://files.example.com/x' }, 'url'],
      [{ url: 'not a url' }, 'url'],
      [{ url: 'https://user:pw@hooks.example.com/' }, 'url'],
      [{ url: URL_A, filter_types: ['project.explode'] }, 'filter_types.0'],
      [{ url: URL_A, filter_types: 'project.create' }, 'filter_types'],
      [{ url: URL_A, rate_limit: 0 }, 'rate_limit'],
      [{ url: URL_A, rate_limit: 1e309 }, 'rate_limit'],
      [{ url: URL_A, rate_limit: 100_001 }, 'rate_limit'],
      [{ url: URL_A, disabled: 'yes' }, 'disabled'],
    ];
    const before = await getDb().$count(webhooks, eq(webhooks.accountId, a.accountId));
    for (const [body, field] of cases) {
      const res = await create(a, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.error).toBe('validation_failed');
      expect(Object.keys(res.body.details), JSON.stringify(body)).toContain(field);
    }
    expect(await getDb().$count(webhooks, eq(webhooks.accountId, a.accountId))).toBe(before);
  });

  it('refuses private, loopback and link-local targets by default', async () => {
    for (const url of [
      'http://127.0.0.1/x',
      'http://localhost:3000/x',
      'http://[::1]/',
      'http://[::ffff:10.0.0.1]/',
      'http://172.16.0.9/',
      'http://printer.local/',
    ]) {
      const res = await create(a, { url });
      expect(res.status, url).toBe(422);
    }
  });

  it('needs the write scope', async () => {
    const res = await a.readApi.post('/webhooks', { webhook: { url: URL_A } });
    expect(res.status).toBe(403);
  });
});

describe('GET, PATCH, DELETE /webhooks/{id}', () => {
  it("lists the account's subscriptions only, newest first", async () => {
    const first = (await create(b, { url: 'https://b.example.com/1' })).body.webhook;
    const second = (await create(b, { url: 'https://b.example.com/2' })).body.webhook;
    const res = await b.api.get('/webhooks?per_page=1');
    expect(res.status).toBe(200);
    expect(res.body.webhooks.map((w: { id: string }) => w.id)).toEqual([second.id]);
    expect(res.headers.get('x-total-count')).toBe('2');
    const all = (await b.api.get('/webhooks')).body.webhooks.map((w: { id: string }) => w.id);
    expect(all).toEqual([second.id, first.id]);
    expect((await a.api.get('/webhooks')).body.webhooks.map((w: { id: string }) => w.id)).not.toContain(first.id);
  });

  it('updates any subset; disabling records a reason and enabling clears it', async () => {
    const hook = (await create(a, { url: URL_A })).body.webhook;
    const res = await a.api.patch(`/webhooks/${hook.id}`, { webhook: { disabled: true, rate_limit: 600, filter_types: [] } });
    expect(res.status).toBe(200);
    expect(res.body.webhook).toMatchObject({ disabled: true, disabled_reason: 'Disabled by a user.', rate_limit: 600, filter_types: [] });
    const enabled = await a.api.patch(`/webhooks/${hook.id}`, { webhook: { disabled: false, description: null } });
    expect(enabled.body.webhook).toMatchObject({ disabled: false, disabled_reason: null, description: null });
    const refused = await a.api.patch(`/webhooks/${hook.id}`, { webhook: { url: 'http://10.0.0.5/hook' } });
    expect(refused.status).toBe(422);
    expect((await a.api.get(`/webhooks/${hook.id}`)).body.webhook.url).toBe(URL_A);
  });

  it('rotates the secret with PATCH', async () => {
    const hook = (await create(a, { url: URL_A })).body.webhook;
    const secret = 'whsec_' + Buffer.alloc(24, 9).toString('base64');
    expect((await a.api.patch(`/webhooks/${hook.id}`, { webhook: { secret } })).status).toBe(200);
    const [row] = await getDb().select().from(webhooks).where(eq(webhooks.uuid, hook.id));
    expect(openWebhookSecret(row!.secret)).toBe(secret);
  });

  it("answers 404 for another account's subscription, for every method", async () => {
    const hook = (await create(b, { url: 'https://b.example.com/private' })).body.webhook;
    expect((await a.api.get(`/webhooks/${hook.id}`)).status).toBe(404);
    expect((await a.api.patch(`/webhooks/${hook.id}`, { webhook: { disabled: true } })).status).toBe(404);
    expect((await a.api.delete(`/webhooks/${hook.id}`)).status).toBe(404);
    expect((await a.api.get(`/webhooks/${hook.id}/attempts`)).status).toBe(404);
    expect((await b.api.get(`/webhooks/${hook.id}`)).body.webhook.disabled).toBe(false);
  });

  it('addresses a subscription by its UUID: any other path id is a 404, never a 500', async () => {
    const hook = (await create(a, { url: URL_A })).body.webhook;
    const key = await internalId(hook.id);
    expect((await a.api.get(`/webhooks/${hook.id.toUpperCase()}`)).body.webhook.id).toBe(hook.id);
    for (const id of [
      String(key),
      'abc',
      '0',
      hook.id.slice(0, -1),
      `${hook.id}0`,
      `{${hook.id}}`,
      hook.id.replace(/-/g, ''),
      '00000000-0000-0000-0000-000000000000',
    ]) {
      for (const res of [
        await a.api.get(`/webhooks/${encodeURIComponent(id)}`),
        await a.api.patch(`/webhooks/${encodeURIComponent(id)}`, { webhook: { disabled: true } }),
        await a.api.delete(`/webhooks/${encodeURIComponent(id)}`),
        await a.api.get(`/webhooks/${encodeURIComponent(id)}/attempts`),
      ]) {
        expect(res.status, id).toBe(404);
        expect(res.body.error).toBe('not_found');
      }
    }
    expect((await a.api.get(`/webhooks/${hook.id}`)).body.webhook.disabled).toBe(false);
  });

  it('deletes a subscription with its pending deliveries', async () => {
    const hook = (await create(a, { url: URL_A })).body.webhook;
    await a.api.post('/companies', { company: { name: 'Queued For Nobody' } });
    const key = await internalId(hook.id);
    expect(await getDb().$count(webhookDeliveries, eq(webhookDeliveries.webhookId, key))).toBe(1);
    expect((await a.api.delete(`/webhooks/${hook.id}`)).status).toBe(204);
    expect((await a.api.get(`/webhooks/${hook.id}`)).status).toBe(404);
    expect(await getDb().$count(webhookDeliveries, eq(webhookDeliveries.webhookId, key))).toBe(0);
  });
});

describe('the webhook_uuids migration', () => {
  it('gives every existing subscription its own UUID', async () => {
    const { database, drop } = await freshDatabase();
    try {
      const apply = async (tag: string) => {
        const text = readFileSync(path.join(process.cwd(), 'db', 'migrations', `${tag}.sql`), 'utf8');
        for (const statement of text.split('--> statement-breakpoint')) await database.db.execute(sql.raw(statement));
      };
      const index = journal.entries.findIndex((e) => e.tag.endsWith('_webhook_uuids'));
      expect(index).toBeGreaterThan(0);
      for (const entry of journal.entries.slice(0, index)) await apply(entry.tag);
      await database.db.execute(sql`
        with account as (insert into accounts (name) values ('Before UUIDs') returning id)
        insert into webhooks (account_id, url, secret) select id, 'https://old.example.com/' || n, 'sealed' from account, generate_series(1, 3) n`);
      await apply(journal.entries[index]!.tag);
      const after = await rows<{ uuid: string }>(database.db, sql`select uuid::text as uuid from webhooks order by id`);
      expect(after).toHaveLength(3);
      for (const { uuid } of after) expect(uuid).toMatch(UUID);
      expect(new Set(after.map((r) => r.uuid)).size).toBe(3);
    } finally {
      await drop();
    }
  });
});

describe('fan-out and resend', () => {
  it('owes each change to every enabled subscription that wants its type, none to disabled ones', async () => {
    const t = await createTestAccount('Fanout GC');
    const all = (await create(t, { url: 'https://t.example.com/all' })).body.webhook;
    const leads = (await create(t, { url: 'https://t.example.com/leads', filter_types: ['lead.create'] })).body.webhook;
    const off = (await create(t, { url: 'https://t.example.com/off', disabled: true })).body.webhook;
    await t.api.post('/companies', { company: { name: 'Fan Out Co' } });
    await t.api.post('/leads', { lead: { name: 'Fan Out Lead' } });
    const owed = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.accountId, t.accountId));
    const keys = await Promise.all([all.id, leads.id, off.id].map(internalId));
    expect(keys.map((key) => owed.filter((d) => d.webhookId === key).length)).toEqual([2, 1, 0]);
  });

  it('resend is scoped to the account and to existing subscriptions', async () => {
    const t = await createTestAccount('Resend GC');
    const hook = (await create(t, { url: 'https://t.example.com/resend', filter_types: ['lead.create'] })).body.webhook;
    await t.api.post('/companies', { company: { name: 'Not A Lead' } });
    const message = (await t.api.get('/webhook_messages')).body.webhook_messages[0];
    // Not a type the subscription wants: nothing to send, unless that subscription is named.
    expect((await t.api.post(`/webhook_messages/${message.id}/resend`)).body.deliveries_scheduled).toBe(0);
    const named = await t.api.post(`/webhook_messages/${message.id}/resend?webhook_id=${hook.id}`);
    expect(named.status).toBe(202);
    expect(named.body.deliveries_scheduled).toBe(1);
    const other = (await create(b, { url: 'https://b.example.com/r' })).body.webhook;
    expect((await t.api.post(`/webhook_messages/${message.id}/resend?webhook_id=${other.id}`)).status).toBe(404);
    const numeric = await t.api.post(`/webhook_messages/${message.id}/resend?webhook_id=${await internalId(hook.id)}`);
    expect(numeric.status).toBe(422);
    expect(numeric.body.details.webhook_id).toEqual(['must be a webhook id (a UUID)']);
    expect((await b.api.post(`/webhook_messages/${message.id}/resend`)).status).toBe(404);
    expect((await t.api.post('/webhook_messages/abc/resend')).status).toBe(404);
    expect((await t.readApi.post(`/webhook_messages/${message.id}/resend`)).status).toBe(403);
  });

  it('lists attempts with filters validated', async () => {
    const hook = (await create(a, { url: URL_A })).body.webhook;
    const res = await a.api.get(`/webhooks/${hook.id}/attempts?succeeded=false&message_id=1`);
    expect(res.status).toBe(200);
    expect(res.body.webhook_attempts).toEqual([]);
    expect((await a.api.get(`/webhooks/${hook.id}/attempts?succeeded=maybe`)).status).toBe(422);
  });
});

describe('GET /api/cron/webhooks (serverless delivery)', () => {
  it('is refused without the cron secret (delivery with it: webhook-delivery.test.ts)', async () => {
    delete process.env.CRON_SECRET;
    expect((await request('GET', '/api/cron/webhooks', { token: 'anything-at-all-here' })).status).toBe(401);
    process.env.CRON_SECRET = 'cron-secret-for-the-tests';
    try {
      const wrong = await request('GET', '/api/cron/webhooks', { token: 'wrong-secret-of-same-size' });
      expect(wrong.status).toBe(401);
      expect(wrong.body.error).toBe('unauthorized');
      expect((await request('POST', '/api/cron/webhooks', { body: {} })).status).toBe(405);
    } finally {
      delete process.env.CRON_SECRET;
    }
  });
});

describe('the rate limit bucket of a subscription', () => {
  it('lets every fresh subscription send its first delivery at once (its bucket starts full, never a hair under)', async () => {
    const t = await createTestAccount('Fresh Buckets GC');
    const fresh = await rows<{ id: number }>(
      getDb(),
      sql`insert into webhooks (account_id, url, secret, rate_limit) select ${t.accountId}, 'https://fresh.example.com/' || n, 'sealed', 60 from generate_series(1, 200) n returning id`,
    );
    const refused: number[] = [];
    for (const { id } of fresh) if ((await takeRateTokens(getDb(), Number(id), 1)).granted !== 1) refused.push(Number(id));
    expect(refused).toEqual([]);
  });
});
