import { beforeAll, describe, expect, it } from 'vitest';
import { statementCount } from '@/db';
import { createTestAccount, TIMESTAMP, type TestAccount } from '../fixtures';

// Workforce planning through the API: assignments whose dates follow their project (and the events
// of the move), time off with backfill, certifications, utilization and demand against
// hand-computed cases (January 2027: the 1st is a Friday, Mondays are the 4th, 11th, 18th), and
// isolation between accounts.

let a: TestAccount;
let b: TestAccount;
const [, QUALIFYING, , , , WON, LOST] = [0, 1, 2, 3, 4, 5, 6];
const Q1 = { start_date: '2027-01-01', end_date: '2027-03-31' };
type Rec = { id: string } & Record<string, unknown>;

async function create(t: TestAccount, path: string, key: string, fields: Record<string, unknown>): Promise<Rec> {
  const res = await t.api.post(path, { [key]: fields });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
  return res.body[key];
}
const project = (t: TestAccount, fields: Record<string, unknown>) => create(t, '/projects', 'project', { name: 'Staffed project', ...fields });
const employee = (t: TestAccount, fields: Record<string, unknown> = {}) =>
  create(t, '/workforce/employees', 'workforce_employee', { legal_first_name: 'Pat', last_name: 'Planner', ...fields });
const assignment = (t: TestAccount, fields: Record<string, unknown>) => create(t, '/workforce/assignments', 'workforce_assignment', fields);
const role = (t: TestAccount) => String(t.lookup.workforceRoles[0]);

async function since(): Promise<string> {
  const at = new Date().toISOString();
  await new Promise((r) => setTimeout(r, 5));
  return at;
}
async function eventsSince(t: TestAccount, at: string): Promise<string[]> {
  const res = await t.api.get(`/webhook_messages?since=${encodeURIComponent(at)}&per_page=100`);
  expect(res.status).toBe(200);
  return res.body.webhook_messages.map((m: { event_type: string; payload: { id: string } }) => `${m.event_type}:${m.payload.id}`).sort();
}

beforeAll(async () => {
  a = await createTestAccount('Planning GC');
  b = await createTestAccount('Other planning GC');
});

describe('assignments', () => {
  it('follow the project’s dates by default, embed project, employee and role, and list every field', async () => {
    const p = await project(a, Q1);
    const e = await employee(a, { role_id: role(a) });
    const made = await assignment(a, { project_id: p.id, employee_id: e.id, role_id: role(a) });
    expect(made).toEqual({
      id: expect.any(String),
      created_at: expect.stringMatching(TIMESTAMP),
      updated_at: expect.stringMatching(TIMESTAMP),
      project: { id: p.id, created_at: p.created_at, updated_at: p.updated_at, name: 'Staffed project' },
      employee: {
        id: e.id,
        created_at: e.created_at,
        updated_at: e.updated_at,
        legal_first_name: 'Pat',
        preferred_first_name: null,
        last_name: 'Planner',
        email: null,
        role: { id: role(a), created_at: expect.any(String), updated_at: expect.any(String), name: 'Superintendent', abbreviation: 'SUP' },
      },
      role: { id: role(a), created_at: expect.any(String), updated_at: expect.any(String), name: 'Superintendent', abbreviation: 'SUP' },
      allocation_percent: 100,
      start_date: '2027-01-01',
      end_date: '2027-03-31',
      dates_follow_project: true,
    });
    const got = await a.api.get(`/workforce/assignments/${made.id}`);
    expect(got.body.workforce_assignment).toEqual(made);
    expect(got.headers.get('etag')).toBeTruthy();
    // An unfilled role, with its own dates (given dates mean its own unless told otherwise).
    const unfilled = await assignment(a, { project_id: p.id, role_id: role(a), allocation_percent: 50, start_date: '2027-02-01', end_date: '2027-02-28' });
    expect(unfilled).toMatchObject({ employee: null, allocation_percent: 50, start_date: '2027-02-01', end_date: '2027-02-28', dates_follow_project: false });
  });

  it('refuses with 422 and a reason: end before start, dates missing, dates that are not the project’s, allocations out of range, records of another account', async () => {
    const p = await project(a, Q1);
    const undated = await project(a, {});
    const theirs = await employee(b);
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ project_id: p.id, role_id: role(a), start_date: '2027-02-01', end_date: '2027-01-31' }, 'end_date', /on or after start_date/],
      [{ project_id: undated.id, role_id: role(a) }, 'start_date', /project has no start_date/],
      [{ project_id: p.id, role_id: role(a), dates_follow_project: false, start_date: '2027-01-01' }, 'end_date', /required/],
      [{ project_id: p.id, role_id: role(a), dates_follow_project: true, start_date: '2027-01-05' }, 'start_date', /project's start_date \(2027-01-01\)/],
      [{ project_id: p.id, role_id: role(a), allocation_percent: 0 }, 'allocation_percent', /between 1 and 100/],
      [{ project_id: p.id, role_id: role(a), allocation_percent: 101 }, 'allocation_percent', /between 1 and 100/],
      [{ project_id: p.id, role_id: role(a), allocation_percent: 50.5 }, 'allocation_percent', /whole number/],
      [{ project_id: p.id, role_id: role(a), employee_id: theirs.id }, 'employee_id', /./],
      [{ project_id: p.id }, 'role_id', /./],
    ];
    for (const [fields, field, message] of cases) {
      const res = await a.api.post('/workforce/assignments', { workforce_assignment: fields });
      expect(res.status, JSON.stringify(fields)).toBe(422);
      expect(res.body.details[field]?.join(' '), JSON.stringify(res.body)).toMatch(message);
    }
    expect((await a.api.get(`/workforce/assignments?project_id=${undated.id}`)).body.workforce_assignments).toEqual([]);
  });

  it('move with their project in the same change, each with its update event; own dates stay', async () => {
    const p = await project(a, Q1);
    const following = await assignment(a, { project_id: p.id, role_id: role(a) });
    const own = await assignment(a, { project_id: p.id, role_id: role(a), start_date: '2027-01-04', end_date: '2027-01-29' });
    const at = await since();
    const moved = await a.api.patch(`/projects/${p.id}`, { project: { start_date: '2027-02-01', end_date: '2027-05-31' } });
    expect(moved.status).toBe(200);
    expect((await a.api.get(`/workforce/assignments/${following.id}`)).body.workforce_assignment).toMatchObject({
      start_date: '2027-02-01',
      end_date: '2027-05-31',
      dates_follow_project: true,
    });
    expect((await a.api.get(`/workforce/assignments/${own.id}`)).body.workforce_assignment).toMatchObject({ start_date: '2027-01-04', end_date: '2027-01-29' });
    expect(await eventsSince(a, at)).toEqual([`project.update:${p.id}`, `workforce_assignment.update:${following.id}`].sort());
    const updated = await a.api.get(`/workforce/assignments?project_id=${p.id}&updated_since=${encodeURIComponent(at)}`);
    expect(updated.body.workforce_assignments.map((x: Rec) => x.id)).toEqual([following.id]);
    // A project losing a date leaves them where they were; a name change does not touch them.
    await a.api.patch(`/projects/${p.id}`, { project: { end_date: null, name: 'Renamed' } });
    expect((await a.api.get(`/workforce/assignments/${following.id}`)).body.workforce_assignment).toMatchObject({
      start_date: '2027-02-01',
      end_date: '2027-05-31',
    });
  });

  it('take their own dates on a PATCH with dates, and the project’s again with dates_follow_project', async () => {
    const p = await project(a, Q1);
    const x = await assignment(a, { project_id: p.id, role_id: role(a) });
    const own = await a.api.patch(`/workforce/assignments/${x.id}`, { workforce_assignment: { start_date: '2027-01-11' } });
    expect(own.body.workforce_assignment).toMatchObject({ start_date: '2027-01-11', end_date: '2027-03-31', dates_follow_project: false });
    const back = await a.api.patch(`/workforce/assignments/${x.id}`, { workforce_assignment: { dates_follow_project: true } });
    expect(back.body.workforce_assignment).toMatchObject({ start_date: '2027-01-01', end_date: '2027-03-31', dates_follow_project: true });
    const stale = await a.api.patch(
      `/workforce/assignments/${x.id}`,
      { workforce_assignment: { allocation_percent: 20 } },
      { headers: { 'If-Match': own.headers.get('etag')! } },
    );
    expect(stale.status).toBe(412);
    const fresh = await a.api.patch(
      `/workforce/assignments/${x.id}`,
      { workforce_assignment: { allocation_percent: 20 } },
      { headers: { 'If-Match': back.headers.get('etag')! } },
    );
    expect(fresh.body.workforce_assignment.allocation_percent).toBe(20);
    expect((await a.api.delete(`/workforce/assignments/${x.id}`)).status).toBe(204);
    expect((await a.api.get(`/workforce/assignments/${x.id}`)).status).toBe(404);
  });

  it('filter by project, employee, role, unfilled and dates overlapping from..to', async () => {
    const t = await createTestAccount('Filtered planning GC');
    const p = await project(t, Q1);
    const q = await project(t, { start_date: '2027-06-01', end_date: '2027-06-30' });
    const e = await employee(t);
    const x1 = await assignment(t, { project_id: p.id, role_id: role(t), employee_id: e.id });
    const x2 = await assignment(t, { project_id: q.id, role_id: role(t) });
    const ids = async (query: string) => ((await t.api.get(`/workforce/assignments?${query}`)).body.workforce_assignments as Rec[]).map((x) => x.id);
    expect(await ids(`project_id=${p.id}`)).toEqual([x1.id]);
    expect(await ids(`employee_id=${e.id}`)).toEqual([x1.id]);
    expect(await ids('unfilled=true')).toEqual([x2.id]);
    expect(await ids('unfilled=false')).toEqual([x1.id]);
    expect(await ids('from=2027-04-01')).toEqual([x2.id]);
    expect(await ids('from=2027-03-31&to=2027-06-01')).toEqual([x2.id, x1.id]);
    expect(await ids('to=2026-12-31')).toEqual([]);
    expect(await ids(`role_id=${role(t)}&per_page=1`)).toHaveLength(1);
    expect((await t.api.get('/workforce/assignments?unfilled=maybe')).status).toBe(422);
    expect((await t.api.get('/workforce/assignments?from=2027-02-30')).status).toBe(422);
  });

  it('are deleted with their project, and become unfilled when their employee is deleted (events for each)', async () => {
    const p = await project(a, Q1);
    const e = await employee(a);
    const x = await assignment(a, { project_id: p.id, role_id: role(a), employee_id: e.id });
    const off = await create(a, '/workforce/time_off', 'workforce_time_off', { employee_id: e.id, start_date: '2027-01-04', end_date: '2027-01-05' });
    const cert = await create(a, '/workforce/certifications', 'workforce_certification', { employee_id: e.id, name: 'First aid' });
    let at = await since();
    expect((await a.api.delete(`/workforce/employees/${e.id}`)).status).toBe(204);
    expect((await a.api.get(`/workforce/assignments/${x.id}`)).body.workforce_assignment.employee).toBeNull();
    expect((await a.api.get(`/workforce/time_off/${off.id}`)).status).toBe(404);
    expect(await eventsSince(a, at)).toEqual(
      [
        `workforce_employee.delete:${e.id}`,
        `workforce_assignment.update:${x.id}`,
        `workforce_time_off.delete:${off.id}`,
        `workforce_certification.delete:${cert.id}`,
      ].sort(),
    );
    at = await since();
    expect((await a.api.delete(`/projects/${p.id}`)).status).toBe(204);
    expect((await a.api.get(`/workforce/assignments/${x.id}`)).status).toBe(404);
    expect(await eventsSince(a, at)).toEqual([`project.delete:${p.id}`, `workforce_assignment.delete:${x.id}`].sort());
  });
});

describe('time off', () => {
  it('backfills the working days it takes from the employee’s assignments as unfilled assignments', async () => {
    const p = await project(a, Q1);
    const e = await employee(a);
    const x = await assignment(a, {
      project_id: p.id,
      role_id: role(a),
      employee_id: e.id,
      allocation_percent: 50,
      start_date: '2027-01-04',
      end_date: '2027-01-29',
    });
    const at = await since();
    // Saturday the 9th to Wednesday the 13th: Monday to Wednesday are lost.
    const off = await create(a, '/workforce/time_off', 'workforce_time_off', {
      employee_id: e.id,
      start_date: '2027-01-09',
      end_date: '2027-01-13',
      reason: 'Leave',
      backfill: true,
    });
    expect(off).toMatchObject({ start_date: '2027-01-09', end_date: '2027-01-13', reason: 'Leave', employee: { id: e.id, last_name: 'Planner' } });
    const unfilled = (await a.api.get(`/workforce/assignments?project_id=${p.id}&unfilled=true`)).body.workforce_assignments as Rec[];
    expect(unfilled).toHaveLength(1);
    expect(unfilled[0]).toMatchObject({
      employee: null,
      role: { id: role(a) },
      allocation_percent: 50,
      start_date: '2027-01-11',
      end_date: '2027-01-13',
      dates_follow_project: false,
    });
    expect(await eventsSince(a, at)).toEqual([`workforce_assignment.create:${unfilled[0]!.id}`, `workforce_time_off.create:${off.id}`].sort());
    // The employee's own assignment is unchanged; without backfill nothing is added.
    expect((await a.api.get(`/workforce/assignments/${x.id}`)).body.workforce_assignment).toMatchObject({ start_date: '2027-01-04', end_date: '2027-01-29' });
    await create(a, '/workforce/time_off', 'workforce_time_off', { employee_id: e.id, start_date: '2027-01-18', end_date: '2027-01-19' });
    expect((await a.api.get(`/workforce/assignments?project_id=${p.id}&unfilled=true`)).body.workforce_assignments).toHaveLength(1);
  });

  it('refuses an end before its start, and lists by employee and dates', async () => {
    const e = await employee(a);
    const bad = await a.api.post('/workforce/time_off', { workforce_time_off: { employee_id: e.id, start_date: '2027-01-10', end_date: '2027-01-09' } });
    expect(bad.status).toBe(422);
    expect(bad.body.details.end_date[0]).toMatch(/on or after start_date/);
    const off = await create(a, '/workforce/time_off', 'workforce_time_off', { employee_id: e.id, start_date: '2027-03-01', end_date: '2027-03-05' });
    expect(off.reason).toBeNull();
    const list = async (q: string) => ((await a.api.get(`/workforce/time_off?employee_id=${e.id}&${q}`)).body.workforce_time_off as Rec[]).map((x) => x.id);
    expect(await list('from=2027-03-05')).toEqual([off.id]);
    expect(await list('from=2027-03-06')).toEqual([]);
    const patched = await a.api.patch(`/workforce/time_off/${off.id}`, { workforce_time_off: { end_date: '2027-02-28' } });
    expect(patched.status).toBe(422);
  });
});

describe('certifications and the employee filters', () => {
  it('records certifications, flags the employee list by name and expiry, and adds division and headcount flags to employees', async () => {
    const t = await createTestAccount('Certified GC');
    const division = String(t.lookup.divisions[0]);
    const e1 = await employee(t, { last_name: 'One', division_id: division, excluded_from_headcount: true });
    expect(e1).toMatchObject({ division: { id: division, name: 'Commercial' }, excluded_from_headcount: true });
    const e2 = await employee(t, { last_name: 'Two' });
    expect(e2).toMatchObject({ division: null, excluded_from_headcount: false });
    const c1 = await create(t, '/workforce/certifications', 'workforce_certification', {
      employee_id: e1.id,
      name: 'OSHA 30',
      issued_on: '2025-01-10',
      expires_on: '2027-01-10',
    });
    expect(c1).toMatchObject({ name: 'OSHA 30', issued_on: '2025-01-10', expires_on: '2027-01-10', employee: { id: e1.id } });
    await create(t, '/workforce/certifications', 'workforce_certification', { employee_id: e2.id, name: 'osha 30', expires_on: '2029-01-01' });
    await create(t, '/workforce/certifications', 'workforce_certification', { employee_id: e2.id, name: 'First aid', expires_on: '2026-12-01' });
    const names = async (q: string) => ((await t.api.get(`/workforce/employees?${q}`)).body.workforce_employees as Rec[]).map((x) => x.last_name).sort();
    expect(await names('certification=OSHA%2030')).toEqual(['One', 'Two']);
    expect(await names('certification=OSHA%2030&certification_expiring_before=2028-01-01')).toEqual(['One']);
    expect(await names('certification_expiring_before=2027-01-01')).toEqual(['Two']);
    expect(await names(`division_id=${division}`)).toEqual(['One']);
    expect((await t.api.get('/workforce/certifications?expiring_before=2027-01-01')).body.workforce_certifications).toHaveLength(1);
    const bad = await t.api.post('/workforce/certifications', {
      workforce_certification: { employee_id: e1.id, name: 'Rigging', issued_on: '2027-01-02', expires_on: '2027-01-01' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.details.expires_on[0]).toMatch(/on or after issued_on/);
    expect((await t.api.post('/workforce/certifications', { workforce_certification: { employee_id: e1.id, name: ' ' } })).status).toBe(422);
  });
});

describe('utilization', () => {
  it('counts capacity, time off and assigned days per week, exactly as computed by hand', async () => {
    const t = await createTestAccount('Utilization GC');
    const p = await project(t, Q1);
    const e = await employee(t, { last_name: 'Able', role_id: role(t) });
    const late = await employee(t, { last_name: 'Baker', start_date: '2027-01-13' });
    await create(t, '/workforce/time_off', 'workforce_time_off', { employee_id: e.id, start_date: '2027-01-06', end_date: '2027-01-07' });
    await assignment(t, { project_id: p.id, employee_id: e.id, role_id: role(t), allocation_percent: 50, start_date: '2027-01-05', end_date: '2027-02-28' });
    await assignment(t, { project_id: p.id, employee_id: e.id, role_id: role(t), start_date: '2027-01-07', end_date: '2027-01-20' });
    await assignment(t, { project_id: p.id, employee_id: late.id, role_id: role(t), allocation_percent: 50, start_date: '2027-01-04', end_date: '2027-01-17' });
    // A Wednesday: the grid starts on its Monday.
    const res = await t.api.get('/workforce/utilization?from=2027-01-06&to=2027-01-17');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('2');
    const u = res.body.workforce_utilization;
    expect(u.interval).toBe('week');
    expect(u.periods).toEqual([
      { start: '2027-01-04', end: '2027-01-10' },
      { start: '2027-01-11', end: '2027-01-17' },
    ]);
    expect(u.employees.map((x: { employee: Rec }) => x.employee.last_name)).toEqual(['Able', 'Baker']);
    expect(u.employees[0].employee).toMatchObject({ id: e.id, role: { name: 'Superintendent' } });
    expect(u.employees[0].periods).toEqual([
      { start: '2027-01-04', capacity_days: 3, assigned_days: 2, time_off_days: 2, utilization_percent: 66.7 },
      { start: '2027-01-11', capacity_days: 5, assigned_days: 7.5, time_off_days: 0, utilization_percent: 150 },
    ]);
    expect(u.employees[1].periods).toEqual([
      { start: '2027-01-04', capacity_days: 0, assigned_days: 2.5, time_off_days: 0, utilization_percent: null },
      { start: '2027-01-11', capacity_days: 3, assigned_days: 2.5, time_off_days: 0, utilization_percent: 83.3 },
    ]);
    // By month: 21 working days in January; Able's 50 % one from the 5th (19 days) less 2 off, and the other's 10 working days less 1 off.
    const month = (await t.api.get(`/workforce/utilization?from=2027-01-01&to=2027-01-31&interval=month&employee_id=${e.id}`)).body.workforce_utilization;
    expect(month.periods).toEqual([{ start: '2027-01-01', end: '2027-01-31' }]);
    expect(month.employees[0].periods).toEqual([
      { start: '2027-01-01', capacity_days: 19, assigned_days: 8.5 + 9, time_off_days: 2, utilization_percent: 92.1 },
    ]);
  });

  it('pages over employees in a fixed number of statements, and refuses bad ranges', async () => {
    const t = await createTestAccount('Paged utilization GC');
    const p = await project(t, Q1);
    for (let i = 0; i < 6; i++) {
      const e = await employee(t, { last_name: `Person ${i}` });
      await assignment(t, { project_id: p.id, employee_id: e.id, role_id: role(t) });
      await create(t, '/workforce/time_off', 'workforce_time_off', { employee_id: e.id, start_date: '2027-01-04', end_date: '2027-01-04' });
    }
    await t.api.get('/workforce/utilization?per_page=1'); // warm
    const count = async (q: string) => {
      const before = statementCount();
      const res = await t.api.get(`/workforce/utilization?from=2027-01-04&to=2027-06-27&${q}`);
      expect(res.status).toBe(200);
      return statementCount() - before;
    };
    expect(await count('per_page=1')).toBe(await count('per_page=100'));
    expect(await count('per_page=100')).toBeLessThanOrEqual(3);
    const page2 = await t.api.get('/workforce/utilization?from=2027-01-04&to=2027-01-10&per_page=4&page=2');
    expect(page2.body.workforce_utilization.employees.map((x: { employee: Rec }) => x.employee.last_name)).toEqual(['Person 4', 'Person 5']);
    expect(page2.headers.get('link')).toContain('rel="first"');
    for (const q of [
      'from=2027-01-10&to=2027-01-09',
      'from=2027-01-04&to=2029-12-31',
      'from=2027-01-01&to=2030-01-31&interval=month',
      'interval=day',
      'from=tomorrow',
      'to=2024-05-01',
      'to=2099-01-01',
    ]) {
      const res = await t.api.get(`/workforce/utilization?${q}`);
      expect(res.status, q).toBe(422);
      // `to` alone is checked against the default `from` (today), in the demand too.
      if (q.startsWith('to=')) expect((await t.api.get(`/workforce/demand?${q}&interval=month`)).status, q).toBe(422);
    }
    expect((await t.api.get('/workforce/utilization?from=2027-01-04&to=2029-12-30')).status).toBe(200); // 156 weeks
  });
});

describe('demand', () => {
  it('compares awarded and weighted pursuit FTE with headcount per role, as computed by hand', async () => {
    const t = await createTestAccount('Demand GC');
    const sup = role(t);
    const pm = (await create(t, '/workforce/roles', 'workforce_role', { name: 'Project Manager', abbreviation: 'PM' })).id;
    expect((await t.api.patch(`/project_stages/${t.stageIds[QUALIFYING]}`, { project_stage: { default_probability: 0.25 } })).status).toBe(200);
    const won = await project(t, { ...Q1, project_stage_id: String(t.stageIds[WON]) });
    const open = await project(t, { start_date: '2027-01-13', end_date: '2027-01-15', probability: 0.4 });
    const byStage = await project(t, { start_date: '2027-01-11', end_date: '2027-01-17', project_stage_id: String(t.stageIds[QUALIFYING]) });
    const lost = await project(t, { ...Q1, project_stage_id: String(t.stageIds[LOST]) });
    await assignment(t, { project_id: won.id, role_id: sup });
    await assignment(t, { project_id: open.id, role_id: sup, allocation_percent: 50 });
    await assignment(t, { project_id: byStage.id, role_id: pm });
    await assignment(t, { project_id: lost.id, role_id: sup });
    await employee(t, { role_id: sup });
    const away = await employee(t, { role_id: sup });
    await create(t, '/workforce/time_off', 'workforce_time_off', { employee_id: away.id, start_date: '2027-01-11', end_date: '2027-01-12' });
    await employee(t, { role_id: sup, excluded_from_headcount: true });
    await employee(t, { role_id: pm, start_date: '2027-01-15' });

    const res = await t.api.get('/workforce/demand?from=2027-01-11&to=2027-01-17');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [week] = res.body.workforce_demand.periods;
    expect(week.start).toBe('2027-01-11');
    expect(week.end).toBe('2027-01-17');
    // Roles by name: Project Manager, Superintendent.
    expect(week.roles).toEqual([
      // Pursuit 1 FTE weighted by the stage's 25 %; headcount: one person from Friday, 1 day of 5.
      {
        role: expect.objectContaining({ id: pm, name: 'Project Manager', abbreviation: 'PM' }),
        headcount_fte: 0.2,
        awarded_fte: 0,
        pursuit_fte: 1,
        pursuit_weighted_fte: 0.25,
        shortfall_fte: 0.05,
      },
      // Won 1 FTE; pursuit 0.5 × 3 ÷ 5 = 0.3 at 40 %; headcount 1 + 3/5 (the excluded one not counted); the lost project nowhere.
      {
        role: expect.objectContaining({ id: sup, name: 'Superintendent' }),
        headcount_fte: 1.6,
        awarded_fte: 1,
        pursuit_fte: 0.3,
        pursuit_weighted_fte: 0.12,
        shortfall_fte: 0,
      },
    ]);
    const only = (await t.api.get(`/workforce/demand?from=2027-01-11&to=2027-02-14&interval=month&role_id=${sup}`)).body.workforce_demand;
    expect(only.periods.map((p: { start: string }) => p.start)).toEqual(['2027-01-01', '2027-02-01']);
    expect(only.periods[0].roles).toHaveLength(1);
    // February: 20 working days; the won project's assignment all month; two people all month.
    expect(only.periods[1].roles[0]).toMatchObject({ awarded_fte: 1, pursuit_fte: 0, headcount_fte: 2, shortfall_fte: 0 });
    expect((await t.api.get('/workforce/demand?from=2027-01-01&to=2030-01-31&interval=month')).status).toBe(422);
  });
});

describe('isolation', () => {
  it('keeps another account’s assignments, time off, certifications and people out of reach', async () => {
    const p = await project(a, Q1);
    const e = await employee(a, { last_name: 'Private' });
    const x = await assignment(a, { project_id: p.id, role_id: role(a), employee_id: e.id });
    const off = await create(a, '/workforce/time_off', 'workforce_time_off', { employee_id: e.id, start_date: '2027-01-04', end_date: '2027-01-05' });
    const cert = await create(a, '/workforce/certifications', 'workforce_certification', { employee_id: e.id, name: 'Secret' });
    for (const path of [`/workforce/assignments/${x.id}`, `/workforce/time_off/${off.id}`, `/workforce/certifications/${cert.id}`]) {
      expect((await b.api.get(path)).status, path).toBe(404);
      expect((await b.api.delete(path)).status, path).toBe(404);
    }
    expect((await b.api.patch(`/workforce/assignments/${x.id}`, { workforce_assignment: { allocation_percent: 10 } })).status).toBe(404);
    expect((await b.api.get('/workforce/assignments')).body.workforce_assignments.map((r: Rec) => r.id)).not.toContain(x.id);
    const refused = await b.api.post('/workforce/assignments', { workforce_assignment: { project_id: p.id, role_id: role(b) } });
    expect(refused.status).toBe(422);
    expect(
      (await b.api.post('/workforce/time_off', { workforce_time_off: { employee_id: e.id, start_date: '2027-01-04', end_date: '2027-01-04' } })).status,
    ).toBe(422);
    const theirGrid = (await b.api.get('/workforce/utilization?from=2027-01-04&to=2027-01-10')).body.workforce_utilization;
    expect(theirGrid.employees.map((r: { employee: Rec }) => r.employee.id)).not.toContain(e.id);
    const theirDemand = (await b.api.get('/workforce/demand?from=2027-01-04&to=2027-01-10')).body.workforce_demand;
    expect(theirDemand.periods[0].roles.map((r: { role: Rec }) => r.role.id)).toEqual([role(b)]);
    expect(theirDemand.periods[0].roles[0]).toMatchObject({ awarded_fte: 0, pursuit_fte: 0 });
  });
});
