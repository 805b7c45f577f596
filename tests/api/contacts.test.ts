import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statementCount } from '@/db';
import { listContacts } from '@/db/queries/contacts';
import { calls, contacts, imports, leads, projects, tasks, webhookMessages } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectRef, expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;
let acmeId: string;
let foreignCompanyId: string;

beforeAll(async () => {
  a = await createTestAccount('Contact GC');
  b = await createTestAccount('Other GC');
  acmeId = (await a.api.post('/companies', { company: { name: 'Acme Builders', website: 'https://acme.example.com' } })).body.company.id;
  foreignCompanyId = (await b.api.post('/companies', { company: { name: 'Foreign Co' } })).body.company.id;
});

const ids = (list: { id: string }[]) => list.map((r) => r.id);

async function eventsFor(account: TestAccount, id: string) {
  const rows = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, account.accountId));
  return rows.filter((e) => e.payload.id === id && e.eventType.startsWith('contact.'));
}

async function createContact(account: TestAccount, fields: Record<string, unknown> = {}) {
  const res = await account.api.post('/contacts', { contact: { first_name: 'Dana', last_name: 'Reyes', ...fields } });
  expect(res.status).toBe(201);
  return res.body.contact;
}

const fullContact = () => ({
  email: 'ada.lovelace@acme.example.com',
  first_name: 'Ada',
  last_name: 'Lovelace',
  job_title: 'Project Executive',
  mobile_phone: '+1 512 555 0101',
  office_phone: '+1 512 555 0199',
  linked_in_profile_url: 'https://www.linkedin.com/in/ada-lovelace',
  company_id: acmeId,
  assigned_to_id: String(a.otherUserId),
  custom_fields: { birthday_card: true },
});

describe('POST /contacts (operation 5)', () => {
  it('creates a contact with every writable field and echoes the full shape', async () => {
    const res = await a.api.post('/contacts', { contact: fullContact() });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['contact']);
    const contact = res.body.contact;
    expectShape(contact, 'contact');
    expectRef(contact.company, 'company_ref');
    expectRef(contact.assigned_to, 'user');
    expectRef(contact.created_by, 'user');
    expect(contact).toMatchObject({
      email: 'ada.lovelace@acme.example.com',
      first_name: 'Ada',
      last_name: 'Lovelace',
      name: 'Ada Lovelace',
      job_title: 'Project Executive',
      mobile_phone: '+1 512 555 0101',
      office_phone: '+1 512 555 0199',
      linked_in_profile_url: 'https://www.linkedin.com/in/ada-lovelace',
      company: { id: acmeId, name: 'Acme Builders', website: 'https://acme.example.com' },
      assigned_to: { id: String(a.otherUserId), name: 'Blake Builder' },
      created_by: { id: String(a.userId), name: 'Avery Admin' },
      import: null,
      custom_fields: { birthday_card: true },
    });
    const [row] = await getDb()
      .select()
      .from(contacts)
      .where(eq(contacts.id, Number(contact.id)));
    expect(row).toMatchObject({ accountId: a.accountId, companyId: Number(acmeId), createdById: a.userId });
    const events = await eventsFor(a, contact.id);
    expect(events.map((e) => e.eventType)).toEqual(['contact.create']);
    expect(events[0]!.payload.url).toBe(`http://localhost:3000/api/2023-01/contacts/${contact.id}`);
  });

  it('refuses a second contact with an email the account already has (any case): 409 naming email, nothing written', async () => {
    const first = await a.api.post('/contacts', { contact: { first_name: 'Una', email: 'una.unique@acme.example.com' } });
    expect(first.status).toBe(201);
    const before = await getDb().select().from(contacts).where(eq(contacts.accountId, a.accountId));
    const again = await a.api.post('/contacts', { contact: { first_name: 'Una Again', email: 'UNA.Unique@acme.example.com' } });
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ error: 'conflict', details: { email: ['is already the email of another contact in the account'] } });
    const other = (await a.api.post('/contacts', { contact: { first_name: 'Otto', email: 'otto.unique@acme.example.com' } })).body.contact;
    const patched = await a.api.patch(`/contacts/${other.id}`, { contact: { email: 'una.unique@ACME.example.com' } });
    expect(patched.status).toBe(409);
    expect(patched.body.details).toEqual({ email: ['is already the email of another contact in the account'] });
    const after = await getDb().select().from(contacts).where(eq(contacts.accountId, a.accountId));
    expect(after.length).toBe(before.length + 1);
    // Another account may hold the same email.
    expect((await b.api.post('/contacts', { contact: { first_name: 'Una', email: 'una.unique@acme.example.com' } })).status).toBe(201);
  });

  it('accepts any one of first_name, last_name or email and derives name', async () => {
    const emailOnly = (await a.api.post('/contacts', { contact: { email: 'info@acme.example.com' } })).body.contact;
    expect(emailOnly).toMatchObject({ name: null, first_name: null, last_name: null, company: null, assigned_to: null });
    expect(emailOnly.custom_fields).toEqual({});
    expect((await a.api.post('/contacts', { contact: { last_name: 'Okafor' } })).body.contact.name).toBe('Okafor');
    expect((await a.api.post('/contacts', { contact: { first_name: 'Mei' } })).body.contact.name).toBe('Mei');
  });

  it('requires at least one of first_name, last_name or email', async () => {
    for (const body of [{}, { job_title: 'Estimator' }, { first_name: '  ', email: null }]) {
      const res = await a.api.post('/contacts', { contact: body });
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.body.details).toEqual({ base: [expect.stringMatching(/first_name, last_name or email/)] });
    }
  });

  it('refuses invalid fields with 422 and details per field', async () => {
    const res = await a.api.post('/contacts', {
      contact: {
        email: 'not-an-email',
        first_name: 'x'.repeat(256),
        linked_in_profile_url: 'javascript:alert(1)',
        company_id: 'abc',
        assigned_to_id: 1.5,
        custom_fields: [],
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(
      ['assigned_to_id', 'company_id', 'custom_fields', 'email', 'first_name', 'linked_in_profile_url'].sort(),
    );
    const long = await a.api.post('/contacts', {
      contact: { first_name: 'Long', linked_in_profile_url: `https://linkedin.com/in/${'x'.repeat(2048)}` },
    });
    expect(long.body.details).toHaveProperty('linked_in_profile_url');
  });

  it('refuses a company or user of another account as a 422 on that field, writing nothing', async () => {
    const res = await a.api.post('/contacts', {
      contact: { first_name: 'Cross', company_id: foreignCompanyId, assigned_to_id: String(b.userId) },
    });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ company_id: ['does not exist'], assigned_to_id: ['does not exist'] });
    const rows = await getDb().select().from(contacts).where(eq(contacts.accountId, a.accountId));
    expect(rows.find((r) => r.firstName === 'Cross')).toBeUndefined();
  });

  it('answers 400 without the wrapper and 403 for a read-only token', async () => {
    expect((await a.api.post('/contacts', { first_name: 'Bare' })).body.error).toBe('missing_wrapper');
    expect((await a.readApi.post('/contacts', { contact: { first_name: 'nope' } })).status).toBe(403);
  });
});

describe('GET /contacts/{id}', () => {
  it('returns the contact with its import', async () => {
    const [imp] = await getDb().insert(imports).values({ accountId: a.accountId, name: 'CRM migration' }).returning();
    const created = await createContact(a, { company_id: acmeId });
    await getDb()
      .update(contacts)
      .set({ importId: imp!.id })
      .where(eq(contacts.id, Number(created.id)));
    const res = await a.readApi.get(`/contacts/${created.id}`);
    expect(res.status).toBe(200);
    expectShape(res.body.contact, 'contact');
    expect(res.body.contact.import).toMatchObject({ id: String(imp!.id), name: 'CRM migration' });
    expectRef(res.body.contact.import, 'named');
    expect(res.body.contact.company).toMatchObject({ id: acmeId, name: 'Acme Builders' });
  });

  it("answers 404 for a missing id, an odd id, and another account's contact", async () => {
    const other = await createContact(b);
    for (const id of ['999999999', 'abc', '0', other.id]) {
      const res = await a.api.get(`/contacts/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
  });
});

describe('PATCH /contacts/{id} (operation 6)', () => {
  it('keeps omitted fields, clears nulls and echoes every embedded relation', async () => {
    const created = (await a.api.post('/contacts', { contact: { ...fullContact(), email: 'ada.king@acme.example.com' } })).body.contact;
    const otherCompany = (await a.api.post('/companies', { company: { name: 'Zenith Owners' } })).body.company;
    const res = await a.api.patch(`/contacts/${created.id}`, {
      contact: { job_title: null, last_name: 'King', company_id: otherCompany.id, assigned_to_id: null, unknown: 1 },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['contact']);
    const contact = res.body.contact;
    expectShape(contact, 'contact');
    expect(contact).toMatchObject({
      email: 'ada.king@acme.example.com',
      first_name: 'Ada',
      last_name: 'King',
      name: 'Ada King',
      job_title: null,
      mobile_phone: '+1 512 555 0101',
      linked_in_profile_url: 'https://www.linkedin.com/in/ada-lovelace',
      company: { id: otherCompany.id, name: 'Zenith Owners', website: null },
      assigned_to: null,
      created_by: { id: String(a.userId) },
      custom_fields: { birthday_card: true },
    });
    const [row] = await getDb()
      .select()
      .from(contacts)
      .where(eq(contacts.id, Number(created.id)));
    expect(row).toMatchObject({ jobTitle: null, lastName: 'King', companyId: Number(otherCompany.id), assignedToId: null });

    const replaced = await a.api.patch(`/contacts/${created.id}`, { contact: { custom_fields: { vip: 1 } } });
    expect(replaced.body.contact.custom_fields).toEqual({ vip: 1 });
    const reassigned = await a.api.patch(`/contacts/${created.id}`, { contact: { assigned_to_id: a.userId } });
    expect(reassigned.body.contact.assigned_to).toMatchObject({ id: String(a.userId), first_name: 'Avery' });
  });

  it('records one event per change and none for a PATCH that changes nothing', async () => {
    const created = await createContact(a, { email: 'same@example.com' });
    const changed = await a.api.patch(`/contacts/${created.id}`, { contact: { office_phone: '555-0000' } });
    expect(changed.status).toBe(200);
    const same = await a.api.patch(`/contacts/${created.id}`, {
      contact: { office_phone: '555-0000', first_name: 'Dana', email: 'same@example.com' },
    });
    expect(same.body.contact.updated_at).toBe(changed.body.contact.updated_at);
    expect((await eventsFor(a, created.id)).map((e) => e.eventType).sort()).toEqual(['contact.create', 'contact.update']);
  });

  it('refuses clearing the last of first_name, last_name and email', async () => {
    const created = await createContact(a, { first_name: 'Solo', last_name: null });
    const res = await a.api.patch(`/contacts/${created.id}`, { contact: { first_name: null } });
    expect(res.status).toBe(422);
    expect(res.body.details).toHaveProperty('base');
    const swapped = await a.api.patch(`/contacts/${created.id}`, { contact: { first_name: null, email: 'solo@example.com' } });
    expect(swapped.status).toBe(200);
    expect(swapped.body.contact).toMatchObject({ first_name: null, email: 'solo@example.com', name: null });
  });

  it('answers 422 with details, and 404 for missing, odd and foreign ids', async () => {
    const created = await createContact(a);
    const bad = await a.api.patch(`/contacts/${created.id}`, { contact: { email: 'nope', company_id: foreignCompanyId } });
    expect(bad.status).toBe(422);
    expect(bad.body.details).toHaveProperty('email');
    const foreign = await a.api.patch(`/contacts/${created.id}`, { contact: { company_id: foreignCompanyId } });
    expect(foreign.body.details).toEqual({ company_id: ['does not exist'] });
    const other = await createContact(b, { first_name: 'Bea' });
    for (const id of ['999999999', 'abc', other.id]) {
      expect((await a.api.patch(`/contacts/${id}`, { contact: { first_name: 'pwned' } })).status, id).toBe(404);
    }
    expect((await b.api.get(`/contacts/${other.id}`)).body.contact.first_name).toBe('Bea');
    expect((await a.readApi.patch(`/contacts/${created.id}`, { contact: { first_name: 'x' } })).status).toBe(403);
  });
});

describe('DELETE /contacts/{id}', () => {
  it('deletes the contact, detaches records that name it and records an event', async () => {
    const created = await createContact(a);
    const contactId = Number(created.id);
    const db = getDb();
    const [lead] = await db.insert(leads).values({ accountId: a.accountId, name: 'L', contactId }).returning();
    const [project] = await db.insert(projects).values({ accountId: a.accountId, name: 'P', contactId }).returning();
    const [task] = await db.insert(tasks).values({ accountId: a.accountId, title: 'T', contactId }).returning();
    const [call] = await db.insert(calls).values({ accountId: a.accountId, recordedAt: new Date(), contactId }).returning();

    expect((await a.api.delete(`/contacts/${created.id}`)).status).toBe(204);
    expect((await a.api.get(`/contacts/${created.id}`)).status).toBe(404);
    expect(await db.select().from(contacts).where(eq(contacts.id, contactId))).toHaveLength(0);
    expect((await db.select().from(leads).where(eq(leads.id, lead!.id)))[0]!.contactId).toBeNull();
    expect((await db.select().from(projects).where(eq(projects.id, project!.id)))[0]!.contactId).toBeNull();
    expect((await db.select().from(tasks).where(eq(tasks.id, task!.id)))[0]!.contactId).toBeNull();
    expect((await db.select().from(calls).where(eq(calls.id, call!.id)))[0]!.contactId).toBeNull();
    expect((await eventsFor(a, created.id)).map((e) => e.eventType).sort()).toEqual(['contact.create', 'contact.delete']);
  });

  it('answers 404 for missing, odd and foreign ids', async () => {
    const other = await createContact(b);
    for (const id of ['999999999', 'abc', other.id]) expect((await a.api.delete(`/contacts/${id}`)).status, id).toBe(404);
    expect((await b.api.get(`/contacts/${other.id}`)).status).toBe(200);
  });
});

describe('GET /contacts', () => {
  let c: TestAccount;
  let northwind: string;
  const made: Record<string, string> = {};

  beforeAll(async () => {
    c = await createTestAccount('Contact list GC');
    northwind = (await c.api.post('/companies', { company: { name: 'Northwind' } })).body.company.id;
    const specs = [
      { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@northwind.example.com', company_id: northwind },
      { first_name: 'Grace', last_name: 'Hopper', email: 'grace@navy.example.com' },
      { email: 'bids@northwind.example.com', company_id: northwind },
      { first_name: 'Linus', last_name: 'Pauling', email: 'l_p@example.com' },
    ];
    for (const s of specs) made[s.email] = (await c.api.post('/contacts', { contact: s })).body.contact.id;
    await getDb()
      .update(contacts)
      .set({ updatedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(contacts.id, Number(made['grace@navy.example.com'])));
  });

  it("lists the account's contacts newest first, with full shapes", async () => {
    const res = await c.api.get('/contacts');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['contacts']);
    expect(ids(res.body.contacts)).toEqual(Object.values(made).reverse());
    for (const contact of res.body.contacts) expectShape(contact, 'contact');
    expect(res.body.contacts.find((x: { id: string }) => x.id === made['ada@northwind.example.com']).company).toMatchObject({
      id: northwind,
      name: 'Northwind',
    });
    expect(res.headers.get('x-total-count')).toBe('4');
    const foreign = await createContact(b, { first_name: 'Ada', last_name: 'Lovelace' });
    const searched = await c.api.get('/contacts?q=lovelace');
    expect(ids(searched.body.contacts)).toEqual([made['ada@northwind.example.com']]);
    expect(ids(searched.body.contacts)).not.toContain(foreign.id);
  });

  it('filters by company_id, q (name or email) and updated_since', async () => {
    expect(ids((await c.api.get(`/contacts?company_id=${northwind}`)).body.contacts)).toEqual([
      made['bids@northwind.example.com'],
      made['ada@northwind.example.com'],
    ]);
    expect(ids((await c.api.get('/contacts?q=ADA%20LOVE')).body.contacts)).toEqual([made['ada@northwind.example.com']]);
    expect(ids((await c.api.get('/contacts?q=northwind.example')).body.contacts)).toEqual([
      made['bids@northwind.example.com'],
      made['ada@northwind.example.com'],
    ]);
    expect(ids((await c.api.get('/contacts?q=l_p')).body.contacts)).toEqual([made['l_p@example.com']]);
    expect((await c.api.get('/contacts?q=zzz')).body.contacts).toEqual([]);
    const since = await c.api.get('/contacts?updated_since=2021-01-01T00:00:00%2B02:00');
    expect(since.body.contacts).toHaveLength(3);
    expect(ids(since.body.contacts)).not.toContain(made['grace@navy.example.com']);
    expect((await c.api.get(`/contacts?company_id=${foreignCompanyId}`)).body.contacts).toEqual([]);
  });

  it('refuses bad filter values with 422', async () => {
    for (const [query, field] of [
      ['company_id=abc', 'company_id'],
      ['company_id=0', 'company_id'],
      ['updated_since=2021-13-01', 'updated_since'],
      ['q=%20', 'q'],
      ['company_id=1&company_id=2', 'company_id'],
      ['per_page=1000', 'per_page'],
    ] as const) {
      const res = await c.api.get(`/contacts?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.details, query).toHaveProperty(field);
    }
  });

  it('paginates with Link and X-Total-Count; a page past the end is empty', async () => {
    const page1 = await c.api.get('/contacts?per_page=3');
    const page2 = await c.api.get('/contacts?per_page=3&page=2');
    expect(ids([...page1.body.contacts, ...page2.body.contacts])).toEqual(Object.values(made).reverse());
    expect(page1.headers.get('link')).toContain('rel="next"');
    expect(page2.headers.get('link')).toContain('rel="prev"');
    expect(page2.headers.get('x-total-count')).toBe('4');
    expect((await c.api.get('/contacts?per_page=3&page=5')).body.contacts).toEqual([]);
  });

  it('runs a fixed number of statements whatever the page size', async () => {
    let before = statementCount();
    const one = await listContacts(getDb(), c.accountId, {}, { limit: 1, offset: 0 });
    expect(statementCount() - before).toBe(2);
    before = statementCount();
    const all = await listContacts(getDb(), c.accountId, {}, { limit: 100, offset: 0 });
    expect(statementCount() - before).toBe(2);
    expect([one.items.length, all.items.length]).toEqual([1, 4]);

    before = statementCount();
    await c.api.get('/contacts?per_page=1');
    const small = statementCount() - before;
    before = statementCount();
    await c.api.get('/contacts?per_page=100');
    expect(statementCount() - before).toBe(small);
  });
});

describe('authentication', () => {
  it('answers 401 on every operation without or with a wrong token', async () => {
    const created = await createContact(a);
    const operations: [string, string, unknown?][] = [
      ['GET', '/contacts'],
      ['POST', '/contacts', { contact: { first_name: 'x' } }],
      ['GET', `/contacts/${created.id}`],
      ['PATCH', `/contacts/${created.id}`, { contact: { first_name: 'x' } }],
      ['DELETE', `/contacts/${created.id}`],
    ];
    for (const [method, path, body] of operations) {
      const none = await request(method, path, { body });
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await request(method, path, { body, token: 'gw_pat_wrong' })).status).toBe(401);
    }
    expect((await a.api.get(`/contacts/${created.id}`)).body.contact.first_name).toBe('Dana');
  });
});
