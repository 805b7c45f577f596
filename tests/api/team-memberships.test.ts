import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { statementCount } from '@/db';
import { projects, users } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectShape } from '../spec-shapes';

// GET /team_memberships: every membership of the account across projects (the /teams page), in the
// shape of operation 14, which keeps requiring project_id.

let a: TestAccount;
let b: TestAccount;
const members: Record<string, string> = {};
let hospital: number;
let library: number;
let zoe: number;

const PATH = '/team_memberships';
const KEY = 'project_team_memberships';

async function insertProject(acc: TestAccount, name: string) {
  const [row] = await getDb().insert(projects).values({ accountId: acc.accountId, name }).returning();
  return row!.id;
}

async function insertUser(acc: TestAccount, firstName: string, lastName: string) {
  const email = `${firstName.toLowerCase()}.${randomUUID().slice(0, 8)}@example.com`;
  const [row] = await getDb().insert(users).values({ accountId: acc.accountId, firstName, lastName, email }).returning();
  return row!.id;
}

async function add(acc: TestAccount, projectId: number, userId: number, roles: string[]) {
  const res = await acc.api.post(`/project_team_memberships?project_id=${projectId}`, {
    project_team_membership: { user_id: String(userId), roles },
  });
  expect(res.status).toBe(201);
  return res.body.project_team_membership.id as string;
}

type Listed = { id: string; project: { name: string }; user: { name: string }; roles: { role: string }[] };
const list = async (query = '') => (await a.api.get(`${PATH}${query}`)).body[KEY] as Listed[];
const labels = (rows: Listed[]) => rows.map((m) => `${m.project.name}/${m.user.name}`);

beforeAll(async () => {
  a = await createTestAccount('Teams GC');
  b = await createTestAccount('Other teams GC');
  hospital = await insertProject(a, 'Mercy Hospital Wing');
  library = await insertProject(a, 'Aurora Library');
  zoe = await insertUser(a, 'Zoe', 'Adams');
  // In this order: the newest membership is the library's Zoe.
  members.hospitalAvery = await add(a, hospital, a.userId, ['project_executive']);
  members.hospitalBlake = await add(a, hospital, a.otherUserId, ['project_manager', 'estimator']);
  members.libraryBlake = await add(a, library, a.otherUserId, ['superintendent']);
  members.libraryZoe = await add(a, library, zoe, ['estimator']);
  await add(b, await insertProject(b, 'Foreign Tower'), b.userId, ['estimator']);
});

describe('team memberships across projects (GET /team_memberships)', () => {
  it("lists every membership of the account, newest first, in the membership shape, and nothing of another account's", async () => {
    const res = await a.api.get(PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('4');
    expect(res.headers.get('link')).toContain('rel="first"');
    const rows = res.body[KEY] as Listed[];
    expect(rows.map((m) => m.id)).toEqual([members.libraryZoe, members.libraryBlake, members.hospitalBlake, members.hospitalAvery]);
    for (const m of rows) expectShape(m, 'membership');
    expect(rows[2]!.roles.map((r) => r.role)).toEqual(['project_manager', 'estimator']);
    // The same record as operation 16 answers.
    const one = await a.api.get(`/project_team_memberships/${members.hospitalBlake}?project_id=${hospital}`);
    expect(rows[2]).toEqual(one.body.project_team_membership);
    expect((await b.api.get(PATH)).body[KEY]).toHaveLength(1);
  });

  it('filters by project, user and role, and combines them', async () => {
    expect(labels(await list(`?project_id=${hospital}`))).toEqual(['Mercy Hospital Wing/Blake Builder', 'Mercy Hospital Wing/Avery Admin']);
    expect(labels(await list(`?user_id=${a.otherUserId}`))).toEqual(['Aurora Library/Blake Builder', 'Mercy Hospital Wing/Blake Builder']);
    // A membership holding the role among others is listed with all its roles.
    const estimators = await list('?role=estimator');
    expect(labels(estimators)).toEqual(['Aurora Library/Zoe Adams', 'Mercy Hospital Wing/Blake Builder']);
    expect(estimators[1]!.roles.map((r) => r.role)).toEqual(['project_manager', 'estimator']);
    expect(labels(await list(`?role=estimator&project_id=${library}`))).toEqual(['Aurora Library/Zoe Adams']);
    expect(labels(await list(`?role=estimator&user_id=${a.userId}`))).toEqual([]);
    // Unknown or foreign ids in a filter match nothing (they are filters, not path segments).
    expect(await list('?project_id=999999999')).toEqual([]);
    const foreign = await a.api.get(`${PATH}?user_id=${b.userId}`);
    expect(foreign.status).toBe(200);
    expect(foreign.body[KEY]).toEqual([]);
    expect(foreign.headers.get('x-total-count')).toBe('0');
  });

  it('sorts by project name or by person, and pages', async () => {
    expect(labels(await list('?sort=project'))).toEqual([
      'Aurora Library/Blake Builder',
      'Aurora Library/Zoe Adams',
      'Mercy Hospital Wing/Avery Admin',
      'Mercy Hospital Wing/Blake Builder',
    ]);
    // By last name (Adams before Admin), then first name; one person's memberships as they joined.
    expect(labels(await list('?sort=user'))).toEqual([
      'Aurora Library/Zoe Adams',
      'Mercy Hospital Wing/Avery Admin',
      'Mercy Hospital Wing/Blake Builder',
      'Aurora Library/Blake Builder',
    ]);
    expect(labels(await list('?sort=created_at&per_page=1&page=2'))).toEqual(['Mercy Hospital Wing/Blake Builder']);
  });

  it('validates its filters: a bad role, sort or id is a 422 on that parameter', async () => {
    for (const [query, field] of [
      ['?role=janitor', 'role'],
      ['?sort=-project', 'sort'],
      ['?project_id=abc', 'project_id'],
      ['?user_id=0', 'user_id'],
      ['?role=estimator&role=foreman', 'role'],
    ] as const) {
      const res = await a.api.get(`${PATH}${query}`);
      expect(res.status, query).toBe(422);
      expect(res.body.details, query).toHaveProperty(field);
    }
  });

  it('runs the same statements for any page size and filter', async () => {
    const count = async (query: string) => {
      const before = statementCount();
      expect((await a.api.get(`${PATH}${query}`)).status).toBe(200);
      return statementCount() - before;
    };
    const base = await count('?per_page=1');
    expect(await count('?per_page=100')).toBe(base);
    expect(await count('?per_page=100&role=estimator&sort=user')).toBe(base);
    expect(base).toBeLessThanOrEqual(4);
  });

  it('is read-only, and needs a token like every operation', async () => {
    const post = await a.api.post(PATH, { project_team_membership: { user_id: String(a.userId), roles: ['foreman'] } });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    expect((await request('GET', PATH)).status).toBe(401);
    expect((await a.readApi.get(PATH)).status).toBe(200);
  });
});
