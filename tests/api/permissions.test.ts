import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '@/db/queries/accounts';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { areasOfPath } from '@/lib/server/http/access';
import { client } from '../api';
import { createTestAccount, sessionClient, type SessionClient, type TestAccount } from '../fixtures';
import { routeFiles } from '../routes';

// Issue 18, permissions: the areas each path belongs to, what each level allows, and users' access
// as the API shows and sets it. (Project access `team` has its own file.)

let a: TestAccount;
let admin: SessionClient;

/** A member of `a` with the given stored access, and a client on a token of theirs. */
async function member(
  values: Parameters<typeof insertUser>[1] extends infer V ? Omit<V, 'accountId' | 'email' | 'firstName' | 'lastName'> : never,
  scope?: 'read',
) {
  const tag = Math.random().toString(36).slice(2, 8);
  const userId = await insertUser(getDb(), { accountId: a.accountId, email: `m.${tag}@example.com`, firstName: 'Mo', lastName: tag, ...values });
  return { userId, api: client(await createApiToken(getDb(), { accountId: a.accountId, userId }, scope ? { scope } : {})) };
}

beforeAll(async () => {
  a = await createTestAccount('Permissions GC');
  admin = await sessionClient(a.userId);
});

describe('the permission areas of the API', () => {
  // Paths that need no area: the caller's own user and credentials, the account's users and
  // lookups, imports (which check the area of their resource), and what is admins' alone.
  const AREA_FREE = [
    '/account',
    '/api_tokens',
    '/api_tokens/{id}',
    '/audit_log',
    '/call_outcomes',
    '/call_outcomes/{id}',
    '/call_outcomes/{id}/merge',
    // A comment's area is its record's (checked by the service: a 404 without it).
    '/comments',
    '/comments/{id}',
    '/company_categories',
    '/contract_types',
    '/contract_types/{id}',
    '/contract_types/{id}/merge',
    '/custom_fields',
    '/custom_fields/{id}',
    '/delivery_methods',
    '/delivery_methods/{id}',
    '/delivery_methods/{id}/merge',
    '/divisions',
    '/divisions/{id}',
    '/divisions/{id}/merge',
    // A document's area is its record's (checked by the service: a 404 without it).
    '/document_folders',
    '/document_uploads',
    '/document_folders/{id}',
    '/documents',
    '/documents/{id}',
    '/documents/{id}/download',
    '/documents/{id}/thumbnail',
    '/documents/{id}/versions',
    // An email's area is its records' (checked by the service: a 404 without one).
    '/email_capture',
    '/email_capture/rotate',
    '/emails',
    '/emails/{id}',
    '/imports',
    '/imports/{id}',
    '/imports/{id}/errors.csv',
    '/industries',
    '/industries/{id}',
    '/industries/{id}/merge',
    '/lead_sources',
    '/lead_sources/{id}',
    '/lead_sources/{id}/merge',
    '/loss_reasons',
    '/loss_reasons/{id}',
    '/loss_reasons/{id}/merge',
    '/market_sectors',
    '/market_sectors/{id}',
    '/market_sectors/{id}/merge',
    '/oauth_applications',
    '/oauth_applications/{id}',
    '/oauth_applications/{id}/rotate_secret',
    '/oauth_grants',
    '/oauth_grants/{id}',
    '/calendar.ics',
    '/calendar_feed',
    '/openapi.json',
    '/project_stages',
    '/project_stages/{id}',
    '/project_stages/{id}/merge',
    '/project_stages/order',
    '/project_team_roles',
    // Reminders are the caller's own, about a record whose area the service checks (a 404 without it).
    '/reminders',
    '/reminders/{id}',
    '/notifications',
    '/notifications/{id}',
    '/notifications/read',
    '/notifications/unread_count',
    '/notifications/stream',
    '/saved_views',
    '/saved_views/{id}',
    '/security_events',
    '/sessions',
    '/sessions/{id}',
    '/tender_types',
    '/tender_types/{id}',
    '/tender_types/{id}/merge',
    '/users',
    '/users/{id}',
    '/users/me',
    '/users/me/password',
    '/users/me/notification_settings',
    '/webhook_messages',
    '/webhook_messages/{id}/resend',
    '/webhooks',
    '/webhooks/{id}',
    '/webhooks/{id}/attempts',
  ];

  it('classify every route: each has its areas, or is one of the few that need none', () => {
    const templates = routeFiles()
      .map((r) => r.template)
      .filter((t) => t.startsWith('/api/2023-01/'))
      .map((t) => t.slice('/api/2023-01'.length));
    const free = templates.filter((t) => areasOfPath(t.replaceAll(/\{\w+\}/g, '1')).length === 0).sort();
    expect(free).toEqual([...AREA_FREE].sort());
    expect(areasOfPath('/leads/7/convert')).toEqual(['leads', 'projects']);
    expect(areasOfPath('/projects/7/forecast')).toEqual(['projects', 'forecast']);
    expect(areasOfPath('/workforce/utilization')).toEqual(['workforce']);
    expect(areasOfPath('/companies/3')).toEqual(['directory']);
  });
});

describe('an area with no access', () => {
  it('answers 403 insufficient_permission naming the area, for reads and writes; other areas answer', async () => {
    const { api } = await member({}); // a new user's defaults: collaborator everywhere but the workforce
    const read = await api.get('/workforce/employees');
    expect(read.status).toBe(403);
    expect(read.body).toMatchObject({ error: 'insufficient_permission', details: { area: 'workforce', permission: 'none' } });
    expect(read.body.message).toContain('workforce');
    expect((await api.post('/workforce/employees', { workforce_employee: { first_name: 'X' } })).status).toBe(403);
    expect((await api.get('/workforce/utilization')).status).toBe(403);
    expect((await api.get('/leads')).status).toBe(200);
    expect((await api.get('/companies')).status).toBe(200);
    // Exports are the list: refused the same way.
    expect((await api.get('/workforce/employees?format=csv')).status).toBe(403);
  });

  it('converting a lead needs both leads and projects', async () => {
    const lead = (await a.api.post('/leads', { lead: { name: 'Needs both' } })).body.lead;
    const { api } = await member({ permissionProjects: 'none' });
    const res = await api.post(`/leads/${lead.id}/convert`);
    expect(res.status).toBe(403);
    expect(res.body.details.area).toBe('projects');
    expect((await a.api.get(`/leads/${lead.id}`)).body.lead.archived_at).toBeNull();
  });
});

describe('collaborators', () => {
  it('read, create and change, but delete only with the admin level', async () => {
    const { api } = await member({});
    const company = await api.post('/companies', { company: { name: 'Collab Co' } });
    expect(company.status).toBe(201);
    expect((await api.patch(`/companies/${company.body.company.id}`, { company: { name: 'Collab Co.' } })).status).toBe(200);
    const refused = await api.delete(`/companies/${company.body.company.id}`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: 'insufficient_permission', details: { area: 'directory', permission: 'collaborator', required: 'admin' } });
    expect((await api.get(`/companies/${company.body.company.id}`)).status).toBe(200);

    const directoryAdmin = await member({ permissionDirectory: 'admin' });
    expect((await directoryAdmin.api.delete(`/companies/${company.body.company.id}`)).status).toBe(204);
  });

  it('a read-only token of a collaborator still cannot write (scope and permissions both apply)', async () => {
    const { api } = await member({ permissionLeads: 'admin' }, 'read');
    expect((await api.get('/leads')).status).toBe(200);
    expect((await api.post('/leads', { lead: { name: 'No' } })).body.error).toBe('insufficient_scope');
  });
});

describe("what is admins' alone", () => {
  it('webhooks, the webhook message log, and the lookups and stages', async () => {
    const { api } = await member({ permissionLeads: 'admin', permissionProjects: 'admin' });
    for (const res of [
      await api.get('/webhooks'),
      await api.post('/webhooks', { webhook: { url: 'https://example.com/hook', secret: 'a-secret-of-ours' } }),
      await api.get('/webhook_messages'),
      await api.post('/market_sectors', { market_sector: { name: 'Data centers' } }),
      await api.patch(`/project_stages/${a.stageIds[0]}`, { project_stage: { default_probability: 0.1 } }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error).toBe('forbidden');
    }
    expect((await api.get('/market_sectors')).status).toBe(200);
    expect((await api.get('/project_stages')).status).toBe(200);
    expect((await a.api.post('/market_sectors', { market_sector: { name: 'Data centers' } })).status).toBe(201);
  });
});

describe('imports', () => {
  it('need the write of their resource, and list only what the caller may read', async () => {
    const csv = 'Name\nImported lead\n';
    const mine = await a.api.post('/imports?resource=leads&name=Leads%20by%20admin', undefined, { rawBody: csv, headers: { 'content-type': 'text/csv' } });
    expect(mine.status).toBe(202);
    const { api } = await member({ permissionLeads: 'none' });
    const refused = await api.post('/imports?resource=leads', undefined, { rawBody: csv, headers: { 'content-type': 'text/csv' } });
    expect(refused.status).toBe(403);
    expect(refused.body.details.area).toBe('leads');
    expect((await api.get('/imports')).body.imports.map((i: { id: string }) => i.id)).not.toContain(mine.body.import.id);
    expect((await api.get(`/imports/${mine.body.import.id}`)).status).toBe(404);
    expect((await api.get(`/imports/${mine.body.import.id}/errors.csv`)).status).toBe(404);

    const collaborator = await member({});
    expect((await collaborator.api.get(`/imports/${mine.body.import.id}`)).status).toBe(200);
    expect((await collaborator.api.delete(`/imports/${mine.body.import.id}`)).body.error).toBe('insufficient_permission');
  });
});

describe("users' access", () => {
  it('GET /users/me shows it; an admin sets it with PATCH /users/{id} (a session), recorded in the security log', async () => {
    const m = await member({});
    expect((await m.api.get('/users/me')).body.user).toMatchObject({
      role: 'member',
      project_access: 'all',
      permissions: {
        leads: 'collaborator',
        projects: 'collaborator',
        directory: 'collaborator',
        workforce: 'none',
        forecast: 'collaborator',
        insights: 'collaborator',
      },
    });
    expect((await a.api.get('/users/me')).body.user).toMatchObject({
      role: 'admin',
      project_access: 'all',
      permissions: { leads: 'admin', projects: 'admin', directory: 'admin', workforce: 'admin', forecast: 'admin', insights: 'admin' },
    });

    const changed = await admin.patch(`/api/2023-01/users/${m.userId}`, {
      user: { project_access: 'team', permissions: { workforce: 'collaborator', leads: 'none' } },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.user).toMatchObject({ project_access: 'team', permissions: { workforce: 'collaborator', leads: 'none', projects: 'collaborator' } });
    // In effect at once, on the user's existing token.
    expect((await m.api.get('/workforce/employees')).status).toBe(200);
    expect((await m.api.get('/leads')).status).toBe(403);
    const events = (await admin.get(`/api/2023-01/security_events?kind=user.access_changed`)).body.security_events;
    expect(events[0]).toMatchObject({ details: { project_access: { from: 'all', to: 'team' }, 'permissions.leads': { from: 'collaborator', to: 'none' } } });

    // Only admins, from a session; bad levels are 422s on their field.
    expect((await a.api.patch(`/users/${m.userId}`, { user: { project_access: 'all' } })).body.error).toBe('session_required');
    const bad = await admin.patch(`/api/2023-01/users/${m.userId}`, { user: { permissions: { leads: 'owner', sales: 'none' } } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details)).toEqual(expect.arrayContaining(['permissions.leads']));
  });

  it('a new user takes the defaults, or what the admin gives', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const res = await admin.post('/api/2023-01/users', {
      user: { email: `new.${tag}@example.com`, password: 'a long enough password', project_access: 'team', permissions: { forecast: 'none' } },
    });
    expect(res.status).toBe(201);
    expect(res.body.user).toMatchObject({ project_access: 'team', permissions: { forecast: 'none', workforce: 'none', leads: 'collaborator' } });
  });
});
