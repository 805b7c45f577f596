import 'server-only';
import type { Db } from '@/db';
import { channelOf, claimDigest, digestRecords, insertDueNotifications, unreadOf, usersDueADigest, type DigestBid } from '@/db/queries/digests';
import { notificationsByIds } from '@/db/queries/notifications';
import { NOTIFICATION_KINDS } from '@/db/schema/enums';
import { serializeNotification } from '@/lib/server/serializers/notifications';
import { digestMail } from './compose';
import { mailInstantly, publicBaseUrl, queueMail } from './outbox';

// The day's due notifications and the 07:00 digest (docs/collaboration.md#email), both run by the
// worker's schedule and made once whichever worker runs them: a due notification by its dedupe key,
// a digest by the user's `digest_sent_on` (claimed with the row's lock, in the transaction that
// queues the mail). No mail when there is nothing to tell.

/** Makes the day's `task_due` and `bid_due` notifications (once per task or project and day), mailing those asked for at once. */
export async function makeDueNotifications(db: Db, now = new Date()): Promise<number> {
  return db.transaction(async (tx) => {
    const ids = await insertDueNotifications(tx, now);
    await mailInstantly(tx, ids, publicBaseUrl());
    return ids.length;
  });
}

const BATCH = 100;
const LISTED = 10;
/** A digest lists the unread notifications of the last week. */
const UNREAD_DAYS = 7;

function bidDue(b: DigestBid, zone: string): string {
  if (b.bid_due_at && b.timed)
    return new Intl.DateTimeFormat('en-US', { timeZone: zone, weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(
      new Date(b.bid_due_at),
    );
  const day = b.bid_due_date ?? b.bid_due_at?.slice(0, 10);
  return day
    ? new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', month: 'short', day: 'numeric' }).format(new Date(`${day}T00:00:00Z`))
    : 'soon';
}

/** Makes the digest of every user it is 07:00 or later for and who has none of today yet. How many mails were queued. */
export async function makeDigests(db: Db, now = new Date()): Promise<number> {
  const base = publicBaseUrl();
  let queued = 0;
  for (;;) {
    const due = await usersDueADigest(db, now, BATCH);
    for (const u of due) {
      const made = await db.transaction(async (tx) => {
        if (!(await claimDigest(tx, Number(u.id), u.day))) return false;
        const wants = (kind: (typeof NOTIFICATION_KINDS)[number]) => channelOf(u.settings, kind) === 'daily_digest';
        const records = await digestRecords(tx, Number(u.id), now);
        const kinds = NOTIFICATION_KINDS.filter((k) => wants(k) && k !== 'task_due' && k !== 'bid_due');
        const unread = await unreadOf(tx, Number(u.id), kinds, new Date(now.getTime() - UNREAD_DAYS * 86_400_000), LISTED);
        const listed = (await notificationsByIds(tx, unread.ids)).map((row) => serializeNotification(row, base));
        const mail = digestMail(
          {
            day: new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(new Date(`${u.day}T00:00:00Z`)),
            bids: wants('bid_due') ? records.bids.map((b) => ({ name: b.name, due: bidDue(b, u.time_zone), url: `${base}/projects/${b.id}` })) : [],
            tasks: wants('task_due') ? records.tasks.map((t) => ({ title: t.title, project: t.project, url: `${base}/tasks?task=${t.id}` })) : [],
            notifications: listed.map((n) => ({ message: n.message, url: n.url })),
            moreNotifications: unread.total - listed.length,
          },
          `${base}/settings/notifications`,
        );
        if (!mail) return false;
        await queueMail(tx, { accountId: Number(u.account_id), userId: Number(u.id), to: u.email, baseUrl: base, mail });
        return true;
      });
      if (made) queued++;
    }
    if (due.length < BATCH) return queued;
  }
}
