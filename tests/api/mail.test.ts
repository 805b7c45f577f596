import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { and, eq, sql } from 'drizzle-orm';
import { insertUser } from '@/db/queries/accounts';
import { mailOutbox, users } from '@/db/schema';
import { createApiToken } from '@/lib/server/auth/tokens';
import { getDb } from '@/lib/server/db';
import { makeDigests, makeDueNotifications } from '@/lib/server/mail/digest';
import { RETRY_SECONDS, sendDueMail } from '@/lib/server/mail/outbox';
import { client, type Client } from '../api';
import { createTestAccount, type TestAccount } from '../fixtures';

// Issue 28, email: notifications go out through SMTP (a real SMTP server in this process), per
// user and kind instant, in the 07:00 digest or off; every mail with a plain-text part, the
// record's link and List-Unsubscribe; a refused send is retried with backoff and loses nothing.

interface Received {
  to: string;
  mail: ParsedMail;
}

let server: SMTPServer;
let port = 0;
const inbox: Received[] = [];
/** How many of the next messages the server refuses (a temporary failure). */
let refuse = 0;

let t: TestAccount;
let dana: { userId: number; api: Client; email: string };

async function userOf(t: TestAccount, firstName: string, values: Partial<Parameters<typeof insertUser>[1]> = {}) {
  const email = `${firstName.toLowerCase()}.${Math.random().toString(36).slice(2, 10)}@example.com`;
  const userId = await insertUser(getDb(), { accountId: t.accountId, email, firstName, lastName: 'Mailer', ...values });
  return { userId, email, api: client(await createApiToken(getDb(), { accountId: t.accountId, userId })) };
}

const to = (email: string) => inbox.filter((m) => m.to === email);

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refuse > 0) {
          refuse--;
          const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        void simpleParser(Buffer.concat(chunks)).then((mail) => {
          for (const rcpt of session.envelope.rcptTo) inbox.push({ to: rcpt.address, mail });
          callback();
        });
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as { port: number }).port;
  process.env.SMTP_URL = `smtp://127.0.0.1:${port}`;
  process.env.MAIL_FROM = 'Groundwork <notifications@groundwork.test>';
  t = await createTestAccount('Mail GC');
  dana = await userOf(t, 'Dana');
});

afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('notification email', () => {
  it('sends a mention at once: plain text and HTML, the record’s link, List-Unsubscribe', async () => {
    const project = (await t.api.post('/projects', { project: { name: 'Westgate Elementary' } })).body.project;
    const res = await t.api.post('/comments', {
      comment: { commentable_type: 'project', commentable_id: project.id, body: `@[Dana](user:${dana.userId}) can you price the <steel>?` },
    });
    expect(res.status).toBe(201);
    // Queued with the comment, sent by the worker.
    const [queued] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.userId, dana.userId));
    expect(queued).toMatchObject({ status: 'pending', toAddress: dana.email, attempts: 0 });
    await sendDueMail(getDb());
    const [received] = to(dana.email);
    expect(received).toBeDefined();
    const mail = received!.mail;
    expect(mail.subject).toBe('Avery Admin mentioned you on Westgate Elementary');
    expect(mail.from?.value[0]).toMatchObject({ name: 'Groundwork', address: 'notifications@groundwork.test' });
    expect(mail.text).toContain('“@Dana can you price the <steel>?”');
    expect(mail.text).toMatch(new RegExp(`Open it: http://[^\\s]+/projects/${project.id}\\?tab=timeline#comment-${res.body.comment.id}`));
    expect(mail.html).toContain('can you price the &lt;steel&gt;?');
    expect(String(mail.headers.get('list-unsubscribe') ?? JSON.stringify(mail.headers.get('list')))).toContain('/settings/notifications');
    const [sent] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, queued!.id));
    expect(sent).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('follows each user’s settings: off sends nothing, instant sends a kind that defaults to the digest', async () => {
    const cole = await userOf(t, 'Cole');
    expect((await cole.api.get('/users/me/notification_settings')).body).toEqual({
      notification_settings: {
        mention: 'instant',
        assignment: 'instant',
        comment: 'daily_digest',
        reminder: 'daily_digest',
        task_due: 'daily_digest',
        bid_due: 'daily_digest',
      },
    });
    const changed = await cole.api.patch('/users/me/notification_settings', {
      notification_settings: { mention: 'off', assignment: 'instant', comment: 'instant' },
    });
    expect(changed.status).toBe(200);
    expect(changed.body.notification_settings).toMatchObject({ mention: 'off', comment: 'instant', reminder: 'daily_digest' });
    // Only what differs from the defaults is stored.
    const [row] = await getDb().select({ s: users.notificationSettings }).from(users).where(eq(users.id, cole.userId));
    expect(row!.s).toEqual({ mention: 'off', comment: 'instant' });
    for (const bad of [{ mention: 'sometimes' }, { birthday: 'off' }]) {
      expect((await cole.api.patch('/users/me/notification_settings', { notification_settings: bad })).status, JSON.stringify(bad)).toBe(422);
    }

    const lead = (await t.api.post('/leads', { lead: { name: 'Clinic expansion', assigned_to_id: String(cole.userId) } })).body.lead; // assignment: instant
    await t.api.post('/comments', { comment: { commentable_type: 'lead', commentable_id: lead.id, body: `@[Cole](user:${cole.userId}) ping` } }); // mention: off
    await dana.api.post('/comments', { comment: { commentable_type: 'lead', commentable_id: lead.id, body: 'A comment on Cole’s lead' } }); // comment: instant
    await sendDueMail(getDb());
    expect(to(cole.email).map((m) => m.mail.subject)).toEqual(['Avery Admin assigned you Clinic expansion', 'Dana Mailer commented on Clinic expansion']);
  });

  it('retries a refused send with backoff, and gives up after the last attempt without losing the notification', async () => {
    const erin = await userOf(t, 'Erin');
    refuse = 1;
    await t.api.post('/leads', { lead: { name: 'Refused once', assigned_to_id: String(erin.userId) } });
    await sendDueMail(getDb());
    expect(to(erin.email)).toHaveLength(0);
    const [first] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.userId, erin.userId));
    expect(first).toMatchObject({ status: 'pending', attempts: 1 });
    expect(first!.lastError).toContain('Mailbox busy');
    // The next attempt a minute on (the first of the backoff).
    const wait = (first!.nextAttemptAt.getTime() - first!.updatedAt.getTime()) / 1000;
    expect(wait).toBeGreaterThan(RETRY_SECONDS[0] - 5);
    expect(wait).toBeLessThanOrEqual(RETRY_SECONDS[0] + 1);
    await sendDueMail(getDb()); // not due yet
    expect(to(erin.email)).toHaveLength(0);
    await getDb()
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.id, first!.id));
    await sendDueMail(getDb());
    expect(to(erin.email).map((m) => m.mail.subject)).toEqual(['Avery Admin assigned you Refused once']);

    // Refused every time: given up after 5 attempts, the notification still in the inbox.
    refuse = 100;
    await t.api.post('/leads', { lead: { name: 'Never delivered', assigned_to_id: String(erin.userId) } });
    const [never] = await getDb()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.userId, erin.userId), eq(mailOutbox.status, 'pending')));
    for (let i = 0; i < 5; i++) {
      await getDb()
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.id, never!.id));
      await sendDueMail(getDb());
    }
    refuse = 0;
    const [given] = await getDb().select().from(mailOutbox).where(eq(mailOutbox.id, never!.id));
    expect(given).toMatchObject({ status: 'failed', attempts: 5 });
    const inboxNow = (await erin.api.get('/notifications?kind=assignment')).body.notifications.map((n: { message: string }) => n.message);
    expect(inboxNow).toContain('Avery Admin assigned you Never delivered');
  });
});

describe('the 07:00 digest', () => {
  it('lists the day’s bids due, tasks due and unread notifications, at 07:00 in the user’s zone, once', async () => {
    const g = await createTestAccount('Digest GC');
    const pat = await userOf(g, 'Pat', { timeZone: 'America/Los_Angeles' });
    const quiet = await userOf(g, 'Quinn', { timeZone: 'America/Los_Angeles' });
    // A fixed clock: 2031-03-04 at 06:30 in Los Angeles (14:30 UTC), then 07:05.
    const before = new Date('2031-03-04T14:30:00Z');
    const at = new Date('2031-03-04T15:05:00Z');
    const open = String(g.stageIds[2]);
    await g.api.post('/projects', {
      project: { name: 'Harbor Clinic', project_stage_id: open, assigned_to_id: String(pat.userId), bid_due_date: '2031-03-05' },
    });
    await g.api.post('/projects', {
      project: { name: 'Far Off Tower', project_stage_id: open, assigned_to_id: String(pat.userId), bid_due_date: '2031-04-30' },
    });
    await g.api.post('/tasks', { task: { title: 'Send addendum 2', assigned_to_id: String(pat.userId), deadline: '2031-03-04' } });
    await g.api.post('/tasks', { task: { title: 'Next week', assigned_to_id: String(pat.userId), deadline: '2031-03-11' } });
    const lead = (await g.api.post('/leads', { lead: { name: 'Talked-about lead', assigned_to_id: String(pat.userId) } })).body.lead;
    await g.api.post('/comments', { comment: { commentable_type: 'lead', commentable_id: lead.id, body: 'An update for Pat' } }); // comment: digest
    // Pat's instant assignment mails are not the digest's business.
    await sendDueMail(getDb());
    inbox.length = 0;
    // Notifications made "today" for the fixed clock.
    await getDb().execute(sql`update notifications set created_at = ${at.toISOString()}::timestamptz - interval '1 hour' where user_id = ${pat.userId}`);

    expect(await makeDigests(getDb(), before)).toBe(0);
    await makeDueNotifications(getDb(), at);
    await makeDueNotifications(getDb(), at); // made once per task or project and day
    const due = (await pat.api.get('/notifications?per_page=100')).body.notifications.filter(
      (n: { kind: string }) => n.kind === 'task_due' || n.kind === 'bid_due',
    );
    expect(due.map((n: { message: string }) => n.message).sort()).toEqual(['Bid due soon: Harbor Clinic', 'Due today: Send addendum 2']);

    const queued = await makeDigests(getDb(), at);
    expect(queued).toBeGreaterThanOrEqual(1);
    expect(await makeDigests(getDb(), at)).toBe(0); // once a day
    await sendDueMail(getDb());
    const [digest] = to(pat.email);
    expect(digest!.mail.subject).toBe('Your day in Groundwork, Tuesday, March 4: 1 bid due, 1 task due, 1 unread notification');
    const text = digest!.mail.text!;
    expect(text).toContain('Bids due\n- Harbor Clinic (Wed, Mar 5): http');
    expect(text).toContain('Tasks due today\n- Send addendum 2: http');
    expect(text).toContain('Unread notifications\n- Avery Admin commented on Talked-about lead: http');
    expect(text).not.toContain('Far Off Tower');
    expect(text).not.toContain('Next week');
    expect(text).toContain('/settings/notifications');
    // Nothing to tell: no mail.
    expect(to(quiet.email)).toEqual([]);
  });
});
