import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { statementCount } from '@/db';
import { projects, taskLists, tasks, webhookMessages } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectRef, expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;
let projectA: { id: number; name: string };
let projectA2: { id: number; name: string };
let projectB: { id: number; name: string };

async function insertProject(acc: TestAccount, name: string) {
  const [row] = await getDb().insert(projects).values({ accountId: acc.accountId, name }).returning();
  return row!;
}

/** Webhook messages about one record (ids repeat across tables, so the resource is part of the key). */
async function eventsFor(acc: TestAccount, resource: 'task' | 'task_list', id: string) {
  const rows = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, acc.accountId));
  return rows.filter((e) => e.payload.id === id && e.eventType.startsWith(`${resource}.`));
}

const ids = (list: { id: string }[]) => list.map((r) => r.id);

beforeAll(async () => {
  a = await createTestAccount('Task list GC');
  b = await createTestAccount('Other GC');
  projectA = await insertProject(a, 'Riverside Medical Office');
  projectA2 = await insertProject(a, 'Lakeview Elementary');
  projectB = await insertProject(b, 'Secret Tower');
});

describe('task lists: create and read', () => {
  it('creates a task list and echoes the full shape with its project', async () => {
    const res = await a.api.post('/task_lists', { task_list: { name: '  Preconstruction  ', project_id: String(projectA.id) } });
    expect(res.status).toBe(201);
    const list = res.body.task_list;
    expectShape(list, 'task_list');
    expectShape(list.project, 'named');
    expect(list).toMatchObject({ name: 'Preconstruction', project: { id: String(projectA.id), name: projectA.name } });
    expect(res.headers.get('x-request-id')).toBeTruthy();

    const [row] = await getDb()
      .select()
      .from(taskLists)
      .where(eq(taskLists.id, Number(list.id)));
    expect(row).toMatchObject({ accountId: a.accountId, projectId: projectA.id, name: 'Preconstruction' });
    const events = await eventsFor(a, 'task_list', list.id);
    expect(events.map((e) => e.eventType)).toEqual(['task_list.create']);
    expect(events[0]!.payload.url).toBe(`http://localhost:3000/api/2023-01/task_lists/${list.id}`);

    const got = await a.api.get(`/task_lists/${list.id}`);
    expect(got.status).toBe(200);
    expect(got.body.task_list).toEqual(list);
  });

  it('accepts a JSON integer as project_id', async () => {
    const res = await a.api.post('/task_lists', { task_list: { name: 'Closeout', project_id: projectA.id } });
    expect(res.status).toBe(201);
    expect(res.body.task_list.project.id).toBe(String(projectA.id));
  });

  it('requires name and project_id, with 422 details per field', async () => {
    const res = await a.api.post('/task_lists', { task_list: {} });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('validation_failed');
    expect(Object.keys(res.body.details).sort()).toEqual(['name', 'project_id']);

    const bad = await a.api.post('/task_lists', { task_list: { name: '   ', project_id: 'abc' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.details).sort()).toEqual(['name', 'project_id']);

    const long = await a.api.post('/task_lists', { task_list: { name: 'x'.repeat(256), project_id: String(projectA.id) } });
    expect(long.status).toBe(422);
    expect(long.body.details).toHaveProperty('name');
  });

  it('refuses a project of another account or an unknown one as a 422 on project_id', async () => {
    for (const projectId of [projectB.id, 999_999_999]) {
      const res = await a.api.post('/task_lists', { task_list: { name: 'Sneaky', project_id: String(projectId) } });
      expect(res.status).toBe(422);
      expect(res.body.details).toEqual({ project_id: ['does not exist'] });
    }
    const rows = await getDb().select().from(taskLists).where(eq(taskLists.name, 'Sneaky'));
    expect(rows).toHaveLength(0);
  });

  it('answers 400 for a missing wrapper and 404 for missing or odd ids', async () => {
    const wrapper = await a.api.post('/task_lists', { name: 'No wrapper', project_id: String(projectA.id) });
    expect(wrapper.status).toBe(400);
    expect(wrapper.body.error).toBe('missing_wrapper');
    for (const id of ['999999999', 'abc', '0', '-1', '1.5']) {
      const res = await a.api.get(`/task_lists/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('not_found');
    }
  });
});

describe('task lists: update', () => {
  it('PATCH keeps omitted fields and records one event; a no-op PATCH writes nothing', async () => {
    const created = (await a.api.post('/task_lists', { task_list: { name: 'Bidding', project_id: String(projectA.id) } })).body.task_list;
    const res = await a.api.patch(`/task_lists/${created.id}`, { task_list: { name: 'Bid day', unknown_key: true } });
    expect(res.status).toBe(200);
    expectShape(res.body.task_list, 'task_list');
    expect(res.body.task_list).toMatchObject({ name: 'Bid day', project: { id: String(projectA.id), name: projectA.name } });

    const again = await a.api.patch(`/task_lists/${created.id}`, { task_list: { name: 'Bid day' } });
    expect(again.status).toBe(200);
    expect(again.body.task_list.updated_at).toBe(res.body.task_list.updated_at);
    const empty = await a.api.patch(`/task_lists/${created.id}`, { task_list: {} });
    expect(empty.status).toBe(200);
    expect((await eventsFor(a, 'task_list', created.id)).map((e) => e.eventType).sort()).toEqual(['task_list.create', 'task_list.update']);
  });

  it('refuses null or blank for required fields', async () => {
    const { id } = (await a.api.post('/task_lists', { task_list: { name: 'Punch list', project_id: String(projectA.id) } })).body.task_list;
    const res = await a.api.patch(`/task_lists/${id}`, { task_list: { name: null, project_id: null } });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details).sort()).toEqual(['name', 'project_id']);
    const foreign = await a.api.patch(`/task_lists/${id}`, { task_list: { project_id: String(projectB.id) } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.details).toEqual({ project_id: ['does not exist'] });
    expect((await a.api.get(`/task_lists/${id}`)).body.task_list.name).toBe('Punch list');
  });

  it('moving a list to another project moves its tasks along, each with a task.update', async () => {
    const list = (await a.api.post('/task_lists', { task_list: { name: 'Submittals', project_id: String(projectA.id) } })).body.task_list;
    const t1 = (await a.api.post('/tasks', { task: { title: 'Steel shop drawings', task_list_id: list.id } })).body.task;
    const t2 = (await a.api.post('/tasks', { task: { title: 'Door hardware', task_list_id: list.id } })).body.task;
    expect(t1.project.id).toBe(String(projectA.id));

    const res = await a.api.patch(`/task_lists/${list.id}`, { task_list: { project_id: String(projectA2.id) } });
    expect(res.status).toBe(200);
    expect(res.body.task_list.project).toMatchObject({ id: String(projectA2.id), name: projectA2.name });

    const rows = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.taskListId, Number(list.id)));
    expect(rows.map((r) => r.projectId)).toEqual([projectA2.id, projectA2.id]);
    const moved = (await a.api.get(`/tasks/${t1.id}`)).body.task;
    expect(moved.project.id).toBe(String(projectA2.id));
    expect(moved.task_list).toMatchObject({ id: list.id, project: { id: String(projectA2.id) } });
    for (const t of [t1, t2]) {
      expect((await eventsFor(a, 'task', t.id)).map((e) => e.eventType).sort()).toEqual(['task.create', 'task.update']);
    }
  });
});

describe('task lists: delete', () => {
  it('deletes the list only; its tasks stay, out of any list', async () => {
    const list = (await a.api.post('/task_lists', { task_list: { name: 'Temporary', project_id: String(projectA.id) } })).body.task_list;
    const task = (await a.api.post('/tasks', { task: { title: 'Order dumpster', task_list_id: list.id } })).body.task;

    const res = await a.api.delete(`/task_lists/${list.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect((await a.api.get(`/task_lists/${list.id}`)).status).toBe(404);
    expect((await a.api.delete(`/task_lists/${list.id}`)).status).toBe(404);

    const [row] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.id, Number(task.id)));
    expect(row).toMatchObject({ taskListId: null, projectId: projectA.id });
    const after = (await a.api.get(`/tasks/${task.id}`)).body.task;
    expect(after.task_list).toBeNull();
    expect((await eventsFor(a, 'task_list', list.id)).map((e) => e.eventType).sort()).toEqual(['task_list.create', 'task_list.delete']);
    expect((await eventsFor(a, 'task', task.id)).map((e) => e.eventType).sort()).toEqual(['task.create', 'task.update']);
  });
});

describe('task lists: list', () => {
  let listAccount: TestAccount;
  let p1: { id: number };
  let p2: { id: number };
  const created: string[] = [];

  beforeAll(async () => {
    listAccount = await createTestAccount('Task list index GC');
    p1 = await insertProject(listAccount, 'Harbor Warehouse');
    p2 = await insertProject(listAccount, 'Cedar Apartments');
    for (const [name, p] of [
      ['Design', p1],
      ['Permits', p1],
      ['Procurement', p2],
    ] as const) {
      created.push((await listAccount.api.post('/task_lists', { task_list: { name, project_id: String(p.id) } })).body.task_list.id);
    }
  });

  it('lists newest first with full shapes, headers and pagination', async () => {
    const res = await listAccount.api.get('/task_lists');
    expect(res.status).toBe(200);
    expect(ids(res.body.task_lists)).toEqual([...created].reverse());
    for (const list of res.body.task_lists) {
      expectShape(list, 'task_list');
      expectRef(list.project, 'named');
    }
    expect(res.headers.get('x-total-count')).toBe('3');

    const page = await listAccount.api.get('/task_lists?per_page=1&page=2');
    expect(ids(page.body.task_lists)).toEqual([created[1]]);
    const link = page.headers.get('link')!;
    for (const rel of ['first', 'prev', 'next', 'last']) expect(link).toContain(`rel="${rel}"`);
    expect(link).toContain('page=3');
    const past = await listAccount.api.get('/task_lists?page=9');
    expect(past.status).toBe(200);
    expect(past.body.task_lists).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('3');
  });

  it('filters by project_id and updated_since, and refuses bad filter values', async () => {
    const byProject = await listAccount.api.get(`/task_lists?project_id=${p2.id}`);
    expect(ids(byProject.body.task_lists)).toEqual([created[2]]);
    expect(byProject.headers.get('x-total-count')).toBe('1');

    const future = await listAccount.api.get('/task_lists?updated_since=2200-01-01T00:00:00Z');
    expect(future.body.task_lists).toEqual([]);
    const past = await listAccount.api.get('/task_lists?updated_since=2000-01-01T00:00:00%2B02:00');
    expect(past.body.task_lists).toHaveLength(3);

    for (const q of ['project_id=abc', 'updated_since=yesterday', 'per_page=101', 'page=0', `project_id=1&project_id=2`]) {
      const res = await listAccount.api.get(`/task_lists?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body.error).toBe('validation_failed');
    }
  });

  it('runs a fixed number of statements whatever the page size', async () => {
    let before = statementCount();
    await listAccount.api.get('/task_lists?per_page=1');
    const small = statementCount() - before;
    before = statementCount();
    await listAccount.api.get('/task_lists?per_page=100');
    expect(statementCount() - before).toBe(small);
  });
});

describe('task lists: isolation and auth', () => {
  it("another account's task list is a 404 for every operation and absent from its lists", async () => {
    const { id } = (await a.api.post('/task_lists', { task_list: { name: 'Private', project_id: String(projectA.id) } })).body.task_list;
    expect((await b.api.get(`/task_lists/${id}`)).status).toBe(404);
    expect((await b.api.patch(`/task_lists/${id}`, { task_list: { name: 'pwned' } })).status).toBe(404);
    expect((await b.api.delete(`/task_lists/${id}`)).status).toBe(404);
    expect(ids((await b.api.get('/task_lists')).body.task_lists)).not.toContain(id);
    expect((await b.api.get(`/task_lists?project_id=${projectA.id}`)).body.task_lists).toEqual([]);
    const [row] = await getDb()
      .select()
      .from(taskLists)
      .where(and(eq(taskLists.id, Number(id)), eq(taskLists.accountId, a.accountId)));
    expect(row!.name).toBe('Private');
  });

  it('answers 401 without or with a wrong token on every operation, 403 for a read token writing', async () => {
    const { id } = (await a.api.post('/task_lists', { task_list: { name: 'Auth', project_id: String(projectA.id) } })).body.task_list;
    const calls: [string, string][] = [
      ['GET', '/task_lists'],
      ['POST', '/task_lists'],
      ['GET', `/task_lists/${id}`],
      ['PATCH', `/task_lists/${id}`],
      ['DELETE', `/task_lists/${id}`],
    ];
    for (const [method, path] of calls) {
      const none = await request(method, path, { body: method === 'POST' || method === 'PATCH' ? { task_list: {} } : undefined });
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.body.error).toBe('unauthorized');
      expect((await request(method, path, { token: 'gw_pat_wrong' })).status).toBe(401);
    }
    expect((await a.readApi.get(`/task_lists/${id}`)).status).toBe(200);
    const write = await a.readApi.post('/task_lists', { task_list: { name: 'nope', project_id: String(projectA.id) } });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('insufficient_scope');
    expect((await a.readApi.delete(`/task_lists/${id}`)).status).toBe(403);
    const put = await a.api.post(`/task_lists/${id}`, { task_list: {} });
    expect(put.status).toBe(405);
  });
});
