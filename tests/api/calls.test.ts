import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statementCount } from '@/db';
import { listCalls } from '@/db/queries/calls';
import { calls, projects, webhookMessages } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectRef, expectShape } from '../spec-shapes';

interface Relations {
  companyId: string;
  contactId: string;
  projectId: string;
  outcomeId: string;
}

let a: TestAccount;
let b: TestAccount;
let ra: Relations;
let rb: Relations;

/** A company, a contact and a project in the account (the project inserted directly). */
async function relationsOf(account: TestAccount, label: string): Promise<Relations> {
  const company = (await account.api.post('/companies', { company: { name: `${label} Mechanical`, website: 'https://m.example.com' } })).body.company;
  const contact = (
    await account.api.post('/contacts', {
      contact: { first_name: 'Rosa', last_name: `${label}son`, email: `rosa@${label.toLowerCase()}.example.com` },
    })
  ).body.contact;
  const [project] = await getDb()
    .insert(projects)
    .values({ accountId: account.accountId, name: `${label} Elementary School` })
    .returning();
  return {
    companyId: company.id,
    contactId: contact.id,
    projectId: String(project!.id),
    outcomeId: String(account.lookup.callOutcomes[0]),
  };
}

beforeAll(async () => {
  a = await createTestAccount('Call GC');
  b = await createTestAccount('Other GC');
  ra = await relationsOf(a, 'Alpha');
  rb = await relationsOf(b, 'Beta');
});

const ids = (list: { id: string }[]) => list.map((r) => r.id);

async function eventsFor(account: TestAccount, id: string) {
  const rows = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, account.accountId));
  return rows.filter((e) => e.payload.id === id && e.eventType.startsWith('call.'));
}

async function createCall(account: TestAccount, fields: Record<string, unknown> = {}) {
  const res = await account.api.post('/calls', { call: { notes: 'Checked in', ...fields } });
  expect(res.status).toBe(201);
  return res.body.call;
}

describe('POST /calls', () => {
  it('creates a call with every relation and echoes the full shape', async () => {
    const res = await a.api.post('/calls', {
      call: {
        call_outcome_id: ra.outcomeId,
        company_id: ra.companyId,
        contact_id: Number(ra.contactId),
        project_id: ra.projectId,
        notes: 'Discussed the bid walk on Tuesday.',
        recorded_at: '2026-03-04T09:30:00-06:00',
      },
    });
    expect(res.status).toBe(201);
    expect(Object.keys(res.body)).toEqual(['call']);
    const call = res.body.call;
    expectShape(call, 'call');
    expectRef(call.call_outcome, 'named');
    expectRef(call.company, 'company_ref');
    expectRef(call.contact, 'user');
    expectRef(call.created_by, 'user');
    expectRef(call.project, 'named');
    expect(call).toMatchObject({
      notes: 'Discussed the bid walk on Tuesday.',
      recorded_at: '2026-03-04T15:30:00Z',
      call_outcome: { id: ra.outcomeId, name: 'Left voicemail' },
      company: { id: ra.companyId, name: 'Alpha Mechanical', website: 'https://m.example.com' },
      contact: { id: ra.contactId, first_name: 'Rosa', last_name: 'Alphason', name: 'Rosa Alphason', email: 'rosa@alpha.example.com' },
      created_by: { id: String(a.userId), name: 'Avery Admin' },
      project: { id: ra.projectId, name: 'Alpha Elementary School' },
    });
    const [row] = await getDb()
      .select()
      .from(calls)
      .where(eq(calls.id, Number(call.id)));
    expect(row).toMatchObject({ accountId: a.accountId, createdById: a.userId, projectId: Number(ra.projectId) });
    expect(row!.recordedAt.toISOString()).toBe('2026-03-04T15:30:00.000Z');
    const events = await eventsFor(a, call.id);
    expect(events.map((e) => e.eventType)).toEqual(['call.create']);
    expect(events[0]!.payload.url).toBe(`http://localhost:3000/api/2023-01/calls/${call.id}`);
  });

  it('defaults recorded_at to now and every relation to null', async () => {
    const before = Date.now() - 1000;
    const call = (await a.api.post('/calls', { call: {} })).body.call;
    expect(call).toMatchObject({ notes: null, call_outcome: null, company: null, contact: null, project: null });
    const recorded = Date.parse(call.recorded_at);
    expect(recorded).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(recorded).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses invalid fields with 422 and details per field', async () => {
    const res = await a.api.post('/calls', {
      call: {
        recorded_at: '2026-02-30T10:00:00Z',
        notes: 'x'.repeat(20_001),
        project_id: 'abc',
        contact_id: -3,
        call_outcome_id: true,
      },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['call_outcome_id', 'contact_id', 'notes', 'project_id', 'recorded_at']);
    for (const recordedAt of ['yesterday', '2026-03-04', '2026-03-04T10:00:00']) {
      const bad = await a.api.post('/calls', { call: { recorded_at: recordedAt } });
      expect(bad.status, recordedAt).toBe(422);
      expect(bad.body.details).toHaveProperty('recorded_at');
    }
  });

  it('refuses relations of another account as a 422 on each field, writing nothing', async () => {
    const before = await getDb().select().from(calls).where(eq(calls.accountId, a.accountId));
    const res = await a.api.post('/calls', {
      call: { call_outcome_id: rb.outcomeId, company_id: rb.companyId, contact_id: rb.contactId, project_id: rb.projectId },
    });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({
      call_outcome_id: ['does not exist'],
      company_id: ['does not exist'],
      contact_id: ['does not exist'],
      project_id: ['does not exist'],
    });
    expect(await getDb().select().from(calls).where(eq(calls.accountId, a.accountId))).toHaveLength(before.length);
  });

  it('answers 400 without the wrapper and 403 for a read-only token', async () => {
    expect((await a.api.post('/calls', { notes: 'bare' })).body.error).toBe('missing_wrapper');
    expect((await a.readApi.post('/calls', { call: { notes: 'nope' } })).status).toBe(403);
  });
});

describe('GET /calls/{id}', () => {
  it('returns the call with its relations', async () => {
    const created = await createCall(a, { project_id: ra.projectId, contact_id: ra.contactId });
    const res = await a.readApi.get(`/calls/${created.id}`);
    expect(res.status).toBe(200);
    expectShape(res.body.call, 'call');
    expect(res.body.call).toEqual(created);
  });

  it("answers 404 for a missing id, an odd id, and another account's call", async () => {
    const other = await createCall(b);
    for (const id of ['999999999', 'abc', '0', '12345678901234567890', other.id]) {
      const res = await a.api.get(`/calls/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
  });
});

describe('PATCH /calls/{id} (operation 10)', () => {
  it('keeps omitted fields, clears nulls and echoes every embedded relation', async () => {
    const created = await createCall(a, {
      call_outcome_id: ra.outcomeId,
      company_id: ra.companyId,
      recorded_at: '2026-01-05T14:00:00Z',
      notes: 'First contact',
    });
    const res = await a.api.patch(`/calls/${created.id}`, {
      call: { company_id: null, contact_id: ra.contactId, project_id: ra.projectId, notes: null, unknown_key: 'x' },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['call']);
    const call = res.body.call;
    expectShape(call, 'call');
    expect(call).toMatchObject({
      notes: null,
      recorded_at: '2026-01-05T14:00:00Z',
      call_outcome: { id: ra.outcomeId, name: 'Left voicemail' },
      company: null,
      contact: { id: ra.contactId, name: 'Rosa Alphason' },
      project: { id: ra.projectId, name: 'Alpha Elementary School' },
      created_by: { id: String(a.userId) },
    });
    expectRef(call.contact, 'user');
    expectRef(call.project, 'named');
    const [row] = await getDb()
      .select()
      .from(calls)
      .where(eq(calls.id, Number(created.id)));
    expect(row).toMatchObject({ companyId: null, notes: null, contactId: Number(ra.contactId) });

    const moved = await a.api.patch(`/calls/${created.id}`, { call: { recorded_at: '2026-01-06T08:15:00+01:00' } });
    expect(moved.body.call).toMatchObject({ recorded_at: '2026-01-06T07:15:00Z', contact: { id: ra.contactId } });
  });

  it('refuses recorded_at: null, since a call always has a time', async () => {
    const created = await createCall(a, { recorded_at: '2026-01-05T14:00:00Z' });
    const res = await a.api.patch(`/calls/${created.id}`, { call: { recorded_at: null } });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ recorded_at: [expect.stringContaining('a call always has a time')] });
    expect((await a.api.get(`/calls/${created.id}`)).body.call.recorded_at).toBe('2026-01-05T14:00:00Z');
  });

  it('records one event per change and none for a PATCH that changes nothing', async () => {
    const created = await createCall(a, { recorded_at: '2026-02-01T10:00:00Z', project_id: ra.projectId });
    const changed = await a.api.patch(`/calls/${created.id}`, { call: { notes: 'Follow-up booked' } });
    const same = await a.api.patch(`/calls/${created.id}`, {
      call: { notes: 'Follow-up booked', recorded_at: '2026-02-01T11:00:00+01:00', project_id: Number(ra.projectId) },
    });
    expect(same.status).toBe(200);
    expect(same.body.call.updated_at).toBe(changed.body.call.updated_at);
    expect((await eventsFor(a, created.id)).map((e) => e.eventType).sort()).toEqual(['call.create', 'call.update']);
  });

  it('answers 422 with details, and 404 for missing, odd and foreign ids', async () => {
    const created = await createCall(a);
    const bad = await a.api.patch(`/calls/${created.id}`, { call: { contact_id: rb.contactId } });
    expect(bad.status).toBe(422);
    expect(bad.body.details).toEqual({ contact_id: ['does not exist'] });
    const malformed = await a.api.patch(`/calls/${created.id}`, { call: { recorded_at: 'soon', notes: 5 } });
    expect(Object.keys(malformed.body.details).sort()).toEqual(['notes', 'recorded_at']);
    const other = await createCall(b, { notes: 'B call' });
    for (const id of ['999999999', 'abc', other.id]) {
      expect((await a.api.patch(`/calls/${id}`, { call: { notes: 'pwned' } })).status, id).toBe(404);
    }
    expect((await b.api.get(`/calls/${other.id}`)).body.call.notes).toBe('B call');
    expect((await a.readApi.patch(`/calls/${created.id}`, { call: { notes: 'x' } })).status).toBe(403);
  });
});

describe('DELETE /calls/{id}', () => {
  it('deletes the call and records an event', async () => {
    const created = await createCall(a);
    expect((await a.api.delete(`/calls/${created.id}`)).status).toBe(204);
    expect((await a.api.get(`/calls/${created.id}`)).status).toBe(404);
    expect(
      await getDb()
        .select()
        .from(calls)
        .where(eq(calls.id, Number(created.id))),
    ).toHaveLength(0);
    expect((await eventsFor(a, created.id)).map((e) => e.eventType).sort()).toEqual(['call.create', 'call.delete']);
  });

  it('answers 404 for missing, odd and foreign ids', async () => {
    const other = await createCall(b);
    for (const id of ['999999999', 'abc', other.id]) expect((await a.api.delete(`/calls/${id}`)).status, id).toBe(404);
    expect((await b.api.get(`/calls/${other.id}`)).status).toBe(200);
  });

  it('leaves the call when its company, contact or project is deleted, without that relation', async () => {
    const rel = await relationsOf(a, 'Gamma');
    const created = await createCall(a, { company_id: rel.companyId, contact_id: rel.contactId, project_id: rel.projectId });
    expect((await a.api.delete(`/companies/${rel.companyId}`)).status).toBe(204);
    expect((await a.api.delete(`/contacts/${rel.contactId}`)).status).toBe(204);
    await getDb()
      .delete(projects)
      .where(eq(projects.id, Number(rel.projectId)));
    const res = await a.api.get(`/calls/${created.id}`);
    expect(res.body.call).toMatchObject({ company: null, contact: null, project: null, notes: 'Checked in' });
  });
});

describe('GET /calls', () => {
  let c: TestAccount;
  let rc: Relations;
  let other: Relations;
  const made: string[] = [];

  beforeAll(async () => {
    c = await createTestAccount('Call list GC');
    rc = await relationsOf(c, 'Delta');
    other = await relationsOf(c, 'Epsilon');
    const specs = [
      { project_id: rc.projectId, company_id: rc.companyId, contact_id: rc.contactId, call_outcome_id: rc.outcomeId },
      { project_id: rc.projectId },
      { company_id: other.companyId, contact_id: other.contactId },
      { contact_id: rc.contactId, recorded_at: '2019-01-01T00:00:00Z' },
      {},
    ];
    for (const s of specs) made.push((await createCall(c, s)).id);
    // Order is by created_at (not recorded_at), then id: give two calls the same created_at.
    const db = getDb();
    const t = new Date('2024-06-01T12:00:00Z');
    await db
      .update(calls)
      .set({ createdAt: t, updatedAt: new Date('2020-01-01T00:00:00Z') })
      .where(eq(calls.id, Number(made[0])));
    await db
      .update(calls)
      .set({ createdAt: t })
      .where(eq(calls.id, Number(made[1])));
  });

  const newestFirst = () => [made[4], made[3], made[2], made[1], made[0]];

  it("lists the account's calls newest first by created_at then id, with full shapes", async () => {
    const res = await c.api.get('/calls');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['calls']);
    expect(ids(res.body.calls)).toEqual(newestFirst());
    for (const call of res.body.calls) expectShape(call, 'call');
    const full = res.body.calls.find((x: { id: string }) => x.id === made[0]);
    expect(full).toMatchObject({
      call_outcome: { id: rc.outcomeId },
      company: { id: rc.companyId },
      contact: { id: rc.contactId },
      project: { id: rc.projectId },
      created_by: { id: String(c.userId) },
    });
    expect(res.headers.get('x-total-count')).toBe('5');
    const foreign = await createCall(b);
    expect(ids((await c.api.get('/calls')).body.calls)).not.toContain(foreign.id);
    expect((await c.readApi.get('/calls')).status).toBe(200);
  });

  it('filters by project_id, company_id, contact_id and updated_since', async () => {
    expect(ids((await c.api.get(`/calls?project_id=${rc.projectId}`)).body.calls)).toEqual([made[1], made[0]]);
    expect(ids((await c.api.get(`/calls?company_id=${other.companyId}`)).body.calls)).toEqual([made[2]]);
    expect(ids((await c.api.get(`/calls?contact_id=${rc.contactId}`)).body.calls)).toEqual([made[3], made[0]]);
    expect(ids((await c.api.get(`/calls?contact_id=${rc.contactId}&project_id=${rc.projectId}`)).body.calls)).toEqual([made[0]]);
    const since = await c.api.get('/calls?updated_since=2021-01-01T00:00:00Z');
    expect(ids(since.body.calls)).toEqual([made[4], made[3], made[2], made[1]]);
    expect((await c.api.get(`/calls?project_id=${rb.projectId}`)).body.calls).toEqual([]);
  });

  it('sorts by recorded_at with sort=-recorded_at (latest call first), by created_at by default', async () => {
    const res = await c.api.get('/calls?sort=-recorded_at');
    expect(res.status).toBe(200);
    const times = res.body.calls.map((x: { recorded_at: string }) => x.recorded_at);
    expect(times).toEqual([...times].sort().reverse());
    expect(ids(res.body.calls).at(-1)).toBe(made[3]); // recorded in 2019
    expect(ids((await c.api.get('/calls?sort=recorded_at')).body.calls)[0]).toBe(made[3]);
    expect(ids((await c.api.get('/calls?sort=created_at')).body.calls)).toEqual([...newestFirst()].reverse());
    const bad = await c.api.get('/calls?sort=notes');
    expect(bad.status).toBe(422);
    expect(bad.body.details).toHaveProperty('sort');
  });

  it('refuses bad filter values with 422', async () => {
    for (const [query, field] of [
      ['project_id=abc', 'project_id'],
      ['company_id=-1', 'company_id'],
      ['contact_id=1.5', 'contact_id'],
      ['updated_since=2021-01-01', 'updated_since'],
      ['project_id=1&project_id=2', 'project_id'],
      ['page=x', 'page'],
    ] as const) {
      const res = await c.api.get(`/calls?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.details, query).toHaveProperty(field);
    }
  });

  it('paginates with Link and X-Total-Count; a page past the end is empty', async () => {
    const page1 = await c.api.get('/calls?per_page=2');
    const page2 = await c.api.get('/calls?per_page=2&page=2');
    const page3 = await c.api.get('/calls?per_page=2&page=3');
    expect(ids([...page1.body.calls, ...page2.body.calls, ...page3.body.calls])).toEqual(newestFirst());
    const link = page2.headers.get('link')!;
    for (const rel of ['first', 'prev', 'next', 'last']) expect(link).toContain(`rel="${rel}"`);
    expect(link).toContain('<http://localhost:3000/api/2023-01/calls?per_page=2&page=3>; rel="next"');
    expect(page2.headers.get('x-total-count')).toBe('5');
    const past = await c.api.get('/calls?per_page=2&page=4');
    expect(past.status).toBe(200);
    expect(past.body.calls).toEqual([]);
  });

  it('runs a fixed number of statements whatever the page size', async () => {
    let before = statementCount();
    const one = await listCalls(getDb(), c.accountId, {}, { limit: 1, offset: 0 });
    expect(statementCount() - before).toBe(2);
    before = statementCount();
    const all = await listCalls(getDb(), c.accountId, {}, { limit: 100, offset: 0 });
    expect(statementCount() - before).toBe(2);
    expect([one.items.length, all.items.length]).toEqual([1, 5]);

    before = statementCount();
    await c.api.get('/calls?per_page=1');
    const small = statementCount() - before;
    before = statementCount();
    await c.api.get('/calls?per_page=100');
    expect(statementCount() - before).toBe(small);
  });
});

describe('authentication', () => {
  it('answers 401 on every operation without or with a wrong token', async () => {
    const created = await createCall(a);
    const operations: [string, string, unknown?][] = [
      ['GET', '/calls'],
      ['POST', '/calls', { call: { notes: 'x' } }],
      ['GET', `/calls/${created.id}`],
      ['PATCH', `/calls/${created.id}`, { call: { notes: 'x' } }],
      ['DELETE', `/calls/${created.id}`],
    ];
    for (const [method, path, body] of operations) {
      const none = await request(method, path, { body });
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.body.error).toBe('unauthorized');
      expect((await request(method, path, { body, token: 'gw_pat_wrong' })).status).toBe(401);
    }
    expect((await a.api.get(`/calls/${created.id}`)).body.call.notes).toBe('Checked in');
  });
});
