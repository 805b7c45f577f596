import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { statementCount } from '@/db';
import { contacts, projects, taskLists, tasks, webhookMessages } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { request } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';
import { expectRef, expectShape } from '../spec-shapes';

let a: TestAccount;
let b: TestAccount;
let projectA: { id: number; name: string };
let projectA2: { id: number; name: string };
let listA: { id: number; name: string };
let listA2: { id: number; name: string };
let contactA: { id: number };
let projectB: { id: number };
let listB: { id: number };
let contactB: { id: number };

async function insertProject(acc: TestAccount, name: string) {
  const [row] = await getDb().insert(projects).values({ accountId: acc.accountId, name }).returning();
  return row!;
}

async function insertList(acc: TestAccount, projectId: number, name: string) {
  const [row] = await getDb().insert(taskLists).values({ accountId: acc.accountId, projectId, name }).returning();
  return row!;
}

async function insertContact(acc: TestAccount, firstName: string, lastName: string) {
  const [row] = await getDb()
    .insert(contacts)
    .values({ accountId: acc.accountId, firstName, lastName, email: `${firstName.toLowerCase()}@example.com` })
    .returning();
  return row!;
}

async function taskEvents(acc: TestAccount, id: string) {
  const rows = await getDb().select().from(webhookMessages).where(eq(webhookMessages.accountId, acc.accountId));
  return rows.filter((e) => e.payload.id === id && e.eventType.startsWith('task.'));
}

const ids = (list: { id: string }[]) => list.map((r) => r.id);

beforeAll(async () => {
  a = await createTestAccount('Task GC');
  b = await createTestAccount('Other GC');
  projectA = await insertProject(a, 'Riverside Medical Office');
  projectA2 = await insertProject(a, 'Lakeview Elementary');
  listA = await insertList(a, projectA.id, 'Preconstruction');
  listA2 = await insertList(a, projectA2.id, 'Site work');
  contactA = await insertContact(a, 'Dana', 'Owner');
  projectB = await insertProject(b, 'Secret Tower');
  listB = await insertList(b, projectB.id, 'Hidden');
  contactB = await insertContact(b, 'Eve', 'Spy');
});

describe('tasks: create and read', () => {
  it('creates a task with every relation and echoes the full shape', async () => {
    const res = await a.api.post('/tasks', {
      task: {
        title: 'Send bid package to subs',
        notes: 'Include addendum 2',
        deadline: '2027-03-01',
        completed_at: null,
        assigned_to_id: String(a.otherUserId),
        contact_id: String(contactA.id),
        project_id: String(projectA.id),
        task_list_id: String(listA.id),
      },
    });
    expect(res.status).toBe(201);
    const task = res.body.task;
    expectShape(task, 'task');
    expect(task).toMatchObject({
      title: 'Send bid package to subs',
      notes: 'Include addendum 2',
      deadline: '2027-03-01',
      completed_at: null,
      assigned_to: { id: String(a.otherUserId), first_name: 'Blake', last_name: 'Builder', name: 'Blake Builder' },
      created_by: { id: String(a.userId), name: 'Avery Admin' },
      contact: { id: String(contactA.id), first_name: 'Dana', last_name: 'Owner', name: 'Dana Owner', email: 'dana@example.com' },
      project: { id: String(projectA.id), name: projectA.name },
      task_list: { id: String(listA.id), name: listA.name, project: { id: String(projectA.id), name: projectA.name } },
    });
    for (const k of ['assigned_to', 'created_by', 'contact']) expectRef(task[k], 'user');
    expectRef(task.project, 'named');
    expectRef(task.task_list, 'task_list_ref');
    expectRef(task.task_list.project, 'named');

    const [row] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.id, Number(task.id)));
    expect(row).toMatchObject({
      accountId: a.accountId,
      createdById: a.userId,
      projectId: projectA.id,
      taskListId: listA.id,
      contactId: contactA.id,
      deadline: '2027-03-01',
    });
    const events = await taskEvents(a, task.id);
    expect(events.map((e) => e.eventType)).toEqual(['task.create']);
    expect(events[0]!.payload.url).toBe(`http://localhost:3000/api/2023-01/tasks/${task.id}`);

    const got = await a.api.get(`/tasks/${task.id}`);
    expect(got.status).toBe(200);
    expect(got.body.task).toEqual(task);
  });

  it('creates a bare task with every relation null', async () => {
    const res = await a.api.post('/tasks', { task: { title: 'Call the inspector' } });
    expect(res.status).toBe(201);
    expectShape(res.body.task, 'task');
    expect(res.body.task).toMatchObject({
      notes: null,
      deadline: null,
      completed_at: null,
      assigned_to: null,
      contact: null,
      project: null,
      task_list: null,
      created_by: { id: String(a.userId) },
    });
  });

  it('validates fields with 422 and details per field', async () => {
    const res = await a.api.post('/tasks', {
      task: {
        title: '',
        notes: 'x'.repeat(20_001),
        deadline: '2026-02-30',
        completed_at: 'last tuesday',
        assigned_to_id: 'abc',
        project_id: -3,
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.error).toBe('validation_failed');
    expect(Object.keys(res.body.details).sort()).toEqual(['assigned_to_id', 'completed_at', 'deadline', 'notes', 'project_id', 'title'].sort());
    const missing = await a.api.post('/tasks', { task: { notes: 'no title' } });
    expect(missing.status).toBe(422);
    expect(Object.keys(missing.body.details)).toEqual(['title']);
    const rows = await getDb().select().from(tasks).where(eq(tasks.notes, 'no title'));
    expect(rows).toHaveLength(0);
  });

  it('refuses relation ids of another account as a 422 on each field', async () => {
    const res = await a.api.post('/tasks', {
      task: {
        title: 'X',
        assigned_to_id: String(b.userId),
        contact_id: String(contactB.id),
        project_id: String(projectB.id),
        task_list_id: String(listB.id),
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.details).toEqual({
      assigned_to_id: ['does not exist'],
      contact_id: ['does not exist'],
      project_id: ['does not exist'],
      task_list_id: ['does not exist'],
    });
  });

  it('answers 404 for missing and odd ids', async () => {
    for (const id of ['999999999', 'abc', '0', '12345678901234567890']) {
      const res = await a.api.get(`/tasks/${id}`);
      expect(res.status, id).toBe(404);
      expect(res.body.error).toBe('not_found');
      expect((await a.api.patch(`/tasks/${id}`, { task: { title: 'x' } })).status).toBe(404);
      expect((await a.api.delete(`/tasks/${id}`)).status).toBe(404);
    }
  });
});

describe('tasks: project and task list rules', () => {
  it("a task given only a task list takes the list's project", async () => {
    const res = await a.api.post('/tasks', { task: { title: 'Pull permits', task_list_id: String(listA2.id) } });
    expect(res.status).toBe(201);
    expect(res.body.task.project).toMatchObject({ id: String(projectA2.id) });
    expect(res.body.task.task_list).toMatchObject({ id: String(listA2.id), project: { id: String(projectA2.id) } });
  });

  it('refuses a task list of another project than the given one (422 on task_list_id)', async () => {
    const res = await a.api.post('/tasks', {
      task: { title: 'Mismatch', project_id: String(projectA.id), task_list_id: String(listA2.id) },
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.details)).toEqual(['task_list_id']);
    const nullProject = await a.api.post('/tasks', { task: { title: 'Mismatch', project_id: null, task_list_id: String(listA.id) } });
    expect(nullProject.status).toBe(422);
    expect(Object.keys(nullProject.body.details)).toEqual(['project_id']);
  });

  it('PATCH keeps the task in its project: list of another project or project of another list is a 422', async () => {
    const { id } = (await a.api.post('/tasks', { task: { title: 'Survey', project_id: String(projectA.id) } })).body.task;

    // The task already has a project: a list of another project is refused.
    const wrongList = await a.api.patch(`/tasks/${id}`, { task: { task_list_id: String(listA2.id) } });
    expect(wrongList.status).toBe(422);
    expect(Object.keys(wrongList.body.details)).toEqual(['task_list_id']);

    const inList = await a.api.patch(`/tasks/${id}`, { task: { task_list_id: String(listA.id) } });
    expect(inList.status).toBe(200);
    expect(inList.body.task).toMatchObject({ project: { id: String(projectA.id) }, task_list: { id: String(listA.id) } });

    // Moving the task to another project while it stays in its list is refused...
    const wrongProject = await a.api.patch(`/tasks/${id}`, { task: { project_id: String(projectA2.id) } });
    expect(wrongProject.status).toBe(422);
    expect(Object.keys(wrongProject.body.details)).toEqual(['project_id']);
    const clearProject = await a.api.patch(`/tasks/${id}`, { task: { project_id: null } });
    expect(clearProject.status).toBe(422);
    expect(Object.keys(clearProject.body.details)).toEqual(['project_id']);

    // ...and accepted with a list of the new project, or out of any list.
    const moved = await a.api.patch(`/tasks/${id}`, {
      task: { project_id: String(projectA2.id), task_list_id: String(listA2.id) },
    });
    expect(moved.status).toBe(200);
    expect(moved.body.task).toMatchObject({ project: { id: String(projectA2.id) }, task_list: { id: String(listA2.id) } });
    const out = await a.api.patch(`/tasks/${id}`, { task: { project_id: String(projectA.id), task_list_id: null } });
    expect(out.status).toBe(200);
    expect(out.body.task).toMatchObject({ project: { id: String(projectA.id) }, task_list: null });

    const [row] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.id, Number(id)));
    expect(row).toMatchObject({ projectId: projectA.id, taskListId: null });
  });

  it("PATCH on a task without a project takes the list's project", async () => {
    const { id } = (await a.api.post('/tasks', { task: { title: 'Loose end' } })).body.task;
    const res = await a.api.patch(`/tasks/${id}`, { task: { task_list_id: String(listA2.id) } });
    expect(res.status).toBe(200);
    expect(res.body.task.project).toMatchObject({ id: String(projectA2.id) });
  });
});

describe('tasks: update', () => {
  it('PATCH keeps omitted fields, clears nulls, echoes relations and records one event', async () => {
    const created = (
      await a.api.post('/tasks', {
        task: {
          title: 'Order rebar',
          notes: 'Grade 60',
          deadline: '2027-01-15',
          assigned_to_id: String(a.userId),
          contact_id: String(contactA.id),
        },
      })
    ).body.task;
    const res = await a.api.patch(`/tasks/${created.id}`, {
      task: { notes: null, assigned_to_id: String(a.otherUserId), unknown_key: 1 },
    });
    expect(res.status).toBe(200);
    expectShape(res.body.task, 'task');
    expect(res.body.task).toMatchObject({
      title: 'Order rebar',
      deadline: '2027-01-15',
      notes: null,
      assigned_to: { id: String(a.otherUserId), name: 'Blake Builder' },
      contact: { id: String(contactA.id), name: 'Dana Owner' },
      created_by: { id: String(a.userId) },
    });
    expect((await taskEvents(a, created.id)).map((e) => e.eventType).sort()).toEqual(['task.create', 'task.update']);

    // A PATCH that changes nothing records nothing and keeps updated_at.
    const again = await a.api.patch(`/tasks/${created.id}`, { task: { title: 'Order rebar', deadline: '2027-01-15' } });
    expect(again.body.task.updated_at).toBe(res.body.task.updated_at);
    expect(await taskEvents(a, created.id)).toHaveLength(2);

    const blank = await a.api.patch(`/tasks/${created.id}`, { task: { title: null } });
    expect(blank.status).toBe(422);
    expect(Object.keys(blank.body.details)).toEqual(['title']);
    const foreign = await a.api.patch(`/tasks/${created.id}`, { task: { contact_id: String(contactB.id) } });
    expect(foreign.status).toBe(422);
    expect(foreign.body.details).toEqual({ contact_id: ['does not exist'] });
  });

  it('completes a task with completed_at and reopens it with null', async () => {
    const { id } = (await a.api.post('/tasks', { task: { title: 'Walk the site' } })).body.task;
    const done = await a.api.patch(`/tasks/${id}`, { task: { completed_at: '2026-05-04T10:30:00-05:00' } });
    expect(done.status).toBe(200);
    expect(done.body.task.completed_at).toBe('2026-05-04T15:30:00Z');
    const [row] = await getDb()
      .select()
      .from(tasks)
      .where(eq(tasks.id, Number(id)));
    expect(row!.completedAt?.toISOString()).toBe('2026-05-04T15:30:00.000Z');
    const reopened = await a.api.patch(`/tasks/${id}`, { task: { completed_at: null } });
    expect(reopened.body.task.completed_at).toBeNull();
  });

  it('deletes a task with 204, records the event, then answers 404', async () => {
    const { id } = (await a.api.post('/tasks', { task: { title: 'Temporary' } })).body.task;
    const res = await a.api.delete(`/tasks/${id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(
      await getDb()
        .select()
        .from(tasks)
        .where(eq(tasks.id, Number(id))),
    ).toHaveLength(0);
    expect((await a.api.get(`/tasks/${id}`)).status).toBe(404);
    expect((await a.api.delete(`/tasks/${id}`)).status).toBe(404);
    expect((await taskEvents(a, id)).map((e) => e.eventType).sort()).toEqual(['task.create', 'task.delete']);
  });
});

describe('tasks: list', () => {
  let acc: TestAccount;
  let p1: { id: number };
  let p2: { id: number };
  let l1: { id: number };
  const t: Record<string, string> = {};

  beforeAll(async () => {
    acc = await createTestAccount('Task index GC');
    p1 = await insertProject(acc, 'Harbor Warehouse');
    p2 = await insertProject(acc, 'Cedar Apartments');
    l1 = await insertList(acc, p1.id, 'Framing');
    const make = async (key: string, task: Record<string, unknown>) => {
      t[key] = (await acc.api.post('/tasks', { task: { title: key, ...task } })).body.task.id;
    };
    await make('one', { task_list_id: String(l1.id), assigned_to_id: String(acc.userId) });
    await make('two', { project_id: String(p1.id), completed_at: '2026-01-01T00:00:00Z' });
    await make('three', { project_id: String(p2.id), assigned_to_id: String(acc.otherUserId) });
    await make('four', {});
  });

  it('lists newest first with full shapes, headers and pagination', async () => {
    const res = await acc.api.get('/tasks');
    expect(res.status).toBe(200);
    expect(ids(res.body.tasks)).toEqual([t.four, t.three, t.two, t.one]);
    for (const task of res.body.tasks) {
      expectShape(task, 'task');
      expectRef(task.task_list, 'task_list_ref');
    }
    expect(res.body.tasks[3].task_list).toMatchObject({ id: String(l1.id), name: 'Framing', project: { id: String(p1.id) } });
    expect(res.headers.get('x-total-count')).toBe('4');

    const page = await acc.api.get('/tasks?per_page=2&page=2');
    expect(ids(page.body.tasks)).toEqual([t.two, t.one]);
    const link = page.headers.get('link')!;
    expect(link).toContain('rel="first"');
    expect(link).toContain('rel="prev"');
    expect(link).not.toContain('rel="next"');
    expect(link).toMatch(/^<http:\/\/localhost:3000\/api\/2023-01\/tasks\?/);
    const past = await acc.api.get('/tasks?page=5&per_page=2');
    expect(past.status).toBe(200);
    expect(past.body.tasks).toEqual([]);
  });

  it('filters by project, task list, assignee, completion and updated_since', async () => {
    const cases: [string, string[]][] = [
      [`project_id=${p1.id}`, [t.two!, t.one!]],
      [`task_list_id=${l1.id}`, [t.one!]],
      [`assigned_to_id=${acc.otherUserId}`, [t.three!]],
      ['completed=true', [t.two!]],
      ['completed=false', [t.four!, t.three!, t.one!]],
      [`project_id=${p1.id}&completed=false`, [t.one!]],
      ['updated_since=2200-01-01T00:00:00Z', []],
      ['updated_since=2000-01-01T00:00:00Z', [t.four!, t.three!, t.two!, t.one!]],
    ];
    for (const [q, expected] of cases) {
      const res = await acc.api.get(`/tasks?${q}`);
      expect(res.status, q).toBe(200);
      expect(ids(res.body.tasks), q).toEqual(expected);
      expect(res.headers.get('x-total-count'), q).toBe(String(expected.length));
    }
    const link = (await acc.api.get(`/tasks?project_id=${p1.id}&per_page=1`)).headers.get('link')!;
    expect(link).toContain(`project_id=${p1.id}`);
  });

  it('filters by deadline (before / after a day, both strict) and sorts by deadline with undated tasks last', async () => {
    const c = await createTestAccount('Task deadline GC');
    const made: Record<string, string> = {};
    for (const [title, deadline, completed] of [
      ['past', '2026-03-01', null],
      ['past-done', '2026-03-02', '2026-03-02T10:00:00Z'],
      ['today', '2026-03-10', null],
      ['later', '2026-04-01', null],
      ['undated', null, null],
    ] as const) {
      made[title] = (await c.api.post('/tasks', { task: { title, deadline, completed_at: completed } })).body.task.id;
    }
    const titles = async (q: string) => {
      const res = await c.api.get(`/tasks?${q}`);
      expect(res.status, q).toBe(200);
      return res.body.tasks.map((task: { title: string }) => task.title);
    };
    // Overdue on 2026-03-10: open and due before that day.
    expect(await titles('deadline_before=2026-03-10&completed=false')).toEqual(['past']);
    expect(await titles('deadline_before=2026-03-10&sort=deadline')).toEqual(['past', 'past-done']);
    // Due on one day: after the day before and before the day after.
    expect(await titles('deadline_after=2026-03-09&deadline_before=2026-03-11')).toEqual(['today']);
    expect(await titles('deadline_after=2026-03-10&sort=deadline')).toEqual(['later']);
    expect(await titles('sort=deadline')).toEqual(['past', 'past-done', 'today', 'later', 'undated']);
    expect(await titles('sort=-deadline')).toEqual(['later', 'today', 'past-done', 'past', 'undated']);
    expect(await titles('sort=title')).toEqual(['later', 'past', 'past-done', 'today', 'undated']);
    expect(await titles('sort=created_at')).toEqual(['past', 'past-done', 'today', 'later', 'undated']);
    const link = (await c.api.get('/tasks?deadline_before=2026-03-10&sort=deadline&per_page=1')).headers.get('link')!;
    expect(link).toContain('deadline_before=2026-03-10');
    expect(link).toContain('sort=deadline');
    for (const q of ['deadline_before=2026-02-30', 'deadline_after=tomorrow', 'sort=deadline_at', 'deadline_before=2026-03-01&deadline_before=2026-03-02']) {
      const res = await c.api.get(`/tasks?${q}`);
      expect(res.status, q).toBe(422);
      expect(Object.keys(res.body.details), q).toEqual([q.split('=')[0]]);
    }
  });

  it('refuses bad filter values with 422', async () => {
    const bad = ['project_id=abc', 'task_list_id=-1', 'assigned_to_id=1.5', 'completed=yes', 'updated_since=soon'];
    for (const q of [...bad, 'per_page=0', 'completed=true&completed=false']) {
      const res = await acc.api.get(`/tasks?${q}`);
      expect(res.status, q).toBe(422);
      expect(res.body.error).toBe('validation_failed');
      expect(Object.keys(res.body.details).length, q).toBe(1);
    }
  });

  it('runs a fixed number of statements whatever the page size', async () => {
    let before = statementCount();
    await acc.api.get('/tasks?per_page=1');
    const small = statementCount() - before;
    before = statementCount();
    await acc.api.get('/tasks?per_page=100');
    expect(statementCount() - before).toBe(small);
  });
});

describe('tasks: isolation and auth', () => {
  it("another account's task is a 404 for every operation and absent from its lists", async () => {
    const { id } = (await a.api.post('/tasks', { task: { title: 'Secret', project_id: String(projectA.id) } })).body.task;
    expect((await b.api.get(`/tasks/${id}`)).status).toBe(404);
    expect((await b.api.patch(`/tasks/${id}`, { task: { title: 'pwned' } })).status).toBe(404);
    expect((await b.api.delete(`/tasks/${id}`)).status).toBe(404);
    expect(ids((await b.api.get('/tasks')).body.tasks)).not.toContain(id);
    expect((await b.api.get(`/tasks?project_id=${projectA.id}`)).body.tasks).toEqual([]);
    expect((await a.api.get(`/tasks/${id}`)).body.task.title).toBe('Secret');
  });

  it('answers 401 without or with a wrong token on every operation, 403 for a read token writing', async () => {
    const { id } = (await a.api.post('/tasks', { task: { title: 'Auth' } })).body.task;
    const calls: [string, string][] = [
      ['GET', '/tasks'],
      ['POST', '/tasks'],
      ['GET', `/tasks/${id}`],
      ['PATCH', `/tasks/${id}`],
      ['DELETE', `/tasks/${id}`],
    ];
    for (const [method, path] of calls) {
      const none = await request(method, path);
      expect(none.status, `${method} ${path}`).toBe(401);
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect((await request(method, path, { token: 'gw_pat_wrong' })).status).toBe(401);
    }
    expect((await a.readApi.get('/tasks')).status).toBe(200);
    const write = await a.readApi.patch(`/tasks/${id}`, { task: { title: 'nope' } });
    expect(write.status).toBe(403);
    expect(write.body.error).toBe('insufficient_scope');
    expect((await a.api.get(`/tasks/${id}`)).body.task.title).toBe('Auth');
  });
});
