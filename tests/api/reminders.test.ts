import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { reminders, webhookMessages } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { fireDueReminders } from '@/lib/server/services/reminders';
import { client, type Client } from '../api';
import { createTestAccount, TIMESTAMP, type TestAccount } from '../fixtures';
import { remind, reminderNotifications } from '../reminders';

// Issue 28, reminders: each the caller's own, about a record they see, at a time in the future;
// at that time exactly one `reminder` notification, however many runs claim it (with two worker
// processes: tests/faults/reminder-workers.test.ts).

const REMINDER_KEYS = ['created_at', 'id', 'note', 'notified_at', 'remind_at', 'remindable_id', 'remindable_name', 'remindable_type', 'updated_at', 'user'];
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d{3}Z$/, 'Z');

let a: TestAccount;
let b: TestAccount;
let teamOnly: { userId: number; api: Client };
let project: { id: string };
let hidden: { id: string };

beforeAll(async () => {
  a = await createTestAccount('Reminders GC');
  b = await createTestAccount('Other reminders GC');
  const userId = await insertUser(getDb(), {
    accountId: a.accountId,
    email: `r.${Math.random().toString(36).slice(2, 10)}@example.com`,
    firstName: 'Tess',
    lastName: 'Team',
    projectAccess: 'team',
  });
  teamOnly = { userId, api: client(await createApiToken(getDb(), { accountId: a.accountId, userId })) };
  project = (await a.api.post('/projects', { project: { name: 'Westgate Elementary' } })).body.project;
  hidden = (await a.api.post('/projects', { project: { name: 'Hidden tower' } })).body.project;
  await a.api.post('/project_team_memberships', { project_team_membership: { project_id: project.id, user_id: String(userId), roles: ['estimator'] } });
});

describe('reminders', () => {
  it('are made about a record one sees, in the house’s shape, with an event', async () => {
    const at = inAnHour();
    const res = await remind(a.api, {
      remindable_type: 'project',
      remindable_id: project.id,
      remind_at: at,
      note: '  Call the owner’s rep about addendum 2  ',
    });
    expect(res.status).toBe(201);
    const r = res.body.reminder;
    expect(Object.keys(r).sort()).toEqual(REMINDER_KEYS);
    expect(r).toMatchObject({
      remindable_type: 'project',
      remindable_id: project.id,
      remindable_name: 'Westgate Elementary',
      remind_at: at,
      note: 'Call the owner’s rep about addendum 2',
      notified_at: null,
      user: { id: String(a.userId) },
    });
    expect(r.created_at).toMatch(TIMESTAMP);
    const events = await getDb()
      .select({ type: webhookMessages.eventType })
      .from(webhookMessages)
      .where(
        and(
          eq(webhookMessages.accountId, a.accountId),
          sql`${webhookMessages.payload} ->> 'id' = ${r.id}`,
          sql`${webhookMessages.eventType} like 'reminder.%'`,
        ),
      );
    expect(events.map((e) => e.type)).toEqual(['reminder.create']);
  });

  it('refuse a time that is not ahead, a record one does not see, and another user’s reminder', async () => {
    const past = await remind(a.api, { remindable_type: 'project', remindable_id: project.id, remind_at: '2020-01-01T00:00:00Z' });
    expect(past.status).toBe(422);
    expect(past.body.details).toEqual({ remind_at: ['must be in the future'] });
    expect((await remind(a.api, { remindable_type: 'dog', remindable_id: project.id, remind_at: inAnHour() })).status).toBe(422);
    expect((await remind(teamOnly.api, { remindable_type: 'project', remindable_id: hidden.id, remind_at: inAnHour() })).status).toBe(404);
    expect((await remind(b.api, { remindable_type: 'project', remindable_id: project.id, remind_at: inAnHour() })).status).toBe(404);
    const mine = (await remind(a.api, { remindable_type: 'project', remindable_id: project.id, remind_at: inAnHour() })).body.reminder;
    // Each user's own: another user of the account, or of another account, finds none.
    expect((await teamOnly.api.get(`/reminders/${mine.id}`)).status).toBe(404);
    expect((await teamOnly.api.patch(`/reminders/${mine.id}`, { reminder: { note: 'mine now' } })).status).toBe(404);
    expect((await b.api.delete(`/reminders/${mine.id}`)).status).toBe(404);
    expect((await teamOnly.api.get('/reminders')).body.reminders).toEqual([]);
  });

  it('list upcoming soonest first and past most recent first; a new time arms one again; delete', async () => {
    const t = await createTestAccount('Reminder list GC');
    const p = (await t.api.post('/projects', { project: { name: 'Listed' } })).body.project;
    const later = (await remind(t.api, { remindable_type: 'project', remindable_id: p.id, remind_at: new Date(Date.now() + 7_200_000).toISOString() })).body
      .reminder;
    const sooner = (await remind(t.api, { remindable_type: 'project', remindable_id: p.id, remind_at: inAnHour() })).body.reminder;
    // Two that came due (moved into the past in the database, as time would have).
    await getDb()
      .update(reminders)
      .set({ remindAt: sql`now() - interval '2 days'`, notifiedAt: sql`now()` })
      .where(eq(reminders.id, Number(later.id)));
    const upcoming = await t.api.get('/reminders?due=upcoming');
    expect(upcoming.body.reminders.map((r: { id: string }) => r.id)).toEqual([sooner.id]);
    expect(upcoming.headers.get('x-total-count')).toBe('1');
    const past = await t.api.get('/reminders?due=past');
    expect(past.body.reminders.map((r: { id: string }) => r.id)).toEqual([later.id]);
    expect(past.body.reminders[0].notified_at).toMatch(TIMESTAMP);

    const moved = await t.api.patch(`/reminders/${later.id}`, { reminder: { remind_at: inAnHour(), note: 'Again' } });
    expect(moved.status).toBe(200);
    expect(moved.body.reminder).toMatchObject({ notified_at: null, note: 'Again' });
    expect((await t.api.patch(`/reminders/${later.id}`, { reminder: { remind_at: '2021-05-01T00:00:00Z' } })).status).toBe(422);
    expect((await t.api.delete(`/reminders/${later.id}`)).status).toBe(204);
    expect((await t.api.get(`/reminders/${later.id}`)).status).toBe(404);
  });

  it('go with their record when it is deleted', async () => {
    const lead = (await a.api.post('/leads', { lead: { name: 'Short-lived' } })).body.lead;
    const r = (await remind(a.api, { remindable_type: 'lead', remindable_id: lead.id, remind_at: inAnHour() })).body.reminder;
    expect((await a.api.delete(`/leads/${lead.id}`)).status).toBe(204);
    expect((await a.api.get(`/reminders/${r.id}`)).status).toBe(404);
  });
});

describe('a reminder that comes due', () => {
  it('makes one notification however many runs claim it at once, and none for a record its owner no longer sees', async () => {
    const t = await createTestAccount('Due reminders GC');
    const p = (await t.api.post('/projects', { project: { name: 'Due project' } })).body.project;
    const ids: number[] = [];
    for (let i = 0; i < 5; i++) {
      const r = (await remind(t.api, { remindable_type: 'project', remindable_id: p.id, remind_at: inAnHour(), note: `Check ${i}` })).body.reminder;
      ids.push(Number(r.id));
    }
    await getDb()
      .update(reminders)
      .set({ remindAt: sql`now() - interval '1 minute'` })
      .where(sql`${reminders.id} in ${ids}`);
    // The owner of a sixth no longer sees its project.
    const userId = await insertUser(getDb(), {
      accountId: t.accountId,
      email: `gone.${Math.random().toString(36).slice(2, 10)}@example.com`,
      firstName: 'Gone',
      lastName: 'Away',
      projectAccess: 'team',
    });
    const [lost] = await getDb()
      .insert(reminders)
      .values({ accountId: t.accountId, userId, remindableType: 'project', remindableId: Number(p.id), remindAt: new Date(Date.now() - 60_000) })
      .returning({ id: reminders.id });

    await Promise.all([fireDueReminders(getDb()), fireDueReminders(getDb()), fireDueReminders(getDb())]);
    const made = await reminderNotifications(t.userId);
    expect(made).toHaveLength(5);
    expect(made.map((n) => n.detail).sort()).toEqual(['Check 0', 'Check 1', 'Check 2', 'Check 3', 'Check 4']);
    expect(await reminderNotifications(userId)).toHaveLength(0);
    const [marked] = await getDb().select().from(reminders).where(eq(reminders.id, lost!.id));
    expect(marked!.notifiedAt).not.toBeNull();

    const inbox = await t.api.get('/notifications?kind=reminder');
    expect(inbox.body.notifications[0]).toMatchObject({ kind: 'reminder', actor: null, subject: { type: 'project', id: p.id, name: 'Due project' } });
    expect(inbox.body.notifications[0].message).toMatch(/^Reminder: Due project — Check \d$/);
    // Again: nothing left to make.
    await fireDueReminders(getDb());
    expect(await reminderNotifications(t.userId)).toHaveLength(5);
  });
});
