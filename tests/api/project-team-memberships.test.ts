import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { statementCount } from '@/db';
import { projects, projectTeamMembershipRoles, projectTeamMemberships, users, webhookMessages } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;
let projectA: { id: number; name: string };
let projectA2: { id: number; name: string };
let projectB: { id: number; name: string };

const PATH = '/project_team_memberships';
const KEY = 'project_team_membership';

async function insertProject(acc: TestAccount, name: string) {
  const [row] = await getDb().insert(projects).values({ accountId: acc.accountId, name }).returning();
  return row!;
}

async function insertUser(acc: TestAccount, firstName: string) {
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await getDb().insert(users).values({ accountId: acc.accountId, firstName, lastName: 'Crew', email }).returning();
  return row!;
}

async function membershipEvents(acc: TestAccount, id: string) {
  const rows = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, acc.accountId));
  return rows.filter((e) => e.payload.id === id && e.eventType.startsWith('project_team_membership.'));
}

async function roleRows(membershipId: string) {
  return getDb()
    .select()
    .from(projectTeamMembershipRoles)
    .where(eq(projectTeamMembershipRoles.membershipId, Number(membershipId)));
}

/** Adds a new user of the account to a project's team; returns the membership. */
async function addNewMember(acc: TestAccount, projectId: number, firstName: string, roles: string[]) {
  const user = await insertUser(acc, firstName);
  const res = await acc.api.post(`${PATH}?project_id=${projectId}`, { [KEY]: { user_id: String(user.id), roles } });
  expect(res.status).toBe(201);
  return res.body[KEY];
}

const ids = (list: { id: string }[]) => list.map((r) => r.id);
const roleKeys = (m: { roles: { role: string }[] }) => m.roles.map((r) => r.role);

beforeAll(async () => {
  a = await createTestAccount('Team GC');
  b = await createTestAccount('Other GC');
  projectA = await insertProject(a, 'Riverside Medical Office');
  projectA2 = await insertProject(a, 'Lakeview Elementary');
  projectB = await insertProject(b, 'Secret Tower');
});

describe('memberships: create (operation 15)', () => {
  it('adds a member with roles and echoes the full shape', async () => {
    const res = await a.api.post(`${PATH}?project_id=${projectA.id}`, {
      [KEY]: { user_id: String(a.otherUserId), roles: ['project_manager', 'estimator', 'project_manager'] },
    });
    expect(res.status).toBe(201);
    const m = res.body[KEY];
    expectShape(m, 'membership');
    expectShape(m.user, 'user');
    expectShape(m.project, 'named');
    expect(m).toMatchObject({
      user: { id: String(a.otherUserId), first_name: 'Blake', last_name: 'Builder', name: 'Blake Builder' },
      project: { id: String(projectA.id), name: projectA.name },
    });
    // Duplicates collapse; each role is a record with a human name.
    expect(m.roles).toHaveLength(2);
    for (const r of m.roles) expectShape(r, 'membership_role');
    expect(m.roles.map((r: { role: string; name: string }) => [r.role, r.name])).toEqual([
      ['project_manager', 'Project Manager'],
      ['estimator', 'Estimator'],
    ]);

    const [row] = await getDb()
      .select()
      .from(projectTeamMemberships)
      .where(eq(projectTeamMemberships.id, Number(m.id)));
    expect(row).toMatchObject({ accountId: a.accountId, projectId: projectA.id, userId: a.otherUserId });
    expect((await roleRows(m.id)).map((r) => r.role).sort()).toEqual(['estimator', 'project_manager']);
    const events = await membershipEvents(a, m.id);
    expect(events.map((e) => e.eventType)).toEqual(['project_team_membership.create']);
    expect(events[0]!.payload.url).toBe(`http://localhost:3000/api/2023-01/project_team_memberships/${m.id}?project_id=${projectA.id}`);
  });

  it('takes project_id from the body when the query has none', async () => {
    const res = await a.api.post(PATH, { [KEY]: { user_id: a.userId, roles: ['project_admin'], project_id: String(projectA2.id) } });
    expect(res.status).toBe(201);
    expect(res.body[KEY].project.id).toBe(String(projectA2.id));
  });

  it('requires project_id in the query or the body, and refuses two different ones', async () => {
    const none = await a.api.post(PATH, { [KEY]: { user_id: String(a.userId), roles: ['estimator'] } });
    expect(none.status).toBe(422);
    expect(Object.keys(none.body.details)).toEqual(['project_id']);
    const both = await a.api.post(`${PATH}?project_id=${projectA.id}`, {
      [KEY]: { user_id: String(a.userId), roles: ['estimator'], project_id: String(projectA2.id) },
    });
    expect(both.status).toBe(422);
    expect(Object.keys(both.body.details)).toEqual(['project_id']);
    const bad = await a.api.post(`${PATH}?project_id=abc`, { [KEY]: { user_id: String(a.userId), roles: ['estimator'] } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details)).toEqual(['project_id']);
  });

  it('answers 404 for an unknown project in the query and 422 for one in the body', async () => {
    for (const projectId of [projectB.id, 999_999_999]) {
      const query = await a.api.post(`${PATH}?project_id=${projectId}`, { [KEY]: { user_id: String(a.userId), roles: ['estimator'] } });
      expect(query.status).toBe(404);
      expect(query.body.error).toBe('not_found');
      const body = await a.api.post(PATH, { [KEY]: { user_id: String(a.userId), roles: ['estimator'], project_id: String(projectId) } });
      expect(body.status).toBe(422);
      expect(body.body.details).toEqual({ project_id: ['does not exist'] });
    }
    const rows = await getDb().select().from(projectTeamMemberships).where(eq(projectTeamMemberships.projectId, projectB.id));
    expect(rows).toHaveLength(0);
  });

  it('validates user_id and roles with 422 and details per field', async () => {
    const url = `${PATH}?project_id=${projectA2.id}`;
    const missing = await a.api.post(url, { [KEY]: {} });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.details).sort()).toEqual(['roles', 'user_id']);
    const empty = await a.api.post(url, { [KEY]: { user_id: String(a.otherUserId), roles: [] } });
    expect(empty.status).toBe(422);
    expect(empty.body.details).toEqual({ roles: ['must have at least one role'] });
    const unknownRole = await a.api.post(url, { [KEY]: { user_id: String(a.otherUserId), roles: ['estimator', 'wizard'] } });
    expect(unknownRole.status).toBe(422);
    expect(Object.keys(unknownRole.body.details)).toEqual(['roles.1']);
    const notArray = await a.api.post(url, { [KEY]: { user_id: String(a.otherUserId), roles: 'estimator' } });
    expect(notArray.status).toBe(422);
    expect(Object.keys(notArray.body.details)).toEqual(['roles']);
    const foreignUser = await a.api.post(url, { [KEY]: { user_id: String(b.userId), roles: ['estimator'] } });
    expect(foreignUser.status).toBe(422);
    expect(foreignUser.body.details).toEqual({ user_id: ['does not exist'] });
    const wrapper = await a.api.post(url, { user_id: String(a.otherUserId), roles: ['estimator'] });
    expect(wrapper.status).toBe(400);
    expect(wrapper.body.error).toBe('missing_wrapper');
  });

  it('answers 409 conflict for a user already on the team', async () => {
    const project = await insertProject(a, 'Conflict Plaza');
    const body = { [KEY]: { user_id: String(a.userId), roles: ['superintendent'] } };
    expect((await a.api.post(`${PATH}?project_id=${project.id}`, body)).status).toBe(201);
    const again = await a.api.post(`${PATH}?project_id=${project.id}`, body);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('conflict');
    expect(again.body.details).toEqual({ user_id: ['is already on the project team'] });
    const rows = await getDb().select().from(projectTeamMemberships).where(eq(projectTeamMemberships.projectId, project.id));
    expect(rows).toHaveLength(1);
  });
});

describe('memberships: read (operations 14 and 16)', () => {
  let acc: TestAccount;
  let p1: { id: number };
  let p2: { id: number };
  const team: string[] = [];
  let other: string;

  beforeAll(async () => {
    acc = await createTestAccount('Team index GC');
    p1 = await insertProject(acc, 'Harbor Warehouse');
    p2 = await insertProject(acc, 'Cedar Apartments');
    const crew = [acc.userId, acc.otherUserId, (await insertUser(acc, 'Casey')).id, (await insertUser(acc, 'Drew')).id];
    const roleSets = [['project_admin'], ['project_manager', 'estimator'], ['superintendent'], ['foreman', 'safety_manager']];
    for (const [i, userId] of crew.entries()) {
      const res = await acc.api.post(`${PATH}?project_id=${p1.id}`, { [KEY]: { user_id: String(userId), roles: roleSets[i] } });
      team.push(res.body[KEY].id);
    }
    other = (await acc.api.post(`${PATH}?project_id=${p2.id}`, { [KEY]: { user_id: String(acc.userId), roles: ['accountant'] } })).body[KEY].id;
  });

  it('lists every membership of the project, newest first, with their roles', async () => {
    const res = await acc.api.get(`${PATH}?project_id=${p1.id}`);
    expect(res.status).toBe(200);
    const list = res.body.project_team_memberships;
    expect(ids(list)).toEqual([...team].reverse());
    for (const m of list) {
      expectShape(m, 'membership');
      expectShape(m.user, 'user');
      expect(m.project.id).toBe(String(p1.id));
      for (const r of m.roles) expectShape(r, 'membership_role');
    }
    expect(list.map(roleKeys)).toEqual([['foreman', 'safety_manager'], ['superintendent'], ['project_manager', 'estimator'], ['project_admin']]);
    expect(res.headers.get('x-total-count')).toBe('4');
    expect(ids((await acc.api.get(`${PATH}?project_id=${p2.id}`)).body.project_team_memberships)).toEqual([other]);
  });

  it('paginates with Link and X-Total-Count, keeping project_id', async () => {
    const res = await acc.api.get(`${PATH}?project_id=${p1.id}&per_page=3&page=2`);
    expect(ids(res.body.project_team_memberships)).toEqual([team[0]]);
    const link = res.headers.get('link')!;
    expect(link).toContain(`project_id=${p1.id}`);
    expect(link).toContain('rel="prev"');
    const past = await acc.api.get(`${PATH}?project_id=${p1.id}&page=7`);
    expect(past.status).toBe(200);
    expect(past.body.project_team_memberships).toEqual([]);
    const future = await acc.api.get(`${PATH}?project_id=${p1.id}&updated_since=2200-01-01T00:00:00Z`);
    expect(future.body.project_team_memberships).toEqual([]);
  });

  it('requires project_id on the list (422) and answers 404 for an unknown project', async () => {
    const missing = await acc.api.get(PATH);
    expect(missing.status).toBe(422);
    expect(missing.body.details).toEqual({ project_id: ['is required'] });
    for (const q of ['project_id=abc', `project_id=${p1.id}&project_id=${p2.id}`, `project_id=${p1.id}&per_page=500`]) {
      expect((await acc.api.get(`${PATH}?${q}`)).status, q).toBe(422);
    }
    expect((await acc.api.get(`${PATH}?project_id=999999999`)).status).toBe(404);
    expect((await acc.api.get(`${PATH}?project_id=${projectB.id}`)).status).toBe(404);
  });

  it('loads the roles of a page in one batched query: statements do not grow with the page size', async () => {
    let before = statementCount();
    await acc.api.get(`${PATH}?project_id=${p1.id}&per_page=1`);
    const small = statementCount() - before;
    before = statementCount();
    const res = await acc.api.get(`${PATH}?project_id=${p1.id}&per_page=100`);
    expect(res.body.project_team_memberships).toHaveLength(4);
    expect(statementCount() - before).toBe(small);
  });

  it('gets one membership; project_id is required and must be its project', async () => {
    const id = team[1]!;
    const res = await acc.api.get(`${PATH}/${id}?project_id=${p1.id}`);
    expect(res.status).toBe(200);
    expectShape(res.body[KEY], 'membership');
    expect(res.body[KEY]).toMatchObject({ id, user: { id: String(acc.otherUserId) }, project: { id: String(p1.id) } });
    expect(roleKeys(res.body[KEY])).toEqual(['project_manager', 'estimator']);

    const missing = await acc.api.get(`${PATH}/${id}`);
    expect(missing.status).toBe(422);
    expect(missing.body.details).toEqual({ project_id: ['is required'] });
    expect((await acc.api.get(`${PATH}/${id}?project_id=abc`)).status).toBe(422);
    for (const projectId of [p2.id, 999_999_999, projectB.id]) {
      expect((await acc.api.get(`${PATH}/${id}?project_id=${projectId}`)).status).toBe(404);
    }
    for (const bad of ['999999999', 'abc', '0']) {
      const r = await acc.api.get(`${PATH}/${bad}?project_id=${p1.id}`);
      expect(r.status, bad).toBe(404);
      expect(r.body.error).toBe('not_found');
    }
  });
});

describe('memberships: update and delete', () => {
  it('PATCH replaces the roles, keeping the rows of roles that stay', async () => {
    const created = (
      await a.api.post(`${PATH}?project_id=${projectA2.id}`, {
        [KEY]: { user_id: String(a.otherUserId), roles: ['project_manager', 'estimator'] },
      })
    ).body[KEY];
    const kept = created.roles.find((r: { role: string }) => r.role === 'project_manager');
    const removed = created.roles.find((r: { role: string }) => r.role === 'estimator');

    const res = await a.api.patch(`${PATH}/${created.id}?project_id=${projectA2.id}`, {
      [KEY]: { roles: ['superintendent', 'project_manager', 'superintendent'], user_id: String(a.userId) },
    });
    expect(res.status).toBe(200);
    const m = res.body[KEY];
    expectShape(m, 'membership');
    // user_id is not writable on update: the member stays the same.
    expect(m.user.id).toBe(String(a.otherUserId));
    expect(m.project.id).toBe(String(projectA2.id));
    expect(m.roles).toHaveLength(2);
    expect(m.roles[0]).toEqual(kept);
    expect(m.roles[1]).toMatchObject({ role: 'superintendent', name: 'Superintendent' });

    const rows = await roleRows(created.id);
    expect(rows.map((r) => r.role).sort()).toEqual(['project_manager', 'superintendent']);
    expect(rows.find((r) => r.id === Number(removed.id))).toBeUndefined();
    expect(rows.find((r) => r.role === 'project_manager')!.id).toBe(Number(kept.id));

    const events = await membershipEvents(a, created.id);
    expect(events.map((e) => e.eventType).sort()).toEqual(['project_team_membership.create', 'project_team_membership.update']);
    const update = events.find((e) => e.eventType.endsWith('update'))!;
    expect(update.payload.url).toBe(`http://localhost:3000/api/2023-01/project_team_memberships/${created.id}?project_id=${projectA2.id}`);
    // Like every record's update, it says what changed: the roles, by name, before and after.
    expect(update.changedFields).toEqual(['roles']);
    expect(update.changes).toEqual({
      roles: [
        ['Project Manager', 'Estimator'],
        ['Project Manager', 'Superintendent'],
      ],
    });

    // The same set again (in another order), or no roles at all, changes nothing and records nothing.
    const same = await a.api.patch(`${PATH}/${created.id}`, { [KEY]: { roles: ['project_manager', 'superintendent'] } });
    expect(same.status).toBe(200);
    expect(same.body[KEY]).toEqual(m);
    expect((await a.api.patch(`${PATH}/${created.id}`, { [KEY]: {} })).body[KEY]).toEqual(m);
    expect(await membershipEvents(a, created.id)).toHaveLength(2);
  });

  it("PATCH refuses an empty or unknown role set and a project_id that is not the membership's", async () => {
    const { id } = await addNewMember(a, projectA.id, 'Pat', ['foreman']);
    const empty = await a.api.patch(`${PATH}/${id}`, { [KEY]: { roles: [] } });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.details)).toEqual(['roles']);
    const nulled = await a.api.patch(`${PATH}/${id}`, { [KEY]: { roles: null } });
    expect(nulled.status).toBe(422);
    const unknown = await a.api.patch(`${PATH}/${id}`, { [KEY]: { roles: ['chief'] } });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.body.details)).toEqual(['roles.0']);
    const wrongProject = await a.api.patch(`${PATH}/${id}?project_id=${projectA2.id}`, { [KEY]: { roles: ['estimator'] } });
    expect(wrongProject.status).toBe(404);
    expect((await a.api.patch(`${PATH}/${id}?project_id=abc`, { [KEY]: { roles: ['estimator'] } })).status).toBe(422);
    for (const bad of ['999999999', 'abc']) {
      expect((await a.api.patch(`${PATH}/${bad}`, { [KEY]: { roles: ['estimator'] } })).status).toBe(404);
    }
    expect((await roleRows(id)).map((r) => r.role)).toEqual(['foreman']);
  });

  it('DELETE removes the member and its roles, records the event, then answers 404', async () => {
    const { id, roles } = await addNewMember(a, projectA.id, 'Quinn', ['accountant', 'estimator']);
    expect((await a.api.delete(`${PATH}/${id}?project_id=${projectA2.id}`)).status).toBe(404);
    const res = await a.api.delete(`${PATH}/${id}?project_id=${projectA.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(
      await getDb()
        .select()
        .from(projectTeamMemberships)
        .where(eq(projectTeamMemberships.id, Number(id))),
    ).toHaveLength(0);
    const roleIds = roles.map((r: { id: string }) => Number(r.id));
    expect(await getDb().select().from(projectTeamMembershipRoles).where(inArray(projectTeamMembershipRoles.id, roleIds))).toHaveLength(0);
    const events = await membershipEvents(a, id);
    expect(events.map((e) => e.eventType).sort()).toEqual(['project_team_membership.create', 'project_team_membership.delete']);
    expect(events.find((e) => e.eventType.endsWith('delete'))!.payload.url).toContain(`?project_id=${projectA.id}`);
    expect((await a.api.get(`${PATH}/${id}?project_id=${projectA.id}`)).status).toBe(404);
    expect((await a.api.delete(`${PATH}/${id}`)).status).toBe(404);
    expect((await a.api.delete(`${PATH}/abc`)).status).toBe(404);
  });
});

describe('memberships: isolation and auth', () => {
  it("another account's membership is a 404 for every operation, and its project's team is hidden", async () => {
    const { id } = await addNewMember(a, projectA.id, 'Robin', ['foreman']);
    expect((await b.api.get(`${PATH}/${id}?project_id=${projectA.id}`)).status).toBe(404);
    expect((await b.api.patch(`${PATH}/${id}`, { [KEY]: { roles: ['project_admin'] } })).status).toBe(404);
    expect((await b.api.delete(`${PATH}/${id}`)).status).toBe(404);
    expect((await b.api.get(`${PATH}?project_id=${projectA.id}`)).status).toBe(404);
    const intoForeign = await b.api.post(`${PATH}?project_id=${projectA.id}`, {
      [KEY]: { user_id: String(b.userId), roles: ['foreman'] },
    });
    expect(intoForeign.status).toBe(404);
    const own = await b.api.post(`${PATH}?project_id=${projectB.id}`, { [KEY]: { user_id: String(b.userId), roles: ['foreman'] } });
    expect(own.status).toBe(201);
    expect(ids((await b.api.get(`${PATH}?project_id=${projectB.id}`)).body.project_team_memberships)).toEqual([own.body[KEY].id]);
    expect(roleKeys((await a.api.get(`${PATH}/${id}?project_id=${projectA.id}`)).body[KEY])).toEqual(['foreman']);
  });

  it('answers 401 without or with a wrong token on every operation, 403 for a read token writing', async () => {
    const { id } = await addNewMember(a, projectA.id, 'Sam', ['foreman']);
    const calls: [string, string][] = [
      ['GET', `${PATH}?project_id=${projectA.id}`],
      ['POST', `${PATH}?project_id=${projectA.id}`],
      ['GET', `${PATH}/${id}?project_id=${projectA.id}`],
      ['PATCH', `${PATH}/${id}`],
      ['DELETE', `${PATH}/${id}`],
    ];
    for (const [method, path] of calls) {
      const none = await request(method, path);
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.body.error).toBe('unauthorized');
      expect((await request(method, path, { token: 'gw_pat_wrong' })).status).toBe(401);
    }
    expect((await a.readApi.get(`${PATH}?project_id=${projectA.id}`)).status).toBe(200);
    const write = await a.readApi.post(`${PATH}?project_id=${projectA.id}`, { [KEY]: { user_id: String(a.userId), roles: ['foreman'] } });
    expect(write.status).toBe(403);
    expect((await a.readApi.delete(`${PATH}/${id}`)).status).toBe(403);
    expect((await a.api.get(`${PATH}/${id}?project_id=${projectA.id}`)).status).toBe(200);
  });
});
