import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { statementCount } from '@/db';
import { webhookDeliveries, webhooks } from '@/db/schema';
import { getDb } from '@/lib/server/db';
import { createTestAccount, type TestAccount } from '../fixtures';

// A delete that changes other records (clears their reference to it, or deletes them with it)
// tells sync clients about each one, in its own transaction: the record's updated_at moves (so
// `updated_since` lists it) and it gets its own `update` or `delete` event, with the cleared field
// in the audit log. A delete refused by If-Match leaves all of it untouched.

type Api = TestAccount['api'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A moment strictly after everything written so far, and before what is written next. */
async function mark(): Promise<string> {
  await sleep(5);
  const at = new Date().toISOString();
  await sleep(5);
  return at;
}

/** `<event_type>:<payload id>` of every message since `since`, sorted. */
async function eventsSince(api: Api, since: string): Promise<string[]> {
  const res = await api.get(`/webhook_messages?since=${encodeURIComponent(since)}&per_page=100`);
  expect(res.status).toBe(200);
  return res.body.webhook_messages.map((m: { event_type: string; payload: { id: string } }) => `${m.event_type}:${m.payload.id}`).sort();
}

/** Ids of a list's records updated since `since`, sorted. */
async function updatedSince(api: Api, path: string, since: string): Promise<string[]> {
  const res = await api.get(`${path}${path.includes('?') ? '&' : '?'}updated_since=${encodeURIComponent(since)}`);
  expect(res.status, path).toBe(200);
  const key = Object.keys(res.body)[0]!;
  return res.body[key].map((r: { id: string }) => r.id).sort();
}

/** `<resource>:<id>` → the changed fields of each update since `since` (the audit log). */
async function changedFieldsSince(api: Api, since: string): Promise<Record<string, string[]>> {
  const res = await api.get(`/audit_log?action=update&since=${encodeURIComponent(since)}&per_page=100`);
  expect(res.status).toBe(200);
  return Object.fromEntries(
    res.body.audit_log.map((e: { resource: string; resource_id: string; changed_fields: string[] }) => [`${e.resource}:${e.resource_id}`, e.changed_fields]),
  );
}

const sorted = (xs: string[]) => [...xs].sort();

async function create(api: Api, path: string, key: string, fields: Record<string, unknown>): Promise<string> {
  const res = await api.post(path, { [key]: fields });
  expect(res.status, `${path} ${JSON.stringify(res.body)}`).toBe(201);
  return res.body[key].id;
}

/** A DELETE with a stale If-Match: 412, and nothing changed anywhere. */
async function expectRefusedDelete(api: Api, path: string, lists: string[]) {
  const since = await mark();
  const refused = await api.delete(path, { headers: { 'if-match': '"stale"' } });
  expect(refused.status).toBe(412);
  expect(await eventsSince(api, since)).toEqual([]);
  for (const list of lists) expect(await updatedSince(api, list, since), list).toEqual([]);
}

describe('deletes tell about the records they change', () => {
  it('a company: its contacts, leads, projects and calls lose it, each bumped with an update event', async () => {
    const t = await createTestAccount('Delete company GC');
    const company = await create(t.api, '/companies', 'company', { name: 'Acme' });
    const kept = await create(t.api, '/companies', 'company', { name: 'Other' });
    const contact = await create(t.api, '/contacts', 'contact', { first_name: 'Ana', company_id: company });
    const otherContact = await create(t.api, '/contacts', 'contact', { first_name: 'Bo', company_id: kept });
    const lead = await create(t.api, '/leads', 'lead', { name: 'Clinic', company_id: company });
    const project = await create(t.api, '/projects', 'project', { name: 'School', company_id: company });
    const call = await create(t.api, '/calls', 'call', { notes: 'Intro', company_id: company });
    const lists = ['/contacts', '/leads', '/projects', '/calls'];

    await expectRefusedDelete(t.api, `/companies/${company}`, lists);
    expect((await t.api.get(`/contacts/${contact}`)).body.contact.company.id).toBe(company);

    const since = await mark();
    const res = await t.api.delete(`/companies/${company}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();

    expect(await eventsSince(t.api, since)).toEqual(
      sorted([`company.delete:${company}`, `contact.update:${contact}`, `lead.update:${lead}`, `project.update:${project}`, `call.update:${call}`]),
    );
    expect(await updatedSince(t.api, '/contacts', since)).toEqual([contact]);
    expect(await updatedSince(t.api, '/leads', since)).toEqual([lead]);
    expect(await updatedSince(t.api, '/projects', since)).toEqual([project]);
    expect(await updatedSince(t.api, '/calls', since)).toEqual([call]);
    expect((await t.api.get(`/contacts/${contact}`)).body.contact.company).toBeNull();
    expect((await t.api.get(`/contacts/${otherContact}`)).body.contact.company.id).toBe(kept);
    expect(await changedFieldsSince(t.api, since)).toEqual({
      [`contact:${contact}`]: ['company_id'],
      [`lead:${lead}`]: ['company_id'],
      [`project:${project}`]: ['company_id'],
      [`call:${call}`]: ['company_id'],
    });
  });

  it('a contact: leads, projects, tasks and calls lose it, each bumped with an update event', async () => {
    const t = await createTestAccount('Delete contact GC');
    const contact = await create(t.api, '/contacts', 'contact', { first_name: 'Ana' });
    const lead = await create(t.api, '/leads', 'lead', { name: 'Clinic', contact_id: contact });
    const project = await create(t.api, '/projects', 'project', { name: 'School', contact_id: contact });
    const task = await create(t.api, '/tasks', 'task', { title: 'Call back', contact_id: contact });
    const call = await create(t.api, '/calls', 'call', { notes: 'Intro', contact_id: contact });
    await create(t.api, '/tasks', 'task', { title: 'Unrelated' });
    const lists = ['/leads', '/projects', '/tasks', '/calls'];

    await expectRefusedDelete(t.api, `/contacts/${contact}`, lists);

    const since = await mark();
    expect((await t.api.delete(`/contacts/${contact}`)).status).toBe(204);
    expect(await eventsSince(t.api, since)).toEqual(
      sorted([`contact.delete:${contact}`, `lead.update:${lead}`, `project.update:${project}`, `task.update:${task}`, `call.update:${call}`]),
    );
    expect(await updatedSince(t.api, '/leads', since)).toEqual([lead]);
    expect(await updatedSince(t.api, '/projects', since)).toEqual([project]);
    expect(await updatedSince(t.api, '/tasks', since)).toEqual([task]);
    expect(await updatedSince(t.api, '/calls', since)).toEqual([call]);
    expect((await t.api.get(`/leads/${lead}`)).body.lead.contact).toBeNull();
    expect(Object.values(await changedFieldsSince(t.api, since))).toEqual([['contact_id'], ['contact_id'], ['contact_id'], ['contact_id']]);
  });

  it('a project: its tasks and calls lose it (tasks their list too); its task lists and memberships are deleted, each with its event', async () => {
    const t = await createTestAccount('Delete project GC');
    const project = await create(t.api, '/projects', 'project', { name: 'School' });
    const kept = await create(t.api, '/projects', 'project', { name: 'Clinic' });
    const list = await create(t.api, '/task_lists', 'task_list', { name: 'Punch list', project_id: project });
    const keptList = await create(t.api, '/task_lists', 'task_list', { name: 'Other list', project_id: kept });
    const listed = await create(t.api, '/tasks', 'task', { title: 'Fix door', task_list_id: list });
    const loose = await create(t.api, '/tasks', 'task', { title: 'Order steel', project_id: project });
    const keptTask = await create(t.api, '/tasks', 'task', { title: 'Elsewhere', task_list_id: keptList });
    const call = await create(t.api, '/calls', 'call', { notes: 'Site visit', project_id: project });
    const membership = (
      await t.api.post(`/project_team_memberships?project_id=${project}`, {
        project_team_membership: { user_id: String(t.otherUserId), roles: ['estimator'] },
      })
    ).body.project_team_membership.id;
    expect(membership).toBeDefined();
    const lists = ['/tasks', '/calls', '/task_lists', '/projects'];

    await expectRefusedDelete(t.api, `/projects/${project}`, lists);
    expect((await t.api.get(`/task_lists/${list}`)).status).toBe(200);

    const since = await mark();
    expect((await t.api.delete(`/projects/${project}`)).status).toBe(204);
    expect(await eventsSince(t.api, since)).toEqual(
      sorted([
        `project.delete:${project}`,
        `task.update:${listed}`,
        `task.update:${loose}`,
        `call.update:${call}`,
        `task_list.delete:${list}`,
        `project_team_membership.delete:${membership}`,
      ]),
    );
    expect(await updatedSince(t.api, '/tasks', since)).toEqual(sorted([listed, loose]));
    expect(await updatedSince(t.api, '/calls', since)).toEqual([call]);
    expect(await updatedSince(t.api, '/task_lists', since)).toEqual([]);
    expect((await t.api.get(`/task_lists/${list}`)).status).toBe(404);
    const detached = (await t.api.get(`/tasks/${listed}`)).body.task;
    expect(detached.project).toBeNull();
    expect(detached.task_list).toBeNull();
    expect((await t.api.get(`/tasks/${keptTask}`)).body.task.task_list.id).toBe(keptList);
    expect(await changedFieldsSince(t.api, since)).toEqual({
      [`task:${listed}`]: ['project_id', 'task_list_id'],
      [`task:${loose}`]: ['project_id'],
      [`call:${call}`]: ['project_id'],
    });
    const messages = (await t.api.get(`/webhook_messages?event_type=project_team_membership.delete`)).body.webhook_messages;
    expect(messages[0].payload.url).toBe(`http://localhost:3000/api/2023-01/project_team_memberships/${membership}?project_id=${project}`);
  });

  it('a workforce employee: their reports lose their manager, each bumped with an update event', async () => {
    const t = await createTestAccount('Delete employee GC');
    const employee = (fields: Record<string, unknown>) =>
      create(t.api, '/workforce/employees', 'workforce_employee', { legal_first_name: 'E', last_name: 'Mployee', ...fields });
    const manager = await employee({ last_name: 'Boss' });
    const first = await employee({ manager_id: manager });
    const second = await employee({ manager_id: manager });
    const other = await employee({});
    const list = '/workforce/employees';

    await expectRefusedDelete(t.api, `${list}/${manager}`, [list]);

    const since = await mark();
    expect((await t.api.delete(`${list}/${manager}`)).status).toBe(204);
    expect(await eventsSince(t.api, since)).toEqual(
      sorted([`workforce_employee.delete:${manager}`, `workforce_employee.update:${first}`, `workforce_employee.update:${second}`]),
    );
    expect(await updatedSince(t.api, list, since)).toEqual(sorted([first, second]));
    expect((await t.api.get(`${list}/${first}`)).body.workforce_employee.manager).toBeNull();
    expect(await updatedSince(t.api, list, since)).not.toContain(other);
    expect(Object.values(await changedFieldsSince(t.api, since))).toEqual([['manager_id'], ['manager_id']]);
  });

  it('a lead: the project it became shows no link to it, so it alone is deleted and tells', async () => {
    const t = await createTestAccount('Delete lead GC');
    const lead = await create(t.api, '/leads', 'lead', { name: 'Clinic' });
    const converted = await t.api.post(`/leads/${lead}/convert`);
    expect(converted.status).toBe(201);
    const project = converted.body.project;

    await expectRefusedDelete(t.api, `/leads/${lead}`, ['/projects', '/leads?archived=true']);

    const since = await mark();
    expect((await t.api.delete(`/leads/${lead}`)).status).toBe(204);
    expect(await eventsSince(t.api, since)).toEqual([`lead.delete:${lead}`]);
    expect(await updatedSince(t.api, '/projects', since)).toEqual([]);
    expect((await t.api.get(`/projects/${project.id}`)).body.project).toEqual(project);
  });

  it('a record pointing at the company written while it is deleted is either cleared with its event or refused, never cleared silently', async () => {
    const t = await createTestAccount('Delete race GC');
    const company = await create(t.api, '/companies', 'company', { name: 'Acme' });
    const since = await mark();
    // Creates start before, with and after the delete, so some land on each side of it.
    const [deleted, ...created] = await Promise.all([
      sleep(150).then(() => t.api.delete(`/companies/${company}`)),
      ...Array.from({ length: 12 }, (_, i) =>
        sleep(i * 25).then(() => t.api.post('/contacts', { contact: { first_name: `Racer ${i}`, company_id: company } })),
      ),
    ]);
    expect(deleted!.status).toBe(204);
    const kept = created.filter((r) => r.status === 201).map((r) => r.body.contact.id as string);
    for (const r of created.filter((r) => r.status !== 201)) {
      expect(r.status).toBe(422);
      expect(r.body.details).toHaveProperty('company_id');
    }
    const updates = (await eventsSince(t.api, since)).filter((e) => e.startsWith('contact.update:'));
    expect(updates).toEqual(sorted(kept.map((id) => `contact.update:${id}`)));
    for (const id of kept) expect((await t.api.get(`/contacts/${id}`)).body.contact.company).toBeNull();
  });

  it('runs a fixed number of statements whatever the count of records it changes, and delivers every event', async () => {
    const t = await createTestAccount('Delete statements GC');
    const hook = await t.api.post('/webhooks', { webhook: { url: 'https://hooks.example.com/contacts', filter_types: ['contact.update', 'company.delete'] } });
    expect(hook.status).toBe(201);
    const counts: number[] = [];
    for (const n of [1, 12]) {
      const company = await create(t.api, '/companies', 'company', { name: `Acme ${n}` });
      for (let i = 0; i < n; i += 1) await create(t.api, '/contacts', 'contact', { first_name: `C${i}`, company_id: company });
      const before = statementCount();
      expect((await t.api.delete(`/companies/${company}`)).status).toBe(204);
      counts.push(statementCount() - before);
    }
    expect(counts[0]).toBe(counts[1]);
    // One delivery per wanted message, written by the statement that wrote the messages.
    const [endpoint] = await getDb().select({ id: webhooks.id }).from(webhooks).where(eq(webhooks.uuid, hook.body.webhook.id));
    const deliveries = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.webhookId, endpoint!.id));
    expect(deliveries).toHaveLength(2 + 1 + 12);
  });
});
