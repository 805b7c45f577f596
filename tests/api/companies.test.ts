import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { statementCount } from '@/db';
import { listCompanies } from '@/db/queries/companies';
import { calls, companies, companyIndustries, contacts, imports, leads, projects, webhookMessages } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectRef, expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;

beforeAll(async () => {
  a = await createTestAccount('Company GC');
  b = await createTestAccount('Other GC');
});

const ids = (list: { id: string }[]) => list.map((r) => r.id);

async function eventsFor(account: TestAccount, id: string) {
  const rows = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, account.accountId));
  return rows.filter((e) => e.payload.id === id && e.eventType.startsWith('company.'));
}

async function createCompany(account: TestAccount, fields: Record<string, unknown> = {}) {
  const res = await account.api.post('/companies', { company: { name: 'Acme Builders', ...fields } });
  expect(res.status).toBe(201);
  return res.body.company;
}

describe('POST /companies', () => {
  it('creates a company with every field and echoes the full shape', async () => {
    const [architecture, realEstate] = a.lookup.industries as [number, number];
    const res = await a.api.post('/companies', {
      company: {
        name: 'Halvorsen Architects',
        description: 'Healthcare design studio',
        phone: '+1 512 555 0100',
        website: 'https://halvorsen.example.com',
        category: 'architect',
        address: { street_address: '12 Congress Ave', city: 'Austin', state: 'TX', zip: '78701', country: 'US' },
        // Given out of order and repeated: stored once each, returned ordered by name.
        industry_ids: [String(realEstate), architecture, String(realEstate)],
        custom_fields: { tier: 'gold', score: 3 },
      },
    });
    expect(res.status).toBe(201);
    const company = res.body.company;
    expectShape(company, 'company');
    expectShape(company.address, 'address');
    expectRef(company.created_by, 'user');
    expect(company).toMatchObject({
      name: 'Halvorsen Architects',
      description: 'Healthcare design studio',
      phone: '+1 512 555 0100',
      website: 'https://halvorsen.example.com',
      category: 'architect',
      address: { street_address: '12 Congress Ave', street_address2: null, city: 'Austin', zip: '78701' },
      created_by: { id: String(a.userId), first_name: 'Avery', last_name: 'Admin', name: 'Avery Admin' },
      import: null,
      custom_fields: { tier: 'gold', score: 3 },
    });
    expect(company.industries.map((i: { name: string }) => i.name)).toEqual(['Architecture', 'Real Estate']);
    for (const i of company.industries) expectShape(i, 'named');
    expect(company.industries[0].id).toBe(String(architecture));

    const links = await getDb()
      .select()
      .from(companyIndustries)
      .where(eq(companyIndustries.companyId, Number(company.id)));
    expect(links.map((l) => l.industryId).sort()).toEqual([architecture, realEstate].sort());
    const events = await eventsFor(a, company.id);
    expect(events.map((e) => e.eventType)).toEqual(['company.create']);
    expect(events[0]!.payload.url).toBe(`http://localhost:3000/api/2023-01/companies/${company.id}`);
  });

  it('defaults every optional field to null, [] or {}', async () => {
    const company = await createCompany(a, { name: '  Bare Co  ' });
    expect(company).toMatchObject({
      name: 'Bare Co',
      description: null,
      phone: null,
      website: null,
      category: null,
      import: null,
      industries: [],
      custom_fields: {},
      address: { street_address: null, street_address2: null, city: null, state: null, zip: null, country: null },
    });
  });

  it('refuses invalid fields with 422 and details per field, writing nothing', async () => {
    const before = await getDb().select().from(companies).where(eq(companies.accountId, a.accountId));
    const res = await a.api.post('/companies', {
      company: {
        category: 'moonbase',
        website: `https://${'x'.repeat(2050)}.com`,
        industry_ids: ['abc'],
        custom_fields: 'nope',
        address: { city: 7 },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('validation_failed');
    expect(Object.keys(res.body.details).sort()).toEqual(['address.city', 'category', 'custom_fields', 'industry_ids.0', 'name', 'website'].sort());
    expect((await a.api.post('/companies', { company: { name: '   ' } })).body.details).toHaveProperty('name');
    const after = await getDb().select().from(companies).where(eq(companies.accountId, a.accountId));
    expect(after).toHaveLength(before.length);
  });

  it('refuses an industry of another account (or none) as a 422 on industry_ids', async () => {
    const res = await a.api.post('/companies', {
      company: { name: 'Cross-tenant', industry_ids: [String(a.lookup.industries[0]), String(b.lookup.industries[0]), '999999999'] },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details)).toEqual(['industry_ids']);
    expect(res.body.details.industry_ids).toHaveLength(2);
    const rows = await getDb()
      .select()
      .from(companies)
      .where(and(eq(companies.accountId, a.accountId), eq(companies.name, 'Cross-tenant')));
    expect(rows).toHaveLength(0);
  });

  it('answers 400 without the wrapper and 403 for a read-only token', async () => {
    const bare = await a.api.post('/companies', { name: 'Unwrapped' });
    expect(bare.status).toBe(400);
    expect(bare.body.error).toBe('missing_wrapper');
    const write = await a.readApi.post('/companies', { company: { name: 'nope' } });
    expect(write.status).toBe(403);
  });
});

describe('GET /companies/{id} (operation 4)', () => {
  it('returns the company with its import, industries and creator', async () => {
    const [imp] = await getDb().insert(imports).values({ accountId: a.accountId, name: 'Spring trade show list' }).returning();
    const created = await createCompany(a, { name: 'Imported Co', industry_ids: [String(a.lookup.industries[1])] });
    await getDb()
      .update(companies)
      .set({ importId: imp!.id })
      .where(eq(companies.id, Number(created.id)));

    const res = await a.api.get(`/companies/${created.id}`);
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['company']);
    const company = res.body.company;
    expectShape(company, 'company');
    expectRef(company.import, 'named');
    expect(company.import).toMatchObject({ id: String(imp!.id), name: 'Spring trade show list' });
    expect(company.industries).toEqual([expect.objectContaining({ id: String(a.lookup.industries[1]), name: 'Real Estate' })]);
    expect(company.created_by).toMatchObject({ id: String(a.userId), email: expect.stringContaining('@example.com') });
    expect((await a.readApi.get(`/companies/${created.id}`)).status).toBe(200);
  });

  it("answers 404 for a missing id, an odd id, and another account's company", async () => {
    const other = await createCompany(b, { name: 'B only' });
    for (const id of ['999999999', 'abc', '0', '-1', '1.5', other.id]) {
      const res = await a.api.get(`/companies/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
  });
});

describe('PATCH /companies/{id}', () => {
  it('keeps omitted fields, clears nulls, merges the address and echoes embeds', async () => {
    const created = await createCompany(a, {
      name: 'Patch Co',
      description: 'old',
      phone: '555',
      category: 'client',
      address: { street_address: '1 Main', city: 'Dallas', state: 'TX' },
      industry_ids: [String(a.lookup.industries[0])],
      custom_fields: { a: 1 },
    });
    const res = await a.api.patch(`/companies/${created.id}`, {
      company: { description: null, category: 'owner', address: { city: 'Houston', state: null }, unknown_key: 'ignored' },
    });
    expect(res.status).toBe(200);
    const company = res.body.company;
    expectShape(company, 'company');
    expect(company).toMatchObject({
      name: 'Patch Co',
      description: null,
      phone: '555',
      category: 'owner',
      address: { street_address: '1 Main', city: 'Houston', state: null },
      custom_fields: { a: 1 },
      created_by: { id: String(a.userId) },
    });
    expect(ids(company.industries)).toEqual([String(a.lookup.industries[0])]);

    const [row] = await getDb()
      .select()
      .from(companies)
      .where(eq(companies.id, Number(created.id)));
    expect(row).toMatchObject({ description: null, category: 'owner', city: 'Houston', state: null, streetAddress: '1 Main' });

    const cleared = await a.api.patch(`/companies/${created.id}`, { company: { address: null, custom_fields: null } });
    expect(cleared.body.company.address).toEqual({
      street_address: null,
      street_address2: null,
      city: null,
      state: null,
      zip: null,
      country: null,
    });
    expect(cleared.body.company.custom_fields).toEqual({});
  });

  it('replaces the industry set, bumps updated_at and records an event', async () => {
    const [architecture, realEstate] = a.lookup.industries as [number, number];
    const created = await createCompany(a, { name: 'Industry Co', industry_ids: [architecture] });
    await getDb()
      .update(companies)
      .set({ updatedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(companies.id, Number(created.id)));

    const res = await a.api.patch(`/companies/${created.id}`, { company: { industry_ids: [realEstate] } });
    expect(res.status).toBe(200);
    expect(ids(res.body.company.industries)).toEqual([String(realEstate)]);
    expect(res.body.company.updated_at).not.toBe('2020-01-01T00:00:00Z');
    expect((await eventsFor(a, created.id)).map((e) => e.eventType).sort()).toEqual(['company.create', 'company.update']);

    const emptied = await a.api.patch(`/companies/${created.id}`, { company: { industry_ids: [] } });
    expect(emptied.body.company.industries).toEqual([]);
    const links = await getDb()
      .select()
      .from(companyIndustries)
      .where(eq(companyIndustries.companyId, Number(created.id)));
    expect(links).toHaveLength(0);

    const bad = await a.api.patch(`/companies/${created.id}`, { company: { industry_ids: [String(b.lookup.industries[0])] } });
    expect(bad.status).toBe(422);
    expect(bad.body.details).toHaveProperty('industry_ids');
  });

  it('writes nothing and records no event when nothing changes', async () => {
    const created = await createCompany(a, {
      name: 'Still Co',
      category: 'supplier',
      industry_ids: [a.lookup.industries[1], a.lookup.industries[0]],
      custom_fields: { x: 1, y: 2 },
    });
    const res = await a.api.patch(`/companies/${created.id}`, {
      company: {
        name: 'Still Co',
        category: 'supplier',
        industry_ids: [a.lookup.industries[0], a.lookup.industries[1]],
        custom_fields: { y: 2, x: 1 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.company.updated_at).toBe(created.updated_at);
    expect(await eventsFor(a, created.id)).toHaveLength(1);
  });

  it('answers 422 with details, and 404 for missing, odd and foreign ids', async () => {
    const created = await createCompany(a, { name: 'Valid Co' });
    const bad = await a.api.patch(`/companies/${created.id}`, { company: { name: null, category: 'x' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['category', 'name']);
    const other = await createCompany(b, { name: 'Foreign Co' });
    for (const id of ['999999999', 'abc', other.id]) {
      expect((await a.api.patch(`/companies/${id}`, { company: { name: 'pwned' } })).status, id).toBe(404);
    }
    expect((await b.api.get(`/companies/${other.id}`)).body.company.name).toBe('Foreign Co');
  });
});

describe('DELETE /companies/{id}', () => {
  it('deletes the company, detaches its records and records an event', async () => {
    const created = await createCompany(a, { name: 'Doomed Co', industry_ids: [a.lookup.industries[0]] });
    const companyId = Number(created.id);
    const db = getDb();
    const [lead] = await db.insert(leads).values({ accountId: a.accountId, name: 'L', companyId }).returning();
    const [project] = await db.insert(projects).values({ accountId: a.accountId, name: 'P', companyId }).returning();
    const [contact] = await db.insert(contacts).values({ accountId: a.accountId, firstName: 'C', companyId }).returning();
    const [call] = await db.insert(calls).values({ accountId: a.accountId, recordedAt: new Date(), companyId }).returning();

    const res = await a.api.delete(`/companies/${created.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await a.api.get(`/companies/${created.id}`)).status).toBe(404);
    expect((await a.api.delete(`/companies/${created.id}`)).status).toBe(404);

    expect((await db.select().from(leads).where(eq(leads.id, lead!.id)))[0]!.companyId).toBeNull();
    expect((await db.select().from(projects).where(eq(projects.id, project!.id)))[0]!.companyId).toBeNull();
    expect((await db.select().from(contacts).where(eq(contacts.id, contact!.id)))[0]!.companyId).toBeNull();
    expect((await db.select().from(calls).where(eq(calls.id, call!.id)))[0]!.companyId).toBeNull();
    expect(await db.select().from(companyIndustries).where(eq(companyIndustries.companyId, companyId))).toHaveLength(0);
    expect((await eventsFor(a, created.id)).map((e) => e.eventType).sort()).toEqual(['company.create', 'company.delete']);
  });

  it('answers 404 for missing, odd and foreign ids, and 403 for a read-only token', async () => {
    const other = await createCompany(b, { name: 'Keep me' });
    for (const id of ['999999999', 'abc', other.id]) expect((await a.api.delete(`/companies/${id}`)).status, id).toBe(404);
    expect((await b.api.get(`/companies/${other.id}`)).status).toBe(200);
    const mine = await createCompany(a, { name: 'Read-only target' });
    expect((await a.readApi.delete(`/companies/${mine.id}`)).status).toBe(403);
    expect((await a.api.get(`/companies/${mine.id}`)).status).toBe(200);
  });
});

describe('GET /companies', () => {
  let c: TestAccount;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    c = await createTestAccount('Company list GC');
    const specs = [
      { name: 'Northwind Mechanical', category: 'subcontractor' },
      { name: 'Bluebonnet Owners LLC', category: 'owner' },
      { name: 'North Star Engineering', category: 'engineer' },
      { name: '100% Concrete_Co', category: 'supplier' },
      { name: 'Quiet Client', category: 'client' },
    ];
    for (const s of specs) {
      const company = await createCompany(c, { ...s, industry_ids: c.lookup.industries });
      made[s.name] = company.id;
    }
    await getDb()
      .update(companies)
      .set({ updatedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(companies.id, Number(made['Quiet Client'])));
  });

  it("lists the account's companies newest first, with full shapes", async () => {
    const res = await c.api.get('/companies');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['companies']);
    expect(ids(res.body.companies)).toEqual(Object.values(made).reverse());
    for (const company of res.body.companies) {
      expectShape(company, 'company');
      expect(company.industries.map((i: { name: string }) => i.name)).toEqual(['Architecture', 'Real Estate']);
    }
    expect(res.headers.get('x-total-count')).toBe('5');
    expect((await c.readApi.get('/companies')).status).toBe(200);
  });

  it('excludes other accounts', async () => {
    const foreign = await createCompany(b, { name: 'Northwind Foreign' });
    const res = await c.api.get('/companies?q=northwind');
    expect(ids(res.body.companies)).toEqual([made['Northwind Mechanical']]);
    expect(ids((await c.api.get('/companies?per_page=100')).body.companies)).not.toContain(foreign.id);
  });

  it('filters by category, q and updated_since', async () => {
    expect(ids((await c.api.get('/companies?category=owner')).body.companies)).toEqual([made['Bluebonnet Owners LLC']]);
    expect(ids((await c.api.get('/companies?q=NORTH')).body.companies)).toEqual([made['North Star Engineering'], made['Northwind Mechanical']]);
    // LIKE wildcards in q match themselves.
    expect(ids((await c.api.get('/companies?q=100%25')).body.companies)).toEqual([made['100% Concrete_Co']]);
    expect((await c.api.get('/companies?q=_')).body.companies).toHaveLength(1);
    const since = await c.api.get('/companies?updated_since=2021-01-01T00:00:00Z');
    expect(ids(since.body.companies)).not.toContain(made['Quiet Client']);
    expect(since.body.companies).toHaveLength(4);
    expect((await c.api.get('/companies?category=owner&q=north')).body.companies).toEqual([]);
  });

  it('refuses bad filter values with 422', async () => {
    for (const [query, field] of [
      ['category=moonbase', 'category'],
      ['category=', 'category'],
      ['updated_since=yesterday', 'updated_since'],
      ['q=', 'q'],
      ['category=owner&category=client', 'category'],
      ['per_page=0', 'per_page'],
      ['per_page=101', 'per_page'],
      ['page=0', 'page'],
    ] as const) {
      const res = await c.api.get(`/companies?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.details, query).toHaveProperty(field);
    }
  });

  it('paginates with Link and X-Total-Count; a page past the end is empty', async () => {
    const page1 = await c.api.get('/companies?per_page=2');
    const page3 = await c.api.get('/companies?per_page=2&page=3');
    expect(page1.body.companies).toHaveLength(2);
    expect(page3.body.companies).toHaveLength(1);
    expect(page1.headers.get('x-total-count')).toBe('5');
    const link = page1.headers.get('link')!;
    expect(link).toContain('rel="next"');
    expect(link).toContain('page=3');
    expect(link).toContain('rel="last"');
    const filtered = await c.api.get('/companies?per_page=1&q=north');
    expect(filtered.headers.get('link')).toContain('q=north');
    expect(filtered.headers.get('x-total-count')).toBe('2');
    const all = [...page1.body.companies, ...(await c.api.get('/companies?per_page=2&page=2')).body.companies, ...page3.body.companies];
    expect(ids(all)).toEqual(Object.values(made).reverse());
    const past = await c.api.get('/companies?per_page=2&page=9');
    expect(past.status).toBe(200);
    expect(past.body.companies).toEqual([]);
  });

  it('runs a fixed number of statements whatever the page size', async () => {
    const db = getDb();
    let before = statementCount();
    const one = await listCompanies(db, c.accountId, {}, { limit: 1, offset: 0 });
    const small = statementCount() - before;
    before = statementCount();
    const hundred = await listCompanies(db, c.accountId, {}, { limit: 100, offset: 0 });
    const large = statementCount() - before;
    expect(one.items).toHaveLength(1);
    expect(hundred.items).toHaveLength(5);
    expect(small).toBe(2);
    expect(large).toBe(2);

    before = statementCount();
    await c.api.get('/companies?per_page=1');
    const viaApiSmall = statementCount() - before;
    before = statementCount();
    await c.api.get('/companies?per_page=100');
    expect(statementCount() - before).toBe(viaApiSmall);
  });
});

describe('authentication', () => {
  it('answers 401 on every operation without or with a wrong token', async () => {
    const created = await createCompany(a, { name: 'Auth Co' });
    const operations: [string, string, unknown?][] = [
      ['GET', '/companies'],
      ['POST', '/companies', { company: { name: 'x' } }],
      ['GET', `/companies/${created.id}`],
      ['PATCH', `/companies/${created.id}`, { company: { name: 'x' } }],
      ['DELETE', `/companies/${created.id}`],
    ];
    for (const [method, path, body] of operations) {
      const none = await request(method, path, { body });
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.body.error).toBe('unauthorized');
      expect((await request(method, path, { body, token: 'gw_pat_wrong' })).status).toBe(401);
    }
    expect((await a.api.get(`/companies/${created.id}`)).body.company.name).toBe('Auth Co');
  });
});
