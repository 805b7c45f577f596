import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import postgres from 'postgres';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { idempotencyKeys, users } from '@/db/schema';
import { MEMBERSHIP_ROLE_KEYS } from '@/db/schema/enums';
import { etagOf } from '@/lib/shared/etag';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { seal } from '@/lib/server/security/secret-box';
import { request, type ApiResponse } from '../api';
import { createTestAccount, sessionClient, type TestAccount } from '../fixtures';

// Two people, one record: ETag / If-Match on every resource that has a single-record GET and
// PATCH or DELETE; Idempotency-Key on POST.

let a: TestAccount;
let cookie: string;

beforeAll(async () => {
  process.env.WEBHOOKS_ALLOW_PRIVATE_URLS = 'true';
  a = await createTestAccount('Concurrency GC');
  cookie = (await sessionClient(a.userId)).cookie;
});

/** A request as the account's admin, by token (or by session where only a session may). */
function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, session = false) {
  return request(method, path, {
    body,
    token: session ? null : a.token,
    headers: session ? { ...headers, cookie, origin: 'http://localhost:3000' } : headers,
  });
}

interface Resource {
  key: string;
  path: string;
  session?: boolean;
  create?: () => Promise<Record<string, unknown>>;
  /** An existing record (users are not created through this test). */
  existing?: () => Promise<string>;
  patch: (n: number) => Record<string, unknown>;
  query?: () => string;
  /** The list's query, for a resource listed per record (a project's comments). */
  listQuery?: () => string;
  deletable: boolean;
}

let projectId = '';
const resources: Resource[] = [
  { key: 'lead', path: '/leads', create: async () => ({ name: 'Lead' }), patch: (n) => ({ name: `Lead ${n}` }), deletable: true },
  { key: 'project', path: '/projects', create: async () => ({ name: 'Project' }), patch: (n) => ({ name: `Project ${n}` }), deletable: true },
  { key: 'company', path: '/companies', create: async () => ({ name: 'Company' }), patch: (n) => ({ name: `Company ${n}` }), deletable: true },
  { key: 'contact', path: '/contacts', create: async () => ({ first_name: 'Dana' }), patch: (n) => ({ last_name: `Reyes ${n}` }), deletable: true },
  { key: 'task', path: '/tasks', create: async () => ({ title: 'Task' }), patch: (n) => ({ title: `Task ${n}` }), deletable: true },
  { key: 'call', path: '/calls', create: async () => ({ notes: 'Call' }), patch: (n) => ({ notes: `Call ${n}` }), deletable: true },
  {
    key: 'task_list',
    path: '/task_lists',
    create: async () => ({ name: 'List', project_id: projectId }),
    patch: (n) => ({ name: `List ${n}` }),
    deletable: true,
  },
  {
    key: 'workforce_employee',
    path: '/workforce/employees',
    create: async () => ({ legal_first_name: 'Sam', last_name: 'Stone' }),
    patch: (n) => ({ last_name: `Stone ${n}` }),
    deletable: true,
  },
  {
    key: 'project_team_membership',
    path: '/project_team_memberships',
    create: async () => {
      // One membership per user and project: each test gets a project of its own.
      projectId = (await call('POST', '/projects', { project: { name: 'Team project' } })).body.project.id;
      return { user_id: String(a.otherUserId), roles: [MEMBERSHIP_ROLE_KEYS[0]], project_id: projectId };
    },
    patch: (n) => ({ roles: [MEMBERSHIP_ROLE_KEYS[n % MEMBERSHIP_ROLE_KEYS.length]] }),
    query: () => `?project_id=${projectId}`,
    deletable: true,
  },
  {
    key: 'webhook',
    path: '/webhooks',
    create: async () => ({ url: 'https://hooks.example.com/concurrency' }),
    patch: (n) => ({ description: `Hook ${n}` }),
    deletable: true,
  },
  {
    key: 'oauth_application',
    path: '/oauth_applications',
    session: true,
    create: async () => ({ name: 'App', redirect_uris: ['https://app.example.com/cb'] }),
    patch: (n) => ({ name: `App ${n}` }),
    deletable: true,
  },
  {
    key: 'comment',
    path: '/comments',
    create: async () => ({ commentable_type: 'project', commentable_id: projectId, body: 'Site walk at dawn' }),
    listQuery: () => `commentable_type=project&commentable_id=${projectId}`,
    patch: (n) => ({ body: `Site walk at ${n}` }),
    deletable: true,
  },
  {
    key: 'reminder',
    path: '/reminders',
    create: async () => ({ remindable_type: 'project', remindable_id: projectId, remind_at: new Date(Date.now() + 86_400_000).toISOString() }),
    listQuery: () => `remindable_type=project&remindable_id=${projectId}`,
    patch: (n) => ({ note: `Call back ${n}` }),
    deletable: true,
  },
  {
    key: 'document_folder',
    path: '/document_folders',
    create: async () => ({ attachable_type: 'project', attachable_id: projectId, name: 'Drawings' }),
    listQuery: () => `attachable_type=project&attachable_id=${projectId}`,
    patch: (n) => ({ name: `Drawings ${n}` }),
    deletable: true,
  },
  { key: 'user', path: '/users', session: true, existing: async () => String(a.otherUserId), patch: (n) => ({ first_name: `Blake ${n}` }), deletable: false },
];

async function make(r: Resource): Promise<string> {
  if (r.existing) return r.existing();
  const res = await call('POST', r.path, { [r.key]: await r.create!() }, {}, r.session);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body[r.key].id as string;
}

const one = (r: Resource, id: string) => `${r.path}/${id}${r.query?.() ?? ''}`;

describe('ETag and If-Match', () => {
  beforeAll(async () => {
    projectId = (await call('POST', '/projects', { project: { name: 'Team project' } })).body.project.id;
  });

  it.each(resources.map((r) => [r.key, r] as const))('%s: GET, PATCH and POST answer a strong ETag of the body', async (_, r) => {
    const id = await make(r);
    const got = await call('GET', one(r, id), undefined, {}, r.session);
    expect(got.status).toBe(200);
    const etag = got.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    const again = await call('GET', one(r, id), undefined, {}, r.session);
    expect(again.headers.get('etag')).toBe(etag);

    const patched = await call('PATCH', one(r, id), { [r.key]: r.patch(1) }, { 'if-match': etag! }, r.session);
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect(patched.headers.get('etag')).not.toBe(etag);
    const after = await call('GET', one(r, id), undefined, {}, r.session);
    expect(after.headers.get('etag')).toBe(patched.headers.get('etag'));

    // The first ETag is stale now: 412 with the current record and its ETag, and nothing written.
    const stale = await call('PATCH', one(r, id), { [r.key]: r.patch(2) }, { 'if-match': etag! }, r.session);
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ error: 'precondition_failed', details: { current: after.body[r.key] } });
    expect(stale.body.request_id).toEqual(expect.any(String));
    expect(stale.headers.get('etag')).toBe(after.headers.get('etag'));
    expect((await call('GET', one(r, id), undefined, {}, r.session)).body).toEqual(after.body);

    // Weak and malformed tags never match; `*` and a list holding the current tag do.
    const weak = await call('PATCH', one(r, id), { [r.key]: r.patch(3) }, { 'if-match': `W/${after.headers.get('etag')}` }, r.session);
    expect(weak.status).toBe(412);
    const star = await call('PATCH', one(r, id), { [r.key]: r.patch(4) }, { 'if-match': '*' }, r.session);
    expect(star.status).toBe(200);
    const list = await call('PATCH', one(r, id), { [r.key]: r.patch(5) }, { 'if-match': `"nope", ${star.headers.get('etag')}` }, r.session);
    expect(list.status).toBe(200);
  });

  it.each(resources.filter((r) => r.deletable).map((r) => [r.key, r] as const))(
    '%s: DELETE with a stale ETag is 412 and deletes nothing; with the current one it deletes',
    async (_, r) => {
      const id = await make(r);
      const first = (await call('GET', one(r, id), undefined, {}, r.session)).headers.get('etag')!;
      const changed = await call('PATCH', one(r, id), { [r.key]: r.patch(7) }, {}, r.session);
      expect(changed.status).toBe(200);
      const stale = await call('DELETE', one(r, id), undefined, { 'if-match': first }, r.session);
      expect(stale.status).toBe(412);
      expect(stale.body.details.current.id).toBe(id);
      expect((await call('GET', one(r, id), undefined, {}, r.session)).status).toBe(200);
      const ok = await call('DELETE', one(r, id), undefined, { 'if-match': changed.headers.get('etag')! }, r.session);
      expect(ok.status).toBe(204);
      expect((await call('GET', one(r, id), undefined, {}, r.session)).status).toBe(404);
      const gone = await call('DELETE', one(r, id), undefined, { 'if-match': '*' }, r.session);
      expect(gone.status).toBe(404);
    },
  );

  it('two PATCHes with the same If-Match at once: one 200, one 412', async () => {
    for (let round = 0; round < 5; round++) {
      const lead = (await call('POST', '/leads', { lead: { name: 'Contested' } })).body.lead;
      const etag = (await call('GET', `/leads/${lead.id}`)).headers.get('etag')!;
      const answers: ApiResponse[] = await Promise.all(
        ['Mine', 'Theirs'].map((name) => call('PATCH', `/leads/${lead.id}`, { lead: { name } }, { 'if-match': etag })),
      );
      expect(answers.map((x) => x.status).sort()).toEqual([200, 412]);
      const winner = answers.find((x) => x.status === 200)!;
      const loser = answers.find((x) => x.status === 412)!;
      expect(loser.body.details.current).toEqual(winner.body.lead);
      expect((await call('GET', `/leads/${lead.id}`)).body.lead.name).toBe(winner.body.lead.name);
    }
  });

  it("the dashboard computes a record's ETag from a list row or a GET as the API does", async () => {
    for (const r of resources.filter((x) => !x.session || x.key === 'user')) {
      const id = await make(r);
      const got = await call('GET', one(r, id));
      expect(await etagOf(r.key, got.body[r.key])).toBe(got.headers.get('etag'));
      if (r.key === 'user') continue;
      // Memberships are listed by project, as the project's Team tab lists them.
      const query = r.listQuery?.() ?? r.query?.().slice(1);
      const list = await call('GET', `${r.path}?per_page=100${query ? `&${query}` : ''}`);
      const row = (Object.values(list.body)[0] as { id: string }[]).find((x) => x.id === id);
      expect(await etagOf(r.key, row!)).toBe(got.headers.get('etag'));
    }
  });

  it('PATCH and DELETE without If-Match still work (the header is optional)', async () => {
    const lead = (await call('POST', '/leads', { lead: { name: 'Free' } })).body.lead;
    expect((await call('PATCH', `/leads/${lead.id}`, { lead: { name: 'Freer' } })).status).toBe(200);
    expect((await call('DELETE', `/leads/${lead.id}`)).status).toBe(204);
  });

  it('lists carry no ETag; a record of another account is 404 whatever If-Match says', async () => {
    expect((await call('GET', '/leads')).headers.get('etag')).toBeNull();
    const b = await createTestAccount('Other concurrency GC');
    const theirs = (await b.api.post('/leads', { lead: { name: 'Theirs' } })).body.lead;
    expect((await call('PATCH', `/leads/${theirs.id}`, { lead: { name: 'x' } }, { 'if-match': '*' })).status).toBe(404);
    expect((await call('DELETE', `/leads/${theirs.id}`, undefined, { 'if-match': '*' })).status).toBe(404);
  });
});

describe('Idempotency-Key', () => {
  const post = (path: string, body: unknown, key: string) => call('POST', path, body, { 'idempotency-key': key });
  const countLeads = async (name: string) =>
    (await call('GET', `/leads?q=${encodeURIComponent(name)}&per_page=100`)).body.leads.filter((l: { name: string }) => l.name === name).length;

  it('replays the first answer to the same key and body: same status, same body, Idempotent-Replayed', async () => {
    const key = crypto.randomUUID();
    const first = await post('/leads', { lead: { name: 'Keyed lead' } }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const again = await post('/leads', { lead: { name: 'Keyed lead' } }, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await countLeads('Keyed lead')).toBe(1);
    // Without a key, the same body creates another record.
    expect((await call('POST', '/leads', { lead: { name: 'Keyed lead' } })).status).toBe(201);
    expect(await countLeads('Keyed lead')).toBe(2);
  });

  it('refuses the same key with another body or on another path with 422 idempotency_key_reused', async () => {
    const key = crypto.randomUUID();
    expect((await post('/leads', { lead: { name: 'First use' } }, key)).status).toBe(201);
    const other = await post('/leads', { lead: { name: 'Second use' } }, key);
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({ error: 'idempotency_key_reused', request_id: expect.any(String) });
    const elsewhere = await post('/companies', { company: { name: 'First use' } }, key);
    expect(elsewhere.status).toBe(422);
    expect(await countLeads('Second use')).toBe(0);
  });

  it('stores only successes: a refused request frees its key', async () => {
    const key = crypto.randomUUID();
    const bad = await post('/leads', { lead: { name: '' } }, key);
    expect(bad.status).toBe(422);
    expect(bad.body.error).toBe('validation_failed');
    const good = await post('/leads', { lead: { name: 'Fixed up' } }, key);
    expect(good.status).toBe(201);
    expect(good.headers.get('idempotent-replayed')).toBeNull();
  });

  it('keys are per account and at most 255 printable characters', async () => {
    const key = crypto.randomUUID();
    const b = await createTestAccount('Other keyed GC');
    const mine = await post('/leads', { lead: { name: 'Per account' } }, key);
    const theirs = await b.api.post('/leads', { lead: { name: 'Per account' } }, { headers: { 'idempotency-key': key } });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect(theirs.body.lead.id).not.toBe(mine.body.lead.id);
    expect((await post('/leads', { lead: { name: 'Long key' } }, 'k'.repeat(255))).status).toBe(201);
    const long = await post('/leads', { lead: { name: 'Too long key' } }, 'k'.repeat(256));
    expect(long.status).toBe(400);
    expect(long.body.error).toBe('invalid_idempotency_key');
    expect((await post('/leads', { lead: { name: 'Blank key' } }, ' ')).status).toBe(400);
    expect(await countLeads('Too long key')).toBe(0);
  });

  it("keys are the caller's: another member, or another credential of the same user, never gets the first answer", async () => {
    const key = crypto.randomUUID();
    const body = { lead: { name: 'Per caller' } };
    const mine = await post('/leads', body, key);
    expect(mine.status).toBe(201);
    const member = await createApiToken(getDb(), { accountId: a.accountId, userId: a.otherUserId });
    const secondToken = await createApiToken(getDb(), { accountId: a.accountId, userId: a.userId });
    const session = await sessionClient(a.userId);
    const others = [
      await request('POST', '/leads', { token: member, body, headers: { 'idempotency-key': key } }),
      await request('POST', '/leads', { token: secondToken, body, headers: { 'idempotency-key': key } }),
      await request('POST', '/leads', { body, headers: { 'idempotency-key': key, cookie: session.cookie, origin: 'http://localhost:3000' } }),
    ];
    for (const other of others) {
      expect(other.status).toBe(201);
      expect(other.headers.get('idempotent-replayed')).toBeNull();
      expect(other.body.lead.id).not.toBe(mine.body.lead.id);
    }
    expect(await countLeads('Per caller')).toBe(4);
    // The same caller still gets its replay.
    expect((await post('/leads', body, key)).headers.get('idempotent-replayed')).toBe('true');
  });

  it("a replay runs the route's access rules first: a token never gets a session's one-time secret, a demoted admin no replay", async () => {
    const c = await createTestAccount('Replay access GC');
    const admin = await sessionClient(c.userId);
    const sessionPost = (path: string, body: unknown, key: string, cookie: string) =>
      request('POST', path, { body, headers: { 'idempotency-key': key, cookie, origin: 'http://localhost:3000' } });
    const key = crypto.randomUUID();
    const minted = await sessionPost('/api_tokens', { api_token: { name: 'Once', scope: 'read write' } }, key, admin.cookie);
    expect(minted.status).toBe(201);
    const byToken = await request('POST', '/api_tokens', {
      token: c.token,
      body: { api_token: { name: 'Once', scope: 'read write' } },
      headers: { 'idempotency-key': key },
    });
    expect(byToken.status).toBe(403);
    expect(byToken.body.error).toBe('session_required');
    expect(JSON.stringify(byToken.body)).not.toContain(minted.body.api_token.token);

    const userKey = crypto.randomUUID();
    const userBody = { user: { email: `replayed.${c.accountId}@example.com`, password: 'a fine long password' } };
    expect((await sessionPost('/users', userBody, userKey, admin.cookie)).status).toBe(201);
    // A second admin demotes the first; the first's replay of the same key is now refused.
    await getDb().update(users).set({ role: 'admin' }).where(eq(users.id, c.otherUserId));
    const other = await sessionClient(c.otherUserId);
    expect((await other.patch(`/users/${c.userId}`, { user: { role: 'member' } })).status).toBe(200);
    const replay = await sessionPost('/users', userBody, userKey, admin.cookie);
    expect(replay.status).toBe(403);
    expect(replay.body.error).toBe('forbidden');
    expect(replay.headers.get('idempotent-replayed')).toBeNull();
  });

  it('ten concurrent POSTs with one key create one record and all get the same answer', async () => {
    const key = crypto.randomUUID();
    const answers = await Promise.all(Array.from({ length: 10 }, () => post('/leads', { lead: { name: 'Raced lead' } }, key)));
    expect(answers.map((x) => x.status)).toEqual(Array(10).fill(201));
    for (const answer of answers) expect(answer.body).toEqual(answers[0]!.body);
    expect(answers.filter((x) => x.headers.get('idempotent-replayed') === 'true')).toHaveLength(9);
    expect(await countLeads('Raced lead')).toBe(1);
  });

  it('replays a secret shown once, which is stored encrypted', async () => {
    const key = crypto.randomUUID();
    const first = await post('/webhooks', { webhook: { url: 'https://hooks.example.com/keyed' } }, key);
    expect(first.status).toBe(201);
    const again = await post('/webhooks', { webhook: { url: 'https://hooks.example.com/keyed' } }, key);
    expect(again.body.webhook.secret).toBe(first.body.webhook.secret);
    const [row] = await getDb().select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key));
    expect(row!.responseBody).not.toContain(first.body.webhook.secret);
    expect(row!.status).toBe(201);
  });

  it('an answer that can no longer be decrypted (the secret was rotated) is a 409, not a 500', async () => {
    const key = crypto.randomUUID();
    expect((await post('/leads', { lead: { name: 'Unreadable' } }, key)).status).toBe(201);
    // Sealed with a key this app no longer has (BETTER_AUTH_SECRET rotated since).
    const foreign = seal('{"lead":{}}', 'idempotency-response', randomBytes(32));
    await getDb().update(idempotencyKeys).set({ responseBody: foreign }).where(eq(idempotencyKeys.key, key));
    const again = await post('/leads', { lead: { name: 'Unreadable' } }, key);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('conflict');
    expect(await countLeads('Unreadable')).toBe(1);
  });

  it('forgets keys after 24 hours', async () => {
    const key = crypto.randomUUID();
    const first = await post('/leads', { lead: { name: 'Old key' } }, key);
    await getDb()
      .update(idempotencyKeys)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(idempotencyKeys.key, key));
    const later = await post('/leads', { lead: { name: 'Old key' } }, key);
    expect(later.status).toBe(201);
    expect(later.headers.get('idempotent-replayed')).toBeNull();
    expect(later.body.lead.id).not.toBe(first.body.lead.id);
  });
});

// A write records its webhook deliveries in its own statement; a subscription deleted meanwhile must
// not fail it (the fuzzer saw 22 of 90 writes answer 422 on a `webhook_id` they never sent).
describe('a subscription deleted while others write', () => {
  const databaseUrl = inject('databaseUrl');

  it('many writes while subscriptions are deleted: every write succeeds, every delete too', async () => {
    const t = await createTestAccount('Webhook Race GC');
    for (let round = 0; round < 3; round++) {
      const hooks: string[] = [];
      for (let i = 0; i < 5; i++)
        hooks.push((await t.api.post('/webhooks', { webhook: { url: `https://hooks.example.com/race/${round}/${i}` } })).body.webhook.id);
      const writes = Array.from({ length: 30 }, (_, i) => t.api.post('/contacts', { contact: { first_name: `Racer ${round}.${i}` } }));
      const deletes = hooks.map((id) => t.api.delete(`/webhooks/${id}`));
      const results = await Promise.all([...writes, ...deletes]);
      expect(results.slice(0, 30).map((r) => r.status)).toEqual(Array(30).fill(201));
      expect(results.slice(30).map((r) => r.status)).toEqual(Array(5).fill(204));
    }
  });

  // The race made certain on PostgreSQL: the delete holds the subscription's row until the write is
  // waiting on it, then commits.
  (databaseUrl ? it : (((..._args: unknown[]) => undefined) as unknown as typeof it))(
    'a write waiting on a subscription being deleted goes on without it once the delete commits',
    async () => {
      const t = await createTestAccount('Webhook Delete Race GC');
      const hook = (await t.api.post('/webhooks', { webhook: { url: 'https://hooks.example.com/doomed' } })).body.webhook;
      const other = postgres(databaseUrl!, { max: 2, onnotice: () => {} });
      try {
        let write: Promise<ApiResponse> | undefined;
        await other.begin(async (tx) => {
          await tx`delete from webhooks where uuid = ${hook.id}`;
          write = t.api.post('/contacts', { contact: { first_name: 'Waiting' } });
          // Until the write waits on the deleted row's lock (or has finished, if it never needed it).
          for (let i = 0; i < 200; i++) {
            const [{ n }] = await other`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`;
            if (n > 0) break;
            await new Promise((r) => setTimeout(r, 25));
          }
        });
        const res = await write!;
        expect(res.status, JSON.stringify(res.body)).toBe(201);
      } finally {
        await other.end();
      }
    },
  );
});
