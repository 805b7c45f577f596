import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { commentMentions, comments, users, webhookMessages } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { client, type Client } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Issue 28, comments: on a lead, project, company, contact or task; mentions written
// @[Name](user:ID) and listed as users; whoever sees the record reads and writes its comments, a
// record they do not see is a 404; the author edits, the author or an admin deletes; events.

const COMMENT_KEYS = ['author', 'body', 'commentable_id', 'commentable_type', 'created_at', 'edited_at', 'id', 'mentions', 'updated_at'];

let a: TestAccount;
let b: TestAccount;
/** A member of A (collaborator everywhere). */
let member: { userId: number; api: Client };
/** A team-only user of A, on the team of `mine` only. */
let teamOnly: { userId: number; api: Client };
let mine: { id: string };
let hidden: { id: string };
let lead: { id: string };

async function userOf(t: TestAccount, values: Partial<Parameters<typeof insertUser>[1]> = {}) {
  const userId = await insertUser(getDb(), {
    accountId: t.accountId,
    email: `c.${Math.random().toString(36).slice(2, 10)}@example.com`,
    firstName: 'Casey',
    lastName: `Comment${Math.random().toString(36).slice(2, 5)}`,
    ...values,
  });
  return { userId, api: client(await createApiToken(getDb(), { accountId: t.accountId, userId })) };
}

const post = (api: Client, commentable_type: string, commentable_id: string, body: string) =>
  api.post('/comments', { comment: { commentable_type, commentable_id, body } });

beforeAll(async () => {
  a = await createTestAccount('Comments GC');
  b = await createTestAccount('Other comments GC');
  member = await userOf(a);
  teamOnly = await userOf(a, { projectAccess: 'team', firstName: 'Tess' });
  mine = (await a.api.post('/projects', { project: { name: 'Team project' } })).body.project;
  hidden = (await a.api.post('/projects', { project: { name: 'Hidden project' } })).body.project;
  const joined = await a.api.post('/project_team_memberships', {
    project_team_membership: { project_id: mine.id, user_id: String(teamOnly.userId), roles: ['project_manager'] },
  });
  expect(joined.status).toBe(201);
  lead = (await a.api.post('/leads', { lead: { name: 'Commented lead' } })).body.lead;
});

describe('comments', () => {
  it('are created on a record with their mentions, in the spec’s shape, and listed newest first', async () => {
    const body = `  Can you check the bid date, @[Member](user:${member.userId})? **Due Friday** — and @[Admin](user:${a.userId}), @[Member again](user:${member.userId}).  `;
    const res = await post(a.api, 'lead', lead.id, body);
    expect(res.status).toBe(201);
    const comment = res.body.comment;
    expect(Object.keys(comment).sort()).toEqual(COMMENT_KEYS);
    expect(comment).toMatchObject({
      commentable_type: 'lead',
      commentable_id: lead.id,
      body: body.trim(),
      author: { id: String(a.userId) },
      edited_at: null,
    });
    // Each mentioned user once, in order of first mention.
    expect(comment.mentions.map((u: { id: string }) => u.id)).toEqual([String(member.userId), String(a.userId)]);
    expect(Object.keys(comment.mentions[0]).sort()).toEqual(['created_at', 'email', 'first_name', 'id', 'last_name', 'name', 'updated_at']);
    expect(res.headers.get('etag')).toBeTruthy();
    const rows = await getDb()
      .select()
      .from(commentMentions)
      .where(eq(commentMentions.commentId, Number(comment.id)));
    expect(rows.map((r) => [r.userId, r.position])).toEqual([
      [member.userId, 0],
      [a.userId, 1],
    ]);

    const second = (await post(member.api, 'lead', lead.id, 'A reply')).body.comment;
    const list = await a.api.get(`/comments?commentable_type=lead&commentable_id=${lead.id}`);
    expect(list.status).toBe(200);
    expect(list.body.comments.map((c: { id: string }) => c.id)).toEqual([second.id, comment.id]);
    expect(list.headers.get('x-total-count')).toBe('2');
    expect((await a.api.get(`/comments?commentable_type=lead&commentable_id=${lead.id}&per_page=1&page=2`)).body.comments[0].id).toBe(comment.id);
    expect((await a.api.get(`/comments/${comment.id}`)).body.comment).toEqual(comment);
    const later = new Date(Date.now() + 60_000).toISOString().replace(/\.\d{3}Z$/, 'Z');
    expect((await a.api.get(`/comments?commentable_type=lead&commentable_id=${lead.id}&updated_since=${later}`)).body.comments).toEqual([]);
  });

  it('goes on every commentable kind of record', async () => {
    const company = (await a.api.post('/companies', { company: { name: 'Commented Co' } })).body.company;
    const contact = (await a.api.post('/contacts', { contact: { first_name: 'Cora', email: `cora.${Date.now()}@example.com` } })).body.contact;
    const task = (await a.api.post('/tasks', { task: { title: 'Commented task', project_id: mine.id } })).body.task;
    for (const [type, id] of [
      ['project', mine.id],
      ['company', company.id],
      ['contact', contact.id],
      ['task', task.id],
    ] as const) {
      const res = await post(member.api, type, id, `On a ${type}`);
      expect(res.status, type).toBe(201);
      expect(res.body.comment).toMatchObject({ commentable_type: type, commentable_id: id });
    }
  });

  it('refuses a bad body, type, record or mention with a 422 that names it, writing nothing', async () => {
    const before = (await getDb().select().from(comments).where(eq(comments.accountId, a.accountId))).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ commentable_type: 'lead', commentable_id: lead.id, body: '   ' }, 'body'],
      [{ commentable_type: 'lead', commentable_id: lead.id, body: 'x'.repeat(10_001) }, 'body'],
      [{ commentable_type: 'invoice', commentable_id: lead.id, body: 'Hi' }, 'commentable_type'],
      [{ commentable_type: 'lead', commentable_id: 'abc', body: 'Hi' }, 'commentable_id'],
      [{ commentable_type: 'lead', body: 'Hi' }, 'commentable_id'],
      [{ commentable_type: 'lead', commentable_id: lead.id, body: `Hey @[Stranger](user:${b.userId})` }, 'body'],
      [{ commentable_type: 'lead', commentable_id: lead.id, body: 'Hey @[Nobody](user:999999999)' }, 'body'],
    ];
    for (const [comment, field] of cases) {
      const res = await a.api.post('/comments', { comment });
      expect(res.status, JSON.stringify(comment).slice(0, 80)).toBe(422);
      expect(Object.keys(res.body.details)).toContain(field);
    }
    const stranger = await a.api.post('/comments', {
      comment: { commentable_type: 'lead', commentable_id: lead.id, body: `Hey @[Stranger](user:${b.userId})` },
    });
    expect(stranger.body.details.body[0]).toContain(`user:${b.userId}`);
    // 10,000 characters after trimming is the most.
    expect((await post(a.api, 'lead', lead.id, `  ${'y'.repeat(10_000)}  `)).status).toBe(201);
    expect((await getDb().select().from(comments).where(eq(comments.accountId, a.accountId))).length).toBe(before + 1);
    // The list needs its record.
    expect((await a.api.get('/comments')).status).toBe(422);
    expect((await a.api.get(`/comments?commentable_type=lead`)).status).toBe(422);
  });

  it('is a 404 for a record the caller does not see: another account’s, a hidden project, an area without access', async () => {
    const theirs = (await b.api.post('/leads', { lead: { name: 'Their lead' } })).body.lead;
    expect((await post(a.api, 'lead', theirs.id, 'Hi')).status).toBe(404);
    expect((await a.api.get(`/comments?commentable_type=lead&commentable_id=${theirs.id}`)).status).toBe(404);
    const onTheirs = (await post(b.api, 'lead', theirs.id, 'Theirs')).body.comment;
    expect((await a.api.get(`/comments/${onTheirs.id}`)).status).toBe(404);
    expect((await a.api.patch(`/comments/${onTheirs.id}`, { comment: { body: 'x' } })).status).toBe(404);
    expect((await a.api.delete(`/comments/${onTheirs.id}`)).status).toBe(404);

    // A team-only user: their team's project yes, the other (and its task) no.
    expect((await post(teamOnly.api, 'project', mine.id, 'On my team')).status).toBe(201);
    const onHidden = (await post(a.api, 'project', hidden.id, 'Secret')).body.comment;
    expect((await post(teamOnly.api, 'project', hidden.id, 'Peek')).status).toBe(404);
    expect((await teamOnly.api.get(`/comments?commentable_type=project&commentable_id=${hidden.id}`)).status).toBe(404);
    expect((await teamOnly.api.get(`/comments/${onHidden.id}`)).status).toBe(404);
    const hiddenTask = (await a.api.post('/tasks', { task: { title: 'Hidden task', project_id: hidden.id } })).body.task;
    expect((await post(teamOnly.api, 'task', hiddenTask.id, 'Peek')).status).toBe(404);

    // No access to leads: their comments are not there either.
    const noLeads = await userOf(a, { permissionLeads: 'none' });
    expect((await noLeads.api.get(`/comments?commentable_type=lead&commentable_id=${lead.id}`)).status).toBe(404);
    expect((await post(noLeads.api, 'lead', lead.id, 'Hi')).status).toBe(404);
  });

  it('is edited by its author only (403 for others), with If-Match, mentions rewritten and edited_at set', async () => {
    const comment = (await post(member.api, 'lead', lead.id, `Ping @[A](user:${a.userId})`)).body.comment;
    expect((await a.api.patch(`/comments/${comment.id}`, { comment: { body: 'Not mine' } })).status).toBe(403);
    const etag = (await member.api.get(`/comments/${comment.id}`)).headers.get('etag')!;
    const edited = await member.api.patch(
      `/comments/${comment.id}`,
      { comment: { body: `Ping @[M](user:${member.userId}) instead` } },
      { headers: { 'If-Match': etag } },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.comment.body).toBe(`Ping @[M](user:${member.userId}) instead`);
    expect(edited.body.comment.mentions.map((u: { id: string }) => u.id)).toEqual([String(member.userId)]);
    expect(edited.body.comment.edited_at).not.toBeNull();
    const stale = await member.api.patch(`/comments/${comment.id}`, { comment: { body: 'Again' } }, { headers: { 'If-Match': etag } });
    expect(stale.status).toBe(412);
    expect((await member.api.patch(`/comments/${comment.id}`, { comment: { body: '' } })).status).toBe(422);
  });

  it('is deleted by its author or an admin, not by another member; with If-Match', async () => {
    const comment = (await post(member.api, 'lead', lead.id, 'Delete me')).body.comment;
    const colleague = await userOf(a);
    expect((await colleague.api.delete(`/comments/${comment.id}`)).status).toBe(403);
    expect((await member.api.delete(`/comments/${comment.id}`, { headers: { 'If-Match': '"stale"' } })).status).toBe(412);
    expect((await member.api.delete(`/comments/${comment.id}`)).status).toBe(204);
    expect((await member.api.get(`/comments/${comment.id}`)).status).toBe(404);
    const another = (await post(member.api, 'lead', lead.id, 'The admin deletes this')).body.comment;
    expect((await a.api.delete(`/comments/${another.id}`)).status).toBe(204);
  });

  it('sends comment.create, comment.update and comment.delete events, and goes with its record', async () => {
    const doomed = (await a.api.post('/leads', { lead: { name: 'Doomed lead' } })).body.lead;
    const comment = (await post(a.api, 'lead', doomed.id, 'First')).body.comment;
    await a.api.patch(`/comments/${comment.id}`, { comment: { body: 'Second' } });
    const other = (await post(a.api, 'lead', doomed.id, 'Goes with the lead')).body.comment;
    await a.api.delete(`/comments/${comment.id}`);
    expect((await a.api.delete(`/leads/${doomed.id}`)).status).toBe(204);
    const events = await getDb()
      .select({ type: webhookMessages.eventType, payload: webhookMessages.payload })
      .from(webhookMessages)
      .where(and(eq(webhookMessages.accountId, a.accountId)))
      .orderBy(webhookMessages.id);
    const of = (id: string) => events.filter((e) => (e.payload as { id: string }).id === id && e.type.startsWith('comment.')).map((e) => e.type);
    expect(of(comment.id)).toEqual(['comment.create', 'comment.update', 'comment.delete']);
    expect(of(other.id)).toEqual(['comment.create', 'comment.delete']);
    expect(
      await getDb()
        .select()
        .from(comments)
        .where(eq(comments.id, Number(other.id))),
    ).toEqual([]);
    const messages = await a.api.get('/webhook_messages?event_type=comment.create');
    expect(messages.status).toBe(200);
  });
});

describe('mention notifications', () => {
  it('notify exactly the mentioned users who see the record, never the writer; once per new mention', async () => {
    const t = await createTestAccount('Notify GC');
    const dana = await userOf(t, { firstName: 'Dana' });
    const tess = await userOf(t, { projectAccess: 'team', firstName: 'Tess' });
    const gone = await userOf(t, { firstName: 'Gone' });
    await getDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.userId));
    const project = (await t.api.post('/projects', { project: { name: 'Westgate Elementary' } })).body.project;
    const body = `@[Dana](user:${dana.userId}) @[Tess](user:${tess.userId}) @[Gone](user:${gone.userId}) @[Me](user:${t.userId}) can you check?`;
    const comment = (await post(t.api, 'project', project.id, body)).body.comment;

    // Dana sees the project; Tess (team-only, not on its team) does not; the deactivated and the writer get none.
    const danas = await dana.api.get('/notifications');
    expect(danas.status).toBe(200);
    expect(danas.body.notifications).toHaveLength(1);
    const n = danas.body.notifications[0];
    expect(Object.keys(n).sort()).toEqual(['actor', 'comment', 'created_at', 'id', 'kind', 'message', 'read_at', 'subject', 'updated_at', 'url']);
    expect(n).toMatchObject({
      kind: 'mention',
      read_at: null,
      actor: { id: String(t.userId) },
      subject: { type: 'project', id: project.id, name: 'Westgate Elementary' },
      comment: { id: comment.id, excerpt: body.slice(0, 200) },
      message: `${(await t.api.get('/users/me')).body.user.name} mentioned you on Westgate Elementary`,
    });
    expect(n.url).toMatch(new RegExp(`/projects/${project.id}\\?tab=timeline#comment-${comment.id}$`));
    expect((await tess.api.get('/notifications')).body.notifications).toEqual([]);
    expect((await t.api.get('/notifications')).body.notifications).toEqual([]);
    expect((await dana.api.get('/notifications/unread_count')).body).toEqual({ unread_count: 1 });

    // An edit notifies only those it mentions anew: Cole, not Dana again.
    const colleague = await userOf(t, { firstName: 'Cole' });
    await t.api.patch(`/comments/${comment.id}`, { comment: { body: `${body} and @[Cole](user:${colleague.userId})` } });
    expect((await dana.api.get('/notifications/unread_count')).body).toEqual({ unread_count: 1 });
    expect((await colleague.api.get('/notifications/unread_count')).body).toEqual({ unread_count: 1 });

    // Another user's notification is not there for them, nor for another account.
    expect((await colleague.api.get(`/notifications/${n.id}`)).status).toBe(404);
    expect((await b.api.get(`/notifications/${n.id}`)).status).toBe(404);
    expect((await b.api.post('/notifications/read', { ids: [n.id] })).body.marked_count).toBe(0);
    expect((await dana.api.get(`/notifications/${n.id}`)).body.notification.id).toBe(n.id);
  });

  it('are marked read by id or all at once; only one’s own; filters unread and kind', async () => {
    const t = await createTestAccount('Read GC');
    const dana = await userOf(t, { firstName: 'Dana' });
    const lead = (await t.api.post('/leads', { lead: { name: 'Read lead' } })).body.lead;
    for (const text of ['one', 'two', 'three']) await post(t.api, 'lead', lead.id, `@[Dana](user:${dana.userId}) ${text}`);
    const all = (await dana.api.get('/notifications')).body.notifications as { id: string }[];
    expect(all).toHaveLength(3);
    // Someone else cannot mark Dana's.
    expect((await t.api.post('/notifications/read', { ids: [all[0]!.id] })).body).toEqual({ marked_count: 0, unread_count: 0 });
    const one = await dana.api.post('/notifications/read', { ids: [all[0]!.id] });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ marked_count: 1, unread_count: 2 });
    expect((await dana.api.get('/notifications?unread=true')).body.notifications).toHaveLength(2);
    expect((await dana.api.get('/notifications?unread=false')).body.notifications.map((x: { id: string }) => x.id)).toEqual([all[0]!.id]);
    // Unread first.
    expect((await dana.api.get('/notifications')).body.notifications.at(-1).id).toBe(all[0]!.id);
    expect((await dana.api.get('/notifications?kind=reminder')).body.notifications).toEqual([]);
    expect((await dana.api.post('/notifications/read', { all: true })).body).toEqual({ marked_count: 2, unread_count: 0 });
    for (const bad of [{}, { ids: [] }, { all: false }, { ids: ['x'] }, { ids: ['1'], all: true }]) {
      expect((await dana.api.post('/notifications/read', bad)).status, JSON.stringify(bad)).toBe(422);
    }
    expect((await dana.api.get('/notifications?kind=nope')).status).toBe(422);
  });
});
