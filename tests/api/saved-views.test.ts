import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '@/db/queries/accounts';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { client, type Client } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Issue 18, saved views: a list's filters, columns and sort under a name; the owner's, or shared
// with the account; only the owner or an admin changes one; filters are the list's own parameters.

let a: TestAccount;
let b: TestAccount;
let member: Client;
let other: Client;

async function memberOf(t: TestAccount, values: Parameters<typeof insertUser>[1] extends infer V ? Partial<V> : never = {}) {
  const userId = await insertUser(getDb(), {
    accountId: t.accountId,
    email: `sv.${Math.random().toString(36).slice(2, 8)}@example.com`,
    firstName: 'S',
    lastName: 'V',
    ...values,
  });
  return client(await createApiToken(getDb(), { accountId: t.accountId, userId }));
}

beforeAll(async () => {
  a = await createTestAccount('Views GC');
  b = await createTestAccount('Other GC');
  member = await memberOf(a);
  other = await memberOf(a);
});

describe('saved views', () => {
  it('are saved with the list’s parameters, private unless shared', async () => {
    const res = await member.post('/saved_views', {
      saved_view: {
        resource: 'leads',
        name: 'My hot leads',
        filters: { priority: 'true', assigned_to_id: String(a.userId) },
        columns: ['name', 'value_in_cents'],
        sort: '-value_in_cents',
      },
    });
    expect(res.status).toBe(201);
    expect(res.body.saved_view).toMatchObject({
      resource: 'leads',
      name: 'My hot leads',
      shared: false,
      sort: '-value_in_cents',
      columns: ['name', 'value_in_cents'],
    });
    expect(res.body.saved_view.owner).toMatchObject({ first_name: 'S' });
    expect(res.headers.get('etag')).toBeTruthy();

    // Private: the owner lists it, a colleague does not (and gets a 404 for it).
    expect((await member.get('/saved_views?resource=leads')).body.saved_views.map((v: { name: string }) => v.name)).toContain('My hot leads');
    expect((await other.get('/saved_views')).body.saved_views).toEqual([]);
    expect((await other.get(`/saved_views/${res.body.saved_view.id}`)).status).toBe(404);
    // A colleague can neither change nor delete what they cannot see: a 404, and the view is untouched.
    expect((await other.patch(`/saved_views/${res.body.saved_view.id}`, { saved_view: { name: 'Taken' } })).status).toBe(404);
    expect((await other.delete(`/saved_views/${res.body.saved_view.id}`)).status).toBe(404);
    expect((await member.get(`/saved_views/${res.body.saved_view.id}`)).body.saved_view.name).toBe('My hot leads');

    // Shared: everyone sees it, only the owner or an admin changes it.
    const shared = await member.patch(`/saved_views/${res.body.saved_view.id}`, { saved_view: { shared: true } });
    expect(shared.body.saved_view.shared).toBe(true);
    expect((await other.get('/saved_views')).body.saved_views.map((v: { id: string }) => v.id)).toEqual([res.body.saved_view.id]);
    const refused = await other.patch(`/saved_views/${res.body.saved_view.id}`, { saved_view: { name: 'Mine now' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('forbidden');
    expect((await other.delete(`/saved_views/${res.body.saved_view.id}`)).status).toBe(403);
    expect((await a.api.patch(`/saved_views/${res.body.saved_view.id}`, { saved_view: { name: 'Hot leads' } })).body.saved_view.name).toBe('Hot leads');

    // Another account sees nothing of it.
    expect((await b.api.get(`/saved_views/${res.body.saved_view.id}`)).status).toBe(404);
    expect((await b.api.get('/saved_views')).body.saved_views).toEqual([]);

    expect((await member.delete(`/saved_views/${res.body.saved_view.id}`)).status).toBe(204);
    expect((await member.get(`/saved_views/${res.body.saved_view.id}`)).status).toBe(404);
  });

  it('refuse parameters the list does not have, and values it would refuse', async () => {
    const res = await member.post('/saved_views', {
      saved_view: { resource: 'projects', name: 'Odd', filters: { colour: 'red', project_status: 'sleeping', 'custom_fields[tier]': 'a' }, sort: 'shoe_size' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['filters.colour', 'filters.project_status', 'sort']);
    expect(res.body.details['filters.colour'][0]).toContain('its filters are');
    // Tasks take no custom fields.
    expect((await member.post('/saved_views', { saved_view: { resource: 'tasks', name: 'X', filters: { 'custom_fields[x]': '1' } } })).status).toBe(422);
    expect((await member.post('/saved_views', { saved_view: { resource: 'tasks', name: 'Mine open', filters: { completed: 'false' } } })).status).toBe(201);
  });

  it('follow permissions: no view of a list the user may not read', async () => {
    const noWorkforce = await memberOf(a); // a new user's defaults: no workforce
    const refused = await noWorkforce.post('/saved_views', { saved_view: { resource: 'workforce_employees', name: 'Supers' } });
    expect(refused.status).toBe(403);
    expect(refused.body.error).toBe('insufficient_permission');
    const view = await a.api.post('/saved_views', { saved_view: { resource: 'workforce_employees', name: 'Supers', shared: true } });
    expect(view.status).toBe(201);
    expect((await noWorkforce.get('/saved_views')).body.saved_views.map((v: { id: string }) => v.id)).not.toContain(view.body.saved_view.id);
    expect((await noWorkforce.get(`/saved_views/${view.body.saved_view.id}`)).status).toBe(404);
  });

  it('take If-Match', async () => {
    const view = await member.post('/saved_views', { saved_view: { resource: 'companies', name: 'Owners', filters: { q: 'owner' } } });
    const stale = await member.patch(`/saved_views/${view.body.saved_view.id}`, { saved_view: { name: 'A' } }, { headers: { 'if-match': '"stale"' } });
    expect(stale.status).toBe(412);
    const fresh = await member.patch(
      `/saved_views/${view.body.saved_view.id}`,
      { saved_view: { name: 'B' } },
      { headers: { 'if-match': view.headers.get('etag')! } },
    );
    expect(fresh.status).toBe(200);
  });
});
