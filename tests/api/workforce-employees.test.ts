import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { statementCount } from '@/db';
import { webhookMessages, workforceEmployees } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectRef, expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;
let roleId: string;

const ids = (list: { id: string }[]) => list.map((r) => r.id);

async function employee(t: TestAccount, fields: Record<string, unknown> = {}) {
  const res = await t.api.post('/workforce/employees', {
    workforce_employee: { legal_first_name: 'Sam', last_name: 'Carpenter', ...fields },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.workforce_employee;
}

async function eventsFor(t: TestAccount, id: string) {
  const rows = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, t.accountId));
  return rows.filter((r) => r.eventType.startsWith('workforce_employee.') && r.payload.id === id);
}

beforeAll(async () => {
  a = await createTestAccount('Workforce GC');
  b = await createTestAccount('Other GC');
  roleId = String(a.lookup.workforceRoles[0]);
});

describe('POST /workforce/employees (operation 12)', () => {
  it('creates an employee with role, manager and address and echoes the full shape', async () => {
    const boss = await employee(a, { legal_first_name: 'Morgan', last_name: 'Lead', email: 'morgan@example.com', role_id: roleId });
    const res = await a.api.post('/workforce/employees', {
      workforce_employee: {
        legal_first_name: 'Jonathan',
        preferred_first_name: 'Jon',
        last_name: 'Mason',
        email: 'jon.mason@example.com',
        phone: '+1 512 555 0100',
        notes: 'OSHA 30 certified',
        birthday: '1988-04-12',
        start_date: '2019-06-03',
        industry_start_date: '2008-05-01',
        address: { street_address: '12 Oak St', city: 'Austin', state: 'TX', zip: '78702', country: 'US' },
        role_id: roleId,
        manager_id: Number(boss.id),
      },
    });
    expect(res.status).toBe(201);
    const e = res.body.workforce_employee;
    expectShape(e, 'workforce_employee');
    expectShape(e.address, 'address');
    expectRef(e.role, 'workforce_role');
    expectRef(e.manager, 'manager');
    expectRef(e.manager.role, 'workforce_role');
    expect(e).toMatchObject({
      legal_first_name: 'Jonathan',
      preferred_first_name: 'Jon',
      last_name: 'Mason',
      email: 'jon.mason@example.com',
      phone: '+1 512 555 0100',
      notes: 'OSHA 30 certified',
      birthday: '1988-04-12',
      start_date: '2019-06-03',
      industry_start_date: '2008-05-01',
      address: { street_address: '12 Oak St', street_address2: null, city: 'Austin', state: 'TX', zip: '78702', country: 'US' },
      role: { id: roleId, name: 'Superintendent', abbreviation: 'SUP' },
      manager: {
        id: boss.id,
        legal_first_name: 'Morgan',
        preferred_first_name: null,
        last_name: 'Lead',
        email: 'morgan@example.com',
        role: { id: roleId, name: 'Superintendent', abbreviation: 'SUP' },
      },
    });
    expect(Object.keys(e.manager).sort()).toEqual(
      ['id', 'created_at', 'updated_at', 'legal_first_name', 'preferred_first_name', 'last_name', 'email', 'role'].sort(),
    );

    const [row] = await getDb()
      .select()
      .from(workforceEmployees)
      .where(eq(workforceEmployees.id, Number(e.id)));
    expect(row).toMatchObject({ accountId: a.accountId, managerId: Number(boss.id), roleId: Number(roleId), city: 'Austin' });
    const events = await eventsFor(a, e.id);
    expect(events.map((m) => m.eventType)).toEqual(['workforce_employee.create']);
    expect(events[0]!.payload.url).toBe(`http://localhost:3000/api/2023-01/workforce/employees/${e.id}`);
  });

  it('fills every field with null when only the required names are given', async () => {
    const e = await employee(a, { legal_first_name: 'Pat', last_name: 'Plain' });
    expectShape(e, 'workforce_employee');
    expect(e).toMatchObject({
      preferred_first_name: null,
      email: null,
      phone: null,
      notes: null,
      birthday: null,
      start_date: null,
      industry_start_date: null,
      role: null,
      manager: null,
      address: { street_address: null, street_address2: null, city: null, state: null, zip: null, country: null },
    });
  });

  it('answers 422 with details per field', async () => {
    const res = await a.api.post('/workforce/employees', {
      workforce_employee: {
        legal_first_name: '  ',
        email: 'not-an-email',
        birthday: '1990-02-30',
        start_date: '2020/01/01',
        role_id: 'abc',
        manager_id: -3,
        address: { city: 7 },
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('validation_failed');
    expect(Object.keys(res.body.details).sort()).toEqual(
      ['address.city', 'birthday', 'email', 'last_name', 'legal_first_name', 'manager_id', 'role_id', 'start_date'].sort(),
    );
  });

  it('refuses a role or manager of another account as a 422 on that field', async () => {
    const theirs = await employee(b);
    const res = await a.api.post('/workforce/employees', {
      workforce_employee: {
        legal_first_name: 'X',
        last_name: 'Y',
        manager_id: theirs.id,
        role_id: String(b.lookup.workforceRoles[0]),
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({ manager_id: ['does not exist'], role_id: ['does not exist'] });
  });

  it('answers 400 without the wrapper key', async () => {
    const res = await a.api.post('/workforce/employees', { legal_first_name: 'X', last_name: 'Y' });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('missing_wrapper');
  });
});

describe('PATCH /workforce/employees/{id} (operation 13)', () => {
  it('keeps omitted fields, clears nulls, ignores unknown keys and echoes the relations', async () => {
    const boss = await employee(a, { legal_first_name: 'Riley', last_name: 'Boss' });
    const e = await employee(a, {
      email: 'e@example.com',
      phone: '555',
      notes: 'n',
      address: { street_address: '1 Main', city: 'Dallas' },
    });
    const res = await a.api.patch(`/workforce/employees/${e.id}`, {
      workforce_employee: {
        phone: null,
        preferred_first_name: 'Sammy',
        address: { city: 'Houston' },
        role_id: roleId,
        manager_id: boss.id,
        salary: 1_000_000,
      },
    });
    expect(res.status).toBe(200);
    const echoed = res.body.workforce_employee;
    expectShape(echoed, 'workforce_employee');
    expect(echoed).toMatchObject({
      legal_first_name: 'Sam',
      preferred_first_name: 'Sammy',
      email: 'e@example.com',
      phone: null,
      notes: 'n',
      address: { street_address: '1 Main', city: 'Houston' },
      role: { id: roleId, abbreviation: 'SUP' },
      manager: { id: boss.id, legal_first_name: 'Riley', role: null },
    });
    expect(echoed).not.toHaveProperty('salary');

    const cleared = await a.api.patch(`/workforce/employees/${e.id}`, {
      workforce_employee: { address: null, manager_id: null, role_id: null, email: null },
    });
    expect(cleared.body.workforce_employee).toMatchObject({
      address: { street_address: null, city: null },
      manager: null,
      role: null,
      email: null,
      notes: 'n',
    });
    const [row] = await getDb()
      .select()
      .from(workforceEmployees)
      .where(eq(workforceEmployees.id, Number(e.id)));
    expect(row).toMatchObject({ managerId: null, roleId: null, email: null, streetAddress: null, city: null, notes: 'n' });
  });

  it('writes nothing and records no event when nothing changes', async () => {
    const e = await employee(a, { email: 'same@example.com' });
    const first = await a.api.patch(`/workforce/employees/${e.id}`, { workforce_employee: { notes: 'x' } });
    const again = await a.api.patch(`/workforce/employees/${e.id}`, {
      workforce_employee: { notes: 'x', email: 'same@example.com', legal_first_name: 'Sam' },
    });
    expect(again.status).toBe(200);
    expect(again.body.workforce_employee.updated_at).toBe(first.body.workforce_employee.updated_at);
    expect((await eventsFor(a, e.id)).map((m) => m.eventType).sort()).toEqual(['workforce_employee.create', 'workforce_employee.update']);
  });

  it('refuses to clear the required names and validates like create', async () => {
    const e = await employee(a);
    const res = await a.api.patch(`/workforce/employees/${e.id}`, {
      workforce_employee: { legal_first_name: null, last_name: '', email: 'nope', industry_start_date: 'yesterday' },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['email', 'industry_start_date', 'last_name', 'legal_first_name']);
    const [row] = await getDb()
      .select()
      .from(workforceEmployees)
      .where(eq(workforceEmployees.id, Number(e.id)));
    expect(row!.legalFirstName).toBe('Sam');
  });

  it('refuses an employee as their own manager', async () => {
    const e = await employee(a);
    const res = await a.api.patch(`/workforce/employees/${e.id}`, { workforce_employee: { manager_id: e.id } });
    expect(res.status).toBe(422);
    expect(res.body.details.manager_id[0]).toMatch(/themselves/);
  });

  it('refuses a manager that would close a loop in the tree, and allows a legal move', async () => {
    const top = await employee(a, { legal_first_name: 'Top' });
    const mid = await employee(a, { legal_first_name: 'Mid', manager_id: top.id });
    const low = await employee(a, { legal_first_name: 'Low', manager_id: mid.id });

    const direct = await a.api.patch(`/workforce/employees/${top.id}`, { workforce_employee: { manager_id: mid.id } });
    expect(direct.status).toBe(422);
    expect(direct.body.details.manager_id[0]).toMatch(/cycle/);
    const indirect = await a.api.patch(`/workforce/employees/${top.id}`, { workforce_employee: { manager_id: low.id } });
    expect(indirect.status).toBe(422);
    expect(indirect.body.message).toMatch(/manager_id would create a cycle/);
    const [row] = await getDb()
      .select()
      .from(workforceEmployees)
      .where(eq(workforceEmployees.id, Number(top.id)));
    expect(row!.managerId).toBeNull();

    // Low moves up to report to Top directly: still a tree.
    const moved = await a.api.patch(`/workforce/employees/${low.id}`, { workforce_employee: { manager_id: top.id } });
    expect(moved.status).toBe(200);
    expect(moved.body.workforce_employee.manager).toMatchObject({ id: top.id, legal_first_name: 'Top' });
    // Mid has no reports left, so Low may now manage Mid.
    const swap = await a.api.patch(`/workforce/employees/${mid.id}`, { workforce_employee: { manager_id: low.id } });
    expect(swap.status).toBe(200);
  });

  it('lets only one of two concurrent crossing manager changes through', async () => {
    for (let round = 0; round < 5; round++) {
      const x = await employee(a, { legal_first_name: 'Xavi' });
      const y = await employee(a, { legal_first_name: 'Yara' });
      const results = await Promise.all([
        a.api.patch(`/workforce/employees/${x.id}`, { workforce_employee: { manager_id: y.id } }),
        a.api.patch(`/workforce/employees/${y.id}`, { workforce_employee: { manager_id: x.id } }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
    }
  });

  it('answers 404 for a missing, malformed or foreign id', async () => {
    const theirs = await employee(b);
    for (const id of ['999999999', 'abc', '0', '-1', '1.5', theirs.id]) {
      const res = await a.api.patch(`/workforce/employees/${id}`, { workforce_employee: { notes: 'x' } });
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
    const [row] = await getDb()
      .select()
      .from(workforceEmployees)
      .where(eq(workforceEmployees.id, Number(theirs.id)));
    expect(row!.notes).toBeNull();
  });
});

describe('GET /workforce/employees/{id}', () => {
  it('returns the employee with its relations', async () => {
    const boss = await employee(a, { legal_first_name: 'Quinn', role_id: roleId });
    const e = await employee(a, { manager_id: boss.id });
    const res = await a.api.get(`/workforce/employees/${e.id}`);
    expect(res.status).toBe(200);
    expectShape(res.body.workforce_employee, 'workforce_employee');
    expect(res.body.workforce_employee.manager).toMatchObject({ id: boss.id, role: { name: 'Superintendent' } });
  });

  it('answers 404 for a missing, malformed or foreign id', async () => {
    const theirs = await employee(b);
    for (const id of ['999999999', 'abc', '00', '99999999999999999999', theirs.id]) {
      const res = await a.api.get(`/workforce/employees/${id}`);
      expect(res.status, id).toBe(404);
    }
  });
});

describe('DELETE /workforce/employees/{id}', () => {
  it("deletes, clears the reports' manager and records an event", async () => {
    const boss = await employee(a, { legal_first_name: 'Leaving' });
    const report = await employee(a, { manager_id: boss.id });
    const res = await a.api.delete(`/workforce/employees/${boss.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await a.api.get(`/workforce/employees/${boss.id}`)).status).toBe(404);
    expect((await a.api.get(`/workforce/employees/${report.id}`)).body.workforce_employee.manager).toBeNull();
    const rows = await getDb()
      .select()
      .from(workforceEmployees)
      .where(eq(workforceEmployees.id, Number(boss.id)));
    expect(rows).toHaveLength(0);
    expect((await eventsFor(a, boss.id)).map((m) => m.eventType).sort()).toEqual(['workforce_employee.create', 'workforce_employee.delete']);
    expect((await a.api.delete(`/workforce/employees/${boss.id}`)).status).toBe(404);
  });

  it("cannot delete another account's employee", async () => {
    const theirs = await employee(b);
    expect((await a.api.delete(`/workforce/employees/${theirs.id}`)).status).toBe(404);
    expect((await a.api.delete('/workforce/employees/abc')).status).toBe(404);
    expect((await b.api.get(`/workforce/employees/${theirs.id}`)).status).toBe(200);
  });
});

describe('GET /workforce/employees (operation 11)', () => {
  let c: TestAccount;
  let boss: { id: string };
  let people: { id: string }[];

  beforeAll(async () => {
    c = await createTestAccount('List GC');
    const cRole = String(c.lookup.workforceRoles[0]);
    boss = await employee(c, { legal_first_name: 'Harper', last_name: 'Chief', email: 'harper@chief.example' });
    people = [boss];
    people.push(await employee(c, { legal_first_name: 'Ellis', preferred_first_name: 'Ellie', last_name: 'Stone', manager_id: boss.id }));
    people.push(await employee(c, { legal_first_name: 'Jordan', last_name: 'Pipe_Fitter', manager_id: boss.id, role_id: cRole }));
    people.push(await employee(c, { legal_first_name: 'Casey', last_name: '100% Framing', role_id: cRole }));
    people.push(await employee(c, { legal_first_name: 'Drew', last_name: 'Welder' }));
  });

  it("lists the account's employees newest first with full shapes", async () => {
    const res = await c.api.get('/workforce/employees');
    expect(res.status).toBe(200);
    const list = res.body.workforce_employees;
    expect(ids(list)).toEqual(ids(people).reverse());
    for (const e of list) expectShape(e, 'workforce_employee');
    expect(list.find((e: { id: string }) => e.id === people[1]!.id).manager).toMatchObject({ id: boss.id });
    expect(res.headers.get('x-total-count')).toBe('5');
    const other = await b.api.get('/workforce/employees');
    for (const p of people) expect(ids(other.body.workforce_employees)).not.toContain(p.id);
  });

  it('filters by manager_id, role_id, q and updated_since', async () => {
    const byManager = await c.api.get(`/workforce/employees?manager_id=${boss.id}`);
    expect(ids(byManager.body.workforce_employees).sort()).toEqual([people[1]!.id, people[2]!.id].sort());
    const byRole = await c.api.get(`/workforce/employees?role_id=${c.lookup.workforceRoles[0]}`);
    expect(ids(byRole.body.workforce_employees).sort()).toEqual([people[2]!.id, people[3]!.id].sort());
    const byManagerAndRole = await c.api.get(`/workforce/employees?manager_id=${boss.id}&role_id=${c.lookup.workforceRoles[0]}`);
    expect(ids(byManagerAndRole.body.workforce_employees)).toEqual([people[2]!.id]);

    const q = async (term: string) => ids((await c.api.get(`/workforce/employees?q=${encodeURIComponent(term)}`)).body.workforce_employees);
    expect(await q('ELLIE')).toEqual([people[1]!.id]);
    expect(await q('chief.example')).toEqual([boss.id]);
    expect(await q('stone')).toEqual([people[1]!.id]);
    expect(await q('_')).toEqual([people[2]!.id]);
    expect(await q('100%')).toEqual([people[3]!.id]);
    expect(await q('nobody')).toEqual([]);

    const future = await c.api.get('/workforce/employees?updated_since=2200-01-01T00:00:00Z');
    expect(future.body.workforce_employees).toEqual([]);
    await getDb()
      .update(workforceEmployees)
      .set({ updatedAt: new Date('2020-01-01T00:00:00Z') })
      .where(and(eq(workforceEmployees.accountId, c.accountId), eq(workforceEmployees.id, Number(people[4]!.id))));
    const since = await c.api.get('/workforce/employees?updated_since=2021-01-01T00:00:00%2B02:00');
    expect(ids(since.body.workforce_employees)).not.toContain(people[4]!.id);
    expect(since.body.workforce_employees).toHaveLength(4);
  });

  it('answers 422 for a bad filter value', async () => {
    for (const query of ['manager_id=abc', 'role_id=0', 'q=', 'updated_since=yesterday', 'manager_id=1&manager_id=2', 'page=0', 'per_page=101']) {
      const res = await c.api.get(`/workforce/employees?${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.error).toBe('validation_failed');
    }
    const res = await c.api.get('/workforce/employees?manager_id=abc');
    expect(res.body.details).toHaveProperty('manager_id');
  });

  it('paginates with Link and X-Total-Count', async () => {
    const first = await c.api.get('/workforce/employees?per_page=2&q=a');
    expect(first.status).toBe(200);
    const total = Number(first.headers.get('x-total-count'));
    expect(total).toBeGreaterThan(2);
    expect(first.body.workforce_employees).toHaveLength(2);
    const link = first.headers.get('link')!;
    expect(link).toContain('rel="next"');
    expect(link).toContain('q=a');
    expect(link).toContain('per_page=2');
    const second = await c.api.get('/workforce/employees?per_page=2&page=2&q=a');
    expect(ids(second.body.workforce_employees)).not.toContain(first.body.workforce_employees[0].id);
    const past = await c.api.get('/workforce/employees?per_page=2&page=50');
    expect(past.status).toBe(200);
    expect(past.body.workforce_employees).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('5');
  });

  it('runs the same number of statements whatever the page size', async () => {
    const before1 = statementCount();
    await c.api.get('/workforce/employees?per_page=1');
    const one = statementCount() - before1;
    const before100 = statementCount();
    await c.api.get('/workforce/employees?per_page=100');
    const hundred = statementCount() - before100;
    expect(one).toBeGreaterThan(0);
    expect(hundred).toBe(one);
  });
});

describe('authentication', () => {
  it('answers 401 without or with a wrong token and 403 for a read token writing', async () => {
    for (const [method, path] of [
      ['GET', '/workforce/employees'],
      ['POST', '/workforce/employees'],
      ['GET', '/workforce/employees/1'],
      ['PATCH', '/workforce/employees/1'],
      ['DELETE', '/workforce/employees/1'],
    ] as const) {
      const body = method === 'POST' || method === 'PATCH' ? { workforce_employee: {} } : undefined;
      const none = await request(method, path, { body });
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.body.error).toBe('unauthorized');
      expect((await request(method, path, { token: 'gw_pat_nope' })).status).toBe(401);
    }
    expect((await a.readApi.get('/workforce/employees')).status).toBe(200);
    const write = await a.readApi.post('/workforce/employees', { workforce_employee: { legal_first_name: 'R', last_name: 'O' } });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('insufficient_scope');
  });
});
