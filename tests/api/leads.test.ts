import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { webhookMessages, leads } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectRef, expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  a = await createTestAccount('Lead GC');
  b = await createTestAccount('Other GC');
});

describe('leads', () => {
  it('creates a lead with every relation and echoes the full shape', async () => {
    const res = await a.api.post('/leads', {
      lead: {
        name: 'Riverside Medical Office Building',
        description: 'Three-storey MOB',
        priority: true,
        value_in_cents: 1_250_000_000,
        estimated_start_date: '2027-03-01',
        construction_duration: 14,
        construction_duration_unit: 'months',
        square_feet: 42000,
        units: 0,
        work_scope: 'new_construction',
        address: { street_address: '100 River Rd', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
        assigned_to_id: String(a.otherUserId),
        contract_type_id: String(a.lookup.contractTypes[0]),
        market_sector_id: String(a.lookup.marketSectors[0]),
      },
    });
    expect(res.status).toBe(201);
    const lead = res.body.lead;
    expectShape(lead, 'lead');
    expect(lead).toMatchObject({
      name: 'Riverside Medical Office Building',
      priority: true,
      value_in_cents: 1_250_000_000,
      estimated_start_date: '2027-03-01',
      construction_duration_unit: 'months',
      archived_at: null,
      address: { street_address: '100 River Rd', street_address2: null, city: 'Austin' },
      assigned_to: { id: String(a.otherUserId), first_name: 'Blake', last_name: 'Builder', name: 'Blake Builder' },
      created_by: { id: String(a.userId) },
      contract_type: { id: String(a.lookup.contractTypes[0]), name: 'Design/Build' },
      company: null,
    });
    expectShape(lead.address, 'address');
    for (const k of ['assigned_to', 'created_by']) expectRef(lead[k], 'user');
    expectRef(lead.contract_type, 'named');
    expect(res.headers.get('x-request-id')).toBeTruthy();
  });

  it('PATCH keeps omitted fields, clears nulls, and records one event', async () => {
    const created = (await a.api.post('/leads', { lead: { name: 'School gym', value_in_cents: 500, description: 'x' } })).body.lead;
    const res = await a.api.patch(`/leads/${created.id}`, { lead: { description: null, priority: true, unknown_key: 1 } });
    expect(res.status).toBe(200);
    expect(res.body.lead).toMatchObject({ name: 'School gym', value_in_cents: 500, description: null, priority: true });
    const events = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, a.accountId));
    const mine = events.filter((e) => e.payload.id === created.id);
    expect(mine.map((e) => e.eventType).sort()).toEqual(['lead.create', 'lead.update']);
    expect(mine[0]!.payload.url).toBe(`http://localhost:3000/api/2023-01/leads/${created.id}`);

    // A PATCH that changes nothing records nothing and keeps updated_at.
    const again = await a.api.patch(`/leads/${created.id}`, { lead: { priority: true } });
    expect(again.body.lead.updated_at).toBe(res.body.lead.updated_at);
    const after = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, a.accountId));
    expect(after.filter((e) => e.payload.id === created.id)).toHaveLength(2);
  });

  it('archives with the caller as archived_by and unarchives both together', async () => {
    const { id } = (await a.api.post('/leads', { lead: { name: 'Warehouse' } })).body.lead;
    const archived = await a.api.patch(`/leads/${id}`, { lead: { archived_at: '2026-01-02T03:04:05Z' } });
    expect(archived.body.lead).toMatchObject({ archived_at: '2026-01-02T03:04:05Z', archived_by: { id: String(a.userId) } });
    const listed = await a.api.get('/leads?archived=true');
    expect(listed.body.leads.map((l: { id: string }) => l.id)).toContain(id);
    const active = await a.api.get('/leads');
    expect(active.body.leads.map((l: { id: string }) => l.id)).not.toContain(id);
    const un = await a.api.patch(`/leads/${id}`, { lead: { archived_at: null } });
    expect(un.body.lead).toMatchObject({ archived_at: null, archived_by: null });
    const bad = await a.api.patch(`/leads/${id}`, { lead: { archived_by_id: String(a.userId) } });
    expect(bad.status).toBe(422);
    expect(bad.body.details).toHaveProperty('archived_by_id');
  });

  it('validates fields with 422 and details per field', async () => {
    const res = await a.api.post('/leads', {
      lead: { name: '', value_in_cents: -1, work_scope: 'moonbase', estimated_start_date: '2026-02-30', company_id: 'abc' },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('validation_failed');
    expect(Object.keys(res.body.details).sort()).toEqual(['company_id', 'estimated_start_date', 'name', 'value_in_cents', 'work_scope'].sort());
    const rows = await getDb().select().from(leads).where(eq(leads.accountId, a.accountId));
    expect(rows.find((r) => r.name === '')).toBeUndefined();
  });

  it('refuses a relation id of another account as a 422 on that field', async () => {
    const res = await a.api.post('/leads', { lead: { name: 'X', assigned_to_id: String(b.userId) } });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ assigned_to_id: ['does not exist'] });
  });

  it("isolates accounts: another account's lead is a 404 for every operation", async () => {
    const { id } = (await a.api.post('/leads', { lead: { name: 'Secret tower' } })).body.lead;
    expect((await b.api.get(`/leads/${id}`)).status).toBe(404);
    expect((await b.api.patch(`/leads/${id}`, { lead: { name: 'pwned' } })).status).toBe(404);
    expect((await b.api.delete(`/leads/${id}`)).status).toBe(404);
    const list = await b.api.get('/leads?per_page=100');
    expect(list.body.leads.map((l: { id: string }) => l.id)).not.toContain(id);
    expect((await a.api.get(`/leads/${id}`)).body.lead.name).toBe('Secret tower');
  });

  it('answers 401 without or with a wrong token, 403 for a read token writing', async () => {
    const none = await request('GET', '/leads');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(none.body.error).toBe('unauthorized');
    expect((await request('GET', '/leads', { token: 'gw_pat_wrong' })).status).toBe(401);
    expect((await a.readApi.get('/leads')).status).toBe(200);
    const write = await a.readApi.post('/leads', { lead: { name: 'nope' } });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('insufficient_scope');
  });
});

describe('lead sorting', () => {
  it('sorts by the given field, ascending or descending with "-", nulls last', async () => {
    const c = await createTestAccount('Sort GC');
    for (const [name, value] of [
      ['Bravo', 300],
      ['Alpha', null],
      ['Charlie', 100],
    ] as const) {
      await c.api.post('/leads', { lead: { name, value_in_cents: value } });
    }
    const names = async (sort: string) => (await c.api.get(`/leads?sort=${sort}`)).body.leads.map((l: { name: string }) => l.name);
    expect(await names('name')).toEqual(['Alpha', 'Bravo', 'Charlie']);
    expect(await names('-name')).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(await names('value_in_cents')).toEqual(['Charlie', 'Bravo', 'Alpha']);
    expect(await names('-value_in_cents')).toEqual(['Bravo', 'Charlie', 'Alpha']);
    expect(await names('-created_at')).toEqual(['Charlie', 'Alpha', 'Bravo']);
    const bad = await c.api.get('/leads?sort=drop_table');
    expect(bad.status).toBe(422);
    expect(bad.body.details).toHaveProperty('sort');
  });
});

describe('lead inbox filters', () => {
  it('unassigned=true lists the leads assigned to nobody, false those assigned to someone', async () => {
    const t = await createTestAccount('Inbox GC');
    await t.api.post('/leads', { lead: { name: 'Nobody’s' } });
    await t.api.post('/leads', { lead: { name: 'Blake’s', assigned_to_id: String(t.otherUserId) } });
    const names = async (q: string) => (await t.api.get(`/leads?${q}`)).body.leads.map((l: { name: string }) => l.name);
    expect(await names('unassigned=true')).toEqual(['Nobody’s']);
    expect(await names('unassigned=false')).toEqual(['Blake’s']);
    expect((await t.api.get('/leads?unassigned=true')).headers.get('x-total-count')).toBe('1');
    expect((await t.api.get('/leads?unassigned=maybe')).status).toBe(422);
  });
});
