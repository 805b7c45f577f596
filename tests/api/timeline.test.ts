import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { webhookMessages } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { client, type Client } from '../api';
import { createTestAccount, TIMESTAMP, type TestAccount } from '../fixtures';

// Issue 28, timelines: a lead's, project's, company's or contact's comments, changes, calls and
// tasks in one stream, newest first, paged; each change with its fields' before and after (a
// related record by its name) and one sentence; only for those who see the record.

const ENTRY_KEYS = ['actor', 'call', 'changes', 'comment', 'document', 'email', 'id', 'kind', 'occurred_at', 'summary', 'task'];

let a: TestAccount;
let b: TestAccount;
let teamOnly: { userId: number; api: Client };
let project: { id: string };
let hidden: { id: string };
let company: { id: string };
let contact: { id: string };

interface Entry {
  id: string;
  kind: string;
  summary: string;
  occurred_at: string;
  actor: { id: string } | null;
  changes: Record<string, [unknown, unknown]> | null;
  comment: { id: string; body: string } | null;
  call: { id: string } | null;
  task: { id: string; title: string } | null;
}

const timeline = async (api: Client, path: string) => {
  const res = await api.get(path);
  expect(res.status).toBe(200);
  return res.body.timeline as Entry[];
};

beforeAll(async () => {
  a = await createTestAccount('Timeline GC');
  b = await createTestAccount('Other timeline GC');
  const userId = await insertUser(getDb(), {
    accountId: a.accountId,
    email: `t.${Math.random().toString(36).slice(2, 10)}@example.com`,
    firstName: 'Tess',
    lastName: 'Team',
    projectAccess: 'team',
  });
  teamOnly = { userId, api: client(await createApiToken(getDb(), { accountId: a.accountId, userId })) };
  company = (await a.api.post('/companies', { company: { name: 'Harbor Point Owners' } })).body.company;
  contact = (await a.api.post('/contacts', { contact: { first_name: 'Pat', last_name: 'Reyes', company_id: company.id } })).body.contact;
  project = (await a.api.post('/projects', { project: { name: 'Westgate Elementary', project_stage_id: String(a.stageIds[2]), amount: 1_200_000 } })).body
    .project;
  hidden = (await a.api.post('/projects', { project: { name: 'Hidden tower' } })).body.project;
  await a.api.post('/project_team_memberships', {
    project_team_membership: { project_id: project.id, user_id: String(teamOnly.userId), roles: ['estimator'] },
  });
});

describe('a project’s timeline', () => {
  it('streams its creation, changes, comments, calls and tasks newest first, each with one sentence', async () => {
    expect((await a.api.patch(`/projects/${project.id}`, { project: { project_stage_id: String(a.stageIds[3]) } })).status).toBe(200);
    expect((await a.api.patch(`/projects/${project.id}`, { project: { amount: 1_350_000, assigned_to_id: String(a.otherUserId) } })).status).toBe(200);
    const comment = (await a.api.post('/comments', { comment: { commentable_type: 'project', commentable_id: project.id, body: 'Addendum 2 is out.' } })).body
      .comment;
    const call = (
      await a.api.post('/calls', {
        call: { project_id: project.id, contact_id: contact.id, call_outcome_id: String(a.lookup.callOutcomes[0]), recorded_at: new Date().toISOString() },
      })
    ).body.call;
    const task = (await a.api.post('/tasks', { task: { title: 'Send addendum 2 to subs', project_id: project.id, deadline: '2026-12-03' } })).body.task;

    const res = await a.api.get(`/projects/${project.id}/timeline`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('6');
    const entries = res.body.timeline as Entry[];
    for (const e of entries) {
      expect(Object.keys(e).sort()).toEqual(ENTRY_KEYS);
      expect(e.occurred_at).toMatch(TIMESTAMP);
      expect(e.actor?.id).toBe(String(a.userId));
    }
    const byKind = (kind: string) => entries.filter((e) => e.kind === kind);
    expect(entries.map((e) => e.kind).sort()).toEqual(['call', 'change', 'change', 'comment', 'created', 'task']);
    // Newest first (the call's time is when it was recorded: now).
    const times = entries.map((e) => e.occurred_at);
    expect([...times].sort().reverse()).toEqual(times);
    expect(entries[entries.length - 1]).toMatchObject({
      kind: 'created',
      summary: 'Avery Admin created the project',
      changes: null,
      comment: null,
      call: null,
      task: null,
    });

    const [second, first] = byKind('change');
    expect(first.changes).toMatchObject({ project_stage: ['Estimating', 'Bid Submitted'] });
    expect(first.summary).toBe('Avery Admin moved the project from Estimating to Bid Submitted');
    expect(second.changes).toEqual({ amount: [1_200_000, 1_350_000], assigned_to: [null, 'Blake Builder'] });
    expect(second.summary).toBe('Avery Admin changed the amount and assignee');

    expect(byKind('comment')[0]).toMatchObject({
      id: `comment-${comment.id}`,
      summary: 'Avery Admin commented',
      comment: { id: comment.id, body: 'Addendum 2 is out.' },
      changes: null,
    });
    expect(byKind('call')[0]).toMatchObject({
      id: `call-${call.id}`,
      summary: 'Avery Admin logged a call with Pat Reyes (Left voicemail)',
      call: { id: call.id },
    });
    expect(byKind('task')[0]).toMatchObject({
      id: `task-${task.id}`,
      summary: 'Avery Admin added the task “Send addendum 2 to subs”, due 2026-12-03',
      task: { id: task.id },
    });

    // The outbox keeps the change as the timeline shows it.
    const [stored] = await getDb()
      .select({ changes: webhookMessages.changes })
      .from(webhookMessages)
      .where(
        and(
          eq(webhookMessages.accountId, a.accountId),
          eq(webhookMessages.eventType, 'project.update'),
          sql`${webhookMessages.payload} ->> 'id' = ${project.id}`,
        ),
      )
      .orderBy(webhookMessages.id)
      .limit(1);
    expect(stored!.changes).toMatchObject({ project_stage: ['Estimating', 'Bid Submitted'] });
  });

  it('pages with Link and X-Total-Count, and filters by kind', async () => {
    const page = await a.api.get(`/projects/${project.id}/timeline?per_page=2&page=2`);
    expect(page.status).toBe(200);
    expect(page.body.timeline).toHaveLength(2);
    expect(page.headers.get('x-total-count')).toBe('6');
    expect(page.headers.get('link')).toContain('rel="next"');
    const past = await a.api.get(`/projects/${project.id}/timeline?per_page=5&page=9`);
    expect(past.body.timeline).toEqual([]);
    expect(past.headers.get('x-total-count')).toBe('6');

    const changes = await timeline(a.api, `/projects/${project.id}/timeline?kind=change,comment`);
    expect(changes.map((e) => e.kind).sort()).toEqual(['change', 'change', 'comment']);
    const bad = await a.api.get(`/projects/${project.id}/timeline?kind=fax,change`);
    expect(bad.status).toBe(422);
  });
});

describe('other records’ timelines', () => {
  it('a company’s carries its contacts’ calls; a contact’s its own; a lead’s its changes', async () => {
    const companyEntries = await timeline(a.api, `/companies/${company.id}/timeline`);
    expect(companyEntries.map((e) => e.kind).sort()).toEqual(['call', 'created']);
    expect(companyEntries.find((e) => e.kind === 'created')!.summary).toBe('Avery Admin created the company');
    const contactEntries = await timeline(a.api, `/contacts/${contact.id}/timeline`);
    expect(contactEntries.map((e) => e.kind).sort()).toEqual(['call', 'created']);

    const lead = (await a.api.post('/leads', { lead: { name: 'Clinic expansion' } })).body.lead;
    await a.api.patch(`/leads/${lead.id}`, { lead: { assigned_to_id: String(a.otherUserId) } });
    const leadEntries = await timeline(a.api, `/leads/${lead.id}/timeline`);
    expect(leadEntries.map((e) => e.summary)).toEqual(['Avery Admin assigned the lead to Blake Builder', 'Avery Admin created the lead']);
  });

  it('a team-only user reads the timelines of their projects, a 404 for the others, and no call of a hidden project', async () => {
    await a.api.post('/calls', { call: { project_id: hidden.id, contact_id: contact.id, recorded_at: new Date().toISOString() } });
    expect((await a.api.get(`/contacts/${contact.id}/timeline?kind=call`)).body.timeline).toHaveLength(2);
    expect((await teamOnly.api.get(`/contacts/${contact.id}/timeline?kind=call`)).body.timeline).toHaveLength(1);
    expect((await teamOnly.api.get(`/projects/${project.id}/timeline`)).status).toBe(200);
    const refused = await teamOnly.api.get(`/projects/${hidden.id}/timeline`);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: 'not_found', message: 'Project not found.' });
  });

  it('another account’s record is a 404, and so is an id that is none', async () => {
    expect((await b.api.get(`/projects/${project.id}/timeline`)).status).toBe(404);
    expect((await b.api.get(`/companies/${company.id}/timeline`)).status).toBe(404);
    expect((await a.api.get('/leads/999999999/timeline')).status).toBe(404);
  });
});
