import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../api';
import { createTestAccount, sessionClient, TIMESTAMP, type SessionClient, type TestAccount } from '../fixtures';
import { registerApp, tokenRequest } from '../oauth';

// The audit log: every change's webhook message with who made it, how they were signed in and
// which fields an update changed; for the account's admins.

let a: TestAccount;
let other: TestAccount;
let admin: SessionClient;
let companyId: string;

beforeAll(async () => {
  a = await createTestAccount('Audit GC');
  other = await createTestAccount('Other Audit GC');
  admin = await sessionClient(a.userId);
  const res = await a.api.post('/companies', { company: { name: 'Audited Builders' } });
  companyId = res.body.company.id;
});

const entriesFor = async (query: string) => {
  const res = await a.api.get(`/audit_log?${query}`);
  expect(res.status).toBe(200);
  return res.body.audit_log as Record<string, unknown>[];
};

describe('GET /audit_log', () => {
  it('records a create by API token with its actor and token', async () => {
    const [entry] = await entriesFor(`resource=company&resource_id=${companyId}&action=create`);
    expect(entry).toEqual({
      id: expect.stringMatching(/^\d+$/),
      event_type: 'company.create',
      resource: 'company',
      resource_id: companyId,
      action: 'create',
      url: expect.stringMatching(new RegExp(`/api/2023-01/companies/${companyId}$`)),
      timestamp: expect.stringMatching(TIMESTAMP),
      actor: expect.objectContaining({ id: String(a.userId), first_name: 'Avery', last_name: 'Admin' }),
      auth_method: 'api_token',
      token_id: expect.stringMatching(/^\d+$/),
      oauth_application: null,
      changed_fields: null,
    });
  });

  it("records an update's changed fields and the dashboard's session", async () => {
    const res = await admin.patch(`/companies/${companyId}`, { company: { name: 'Audited Builders Inc', website: 'https://audited.example' } });
    expect(res.status).toBe(200);
    const [entry] = await entriesFor(`resource=company&resource_id=${companyId}&action=update`);
    expect(entry).toMatchObject({ auth_method: 'session', token_id: null, changed_fields: ['name', 'website'] });
    // An update that changes nothing records nothing.
    await admin.patch(`/companies/${companyId}`, { company: { name: 'Audited Builders Inc' } });
    expect(await entriesFor(`resource=company&resource_id=${companyId}&action=update`)).toHaveLength(1);
  });

  it('records the OAuth application a change came through', async () => {
    const app = await registerApp(admin, { name: 'Audit sync' });
    const token = await tokenRequest({ grant_type: 'client_credentials', client_id: app.client_id, client_secret: app.client_secret! });
    expect(token.status).toBe(200);
    const made = await client(token.body.access_token).post('/companies', { company: { name: 'Through OAuth' } });
    expect(made.status).toBe(201);
    const [entry] = await entriesFor(`resource=company&resource_id=${made.body.company.id}`);
    expect(entry).toMatchObject({ auth_method: 'oauth', oauth_application: { id: app.id, name: 'Audit sync' }, token_id: expect.any(String) });
  });

  it('filters by actor and time, newest first, paginated', async () => {
    const member = await sessionClient(a.otherUserId);
    const before = new Date(Date.now() - 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    await member.post('/contacts', { contact: { first_name: 'Mo', last_name: 'Member' } });
    await member.post('/contacts', { contact: { first_name: 'Mo', last_name: 'Again' } });
    const byMember = await entriesFor(`actor_id=${a.otherUserId}`);
    expect(byMember).toHaveLength(2);
    expect(byMember.every((e) => (e.actor as { id: string }).id === String(a.otherUserId))).toBe(true);
    expect(new Date(byMember[0]!.timestamp as string) >= new Date(byMember[1]!.timestamp as string)).toBe(true);
    const page = await a.api.get('/audit_log?per_page=1&page=2');
    expect(page.body.audit_log).toHaveLength(1);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(5);
    const recent = await entriesFor(`since=${before}&resource=contact`);
    expect(recent).toHaveLength(2);
    expect((await a.api.get('/audit_log?resource=nonsense')).status).toBe(422);
  });

  it("shows only the account's own changes", async () => {
    await other.api.post('/companies', { company: { name: 'Elsewhere' } });
    const all = await entriesFor('per_page=100');
    expect(all.every((e) => [String(a.userId), String(a.otherUserId)].includes((e.actor as { id: string }).id))).toBe(true);
  });

  it('is for admins only: a member gets 403 forbidden', async () => {
    const member = await sessionClient(a.otherUserId);
    const res = await member.get('/audit_log');
    expect(res.status).toBe(403);
    expect(res.body.error).toBe('forbidden');
  });

  it('leaves the webhook message shape as the spec has it', async () => {
    const res = await a.api.get('/webhook_messages?per_page=5');
    expect(res.status).toBe(200);
    for (const m of res.body.webhook_messages) expect(Object.keys(m).sort()).toEqual(['event_id', 'event_type', 'id', 'payload', 'timestamp']);
  });
});
