import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIP_ROLE_KEYS } from '@/db/schema/enums';
import { request, type ApiResponse } from '../api';
import { createTestAccount, sessionClient, type TestAccount } from '../fixtures';

// Two people, one record: ETag / If-Match on every resource that has a single-record GET and
// PATCH or DELETE.

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
  { key: 'user', path: '/users', existing: async () => String(a.otherUserId), patch: (n) => ({ first_name: `Blake ${n}` }), deletable: false },
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
