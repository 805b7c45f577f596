import { beforeAll, describe, expect, it } from 'vitest';
import { insertUser } from '@/db/queries/accounts';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { runDueImports } from '@/lib/server/imports/service';
import { BASE, client, dispatch, type Client } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Issue 28, who hears of what: `assignment` (a lead, project, task or contact assigned to you by
// someone else) and `comment` (a comment on a record assigned to you, or on a thread you wrote in,
// by someone else) — never for one's own action, never about a record one does not see, and the
// mentioned hear of a comment once, as a mention.

let t: TestAccount;
let dana: { userId: number; api: Client };
let tess: { userId: number; api: Client };

async function userOf(values: { firstName: string; projectAccess?: 'all' | 'team' }) {
  const userId = await insertUser(getDb(), {
    accountId: t.accountId,
    email: `${values.firstName.toLowerCase()}.${Math.random().toString(36).slice(2, 10)}@example.com`,
    firstName: values.firstName,
    lastName: 'Kind',
    ...(values.projectAccess && { projectAccess: values.projectAccess }),
  });
  return { userId, api: client(await createApiToken(getDb(), { accountId: t.accountId, userId })) };
}

const kinds = async (u: { api: Client }) =>
  ((await u.api.get('/notifications?per_page=100')).body.notifications as { kind: string; subject: { type: string; name: string }; message: string }[]).map(
    (n) => `${n.kind} ${n.subject.type} ${n.subject.name}`,
  );

beforeAll(async () => {
  t = await createTestAccount('Kinds GC');
  dana = await userOf({ firstName: 'Dana' });
  tess = await userOf({ firstName: 'Tess', projectAccess: 'team' });
});

describe('assignment notifications', () => {
  it('tell the new assignee of a lead, project, task or contact, on create and on change', async () => {
    const who = String(dana.userId);
    await t.api.post('/leads', { lead: { name: 'Assigned lead', assigned_to_id: who } });
    const project = (await t.api.post('/projects', { project: { name: 'Assigned project' } })).body.project;
    await t.api.patch(`/projects/${project.id}`, { project: { assigned_to_id: who } });
    await t.api.post('/tasks', { task: { title: 'Assigned task', assigned_to_id: who } });
    await t.api.post('/contacts', { contact: { first_name: 'Assigned', last_name: 'Contact', assigned_to_id: who } });
    expect((await kinds(dana)).sort()).toEqual([
      'assignment contact Assigned Contact',
      'assignment lead Assigned lead',
      'assignment project Assigned project',
      'assignment task Assigned task',
    ]);
    const [latest] = (await dana.api.get('/notifications?kind=assignment')).body.notifications;
    expect(latest.message).toMatch(/ assigned you Assigned contact$|assigned you /);
    expect(latest.actor.id).toBe(String(t.userId));
  });

  it('are not made for assigning oneself, an unchanged assignee, or a user who does not see the record', async () => {
    const before = (await kinds(dana)).length;
    const lead = (await dana.api.post('/leads', { lead: { name: 'Mine', assigned_to_id: String(dana.userId) } })).body.lead;
    await dana.api.patch(`/leads/${lead.id}`, { lead: { name: 'Still mine', assigned_to_id: String(dana.userId) } });
    expect(await kinds(dana)).toHaveLength(before);
    // Tess sees only her teams' projects: assigned a project she is not on, she hears nothing.
    await t.api.post('/projects', { project: { name: 'Not Tess’s', assigned_to_id: String(tess.userId) } });
    expect(await kinds(tess)).toEqual([]);
  });
});

describe('imports', () => {
  it('tell no one: a re-import that reassigns leads makes no assignment notification', async () => {
    const before = (await kinds(dana)).length;
    const email = (await dana.api.get('/users/me')).body.user.email as string;
    const csv = `Lead Name,External ID,Assigned To\nImported lead,IMP-1,\n`;
    const again = `Lead Name,External ID,Assigned To\nImported lead,IMP-1,${email}\n`;
    for (const text of [csv, again]) {
      const form = new FormData();
      form.set('resource', 'leads');
      form.set('file', new Blob([text]), 'leads.csv');
      const res = await dispatch(
        new Request(new URL('/api/2023-01/imports', BASE), { method: 'POST', headers: { authorization: `Bearer ${t.token}` }, body: form }),
      );
      expect(res.status).toBe(202);
      await runDueImports(getDb());
    }
    const lead = (await t.api.get('/leads?q=Imported lead')).body.leads[0];
    expect(lead.assigned_to.id).toBe(String(dana.userId));
    expect(await kinds(dana)).toHaveLength(before);
  });
});

describe('comment notifications', () => {
  it('tell the record’s assignee and the thread’s earlier writers, once each, never the writer', async () => {
    const cole = await userOf({ firstName: 'Cole' });
    const lead = (await t.api.post('/leads', { lead: { name: 'Talked-about lead', assigned_to_id: String(dana.userId) } })).body.lead;
    const post = (u: { api: Client }, body: string) => u.api.post('/comments', { comment: { commentable_type: 'lead', commentable_id: lead.id, body } });
    const danaBefore = (await kinds(dana)).length;

    expect((await post(cole, 'First question')).status).toBe(201); // Dana: assignee
    expect((await post(t, 'An answer')).status).toBe(201); // Dana (assignee), Cole (wrote before)
    // Cole mentions Dana: she hears of it once, as a mention; the admin (wrote before) as a comment.
    expect((await post(cole, `@[Dana](user:${dana.userId}) see above`)).status).toBe(201);

    const danas = (await kinds(dana)).slice(0, (await kinds(dana)).length - danaBefore);
    expect(danas.sort()).toEqual(['comment lead Talked-about lead', 'comment lead Talked-about lead', 'mention lead Talked-about lead']);
    expect(await kinds(cole)).toEqual(['comment lead Talked-about lead']);
    expect((await kinds(t)).filter((k) => k.includes('Talked-about'))).toEqual(['comment lead Talked-about lead']);
    const [n] = (await cole.api.get('/notifications')).body.notifications;
    expect(n.message).toMatch(/ commented on Talked-about lead$/);
    expect(n.comment.excerpt).toBe('An answer');
  });
});

describe('the leads inbox’s Mentioned view', () => {
  it('lists the leads whose comments mention the user', async () => {
    const mentioned = (await t.api.post('/leads', { lead: { name: 'Mentions Dana' } })).body.lead;
    const other = (await t.api.post('/leads', { lead: { name: 'Mentions nobody' } })).body.lead;
    await t.api.post('/comments', { comment: { commentable_type: 'lead', commentable_id: mentioned.id, body: `@[Dana](user:${dana.userId}) look` } });
    await t.api.post('/comments', { comment: { commentable_type: 'lead', commentable_id: other.id, body: 'No one' } });
    const project = (await t.api.post('/projects', { project: { name: 'A project' } })).body.project;
    await t.api.post('/comments', { comment: { commentable_type: 'project', commentable_id: project.id, body: `@[Dana](user:${dana.userId}) not a lead` } });
    const res = await t.api.get(`/leads?mentioned_user_id=${dana.userId}`);
    expect(res.status).toBe(200);
    expect(res.body.leads.map((l: { name: string }) => l.name)).toContain('Mentions Dana');
    expect(res.body.leads.map((l: { name: string }) => l.name)).not.toContain('Mentions nobody');
    expect(res.headers.get('x-total-count')).toBe(String(res.body.leads.length));
    expect((await t.api.get(`/leads?mentioned_user_id=${tess.userId}`)).body.leads).toEqual([]);
  });
});
