import 'server-only';
import type { Db } from '@/db';
import { insertMail, leaseDueMail, markMailFailed, markMailSent } from '@/db/queries/mail-outbox';
import { instantlyMailed } from '@/db/queries/notifications';
import { env } from '@/lib/server/env';
import { enqueueJob } from '@/db/queries/job-queue';
import { serializeNotification } from '@/lib/server/serializers/notifications';
import { notificationMail, type ComposedMail } from './compose';
import { deliverMail } from './transport';

// Notification mail (docs/collaboration.md#email): queued in the transaction of its cause, sent by
// the worker — a job queued with it (graphile-worker), a sweep every minute, the embedded loop every
// few seconds — and retried with backoff when the server refuses it or cannot be reached.

/** After a failed attempt n (1-based), how long until the next: a minute, 5, 30, 2 hours; then it is given up. */
export const RETRY_SECONDS = [60, 300, 1800, 7200] as const;
const LEASE_SECONDS = 120;
const BATCH = 20;

/** The origin of links in mail made without a request (a reminder, a digest): PUBLIC_BASE_URL, or the local app. */
export const publicBaseUrl = () => env.PUBLIC_BASE_URL?.replace(/\/$/, '') ?? 'http://localhost:3000';

/** The settings page of the dashboard, where a recipient changes what they receive. */
export const settingsUrl = (baseUrl: string) => `${baseUrl}/settings/notifications`;

/** Queues the mail of the notifications just made whose recipients hear of them at once. */
export async function mailInstantly(db: Db, notificationIds: number[], baseUrl: string): Promise<void> {
  const mailed = await instantlyMailed(db, notificationIds);
  if (mailed.length === 0) return;
  await insertMail(
    db,
    mailed.map(({ row, to }) => {
      const n = serializeNotification(row, baseUrl);
      return {
        accountId: row.notification.accountId,
        userId: row.notification.userId,
        notificationId: row.notification.id,
        toAddress: to,
        unsubscribeUrl: settingsUrl(baseUrl),
        ...notificationMail({ message: n.message, excerpt: n.comment?.excerpt ?? null, url: n.url }, settingsUrl(baseUrl)),
      };
    }),
  );
  await wakeSender(db);
}

/** Queues one composed mail (a digest). */
export async function queueMail(db: Db, m: { accountId: number; userId: number; to: string; baseUrl: string; mail: ComposedMail }): Promise<void> {
  await insertMail(db, [
    { accountId: m.accountId, userId: m.userId, notificationId: null, toAddress: m.to, unsubscribeUrl: settingsUrl(m.baseUrl), ...m.mail },
  ]);
  await wakeSender(db);
}

/** A send job now, committed with the mail (one waiting job at a time: it sends all that are due). */
const wakeSender = (db: Db) => enqueueJob(db, 'send_mail', {}, { jobKey: 'send_mail' });

/** Sends every due mail, a leased batch at a time: sent, or retried later, or given up. How many were tried. */
export async function sendDueMail(db: Db, keepGoing: () => boolean = () => true): Promise<number> {
  let tried = 0;
  while (keepGoing()) {
    const batch = await leaseDueMail(db, BATCH, LEASE_SECONDS);
    for (const m of batch) {
      try {
        await deliverMail({ to: m.to_address, subject: m.subject, text: m.text, html: m.html, unsubscribeUrl: m.unsubscribe_url });
        await markMailSent(db, Number(m.id));
      } catch (error) {
        const wait = RETRY_SECONDS[m.attempts - 1];
        await markMailFailed(
          db,
          Number(m.id),
          error instanceof Error ? error.message : String(error),
          wait === undefined ? null : new Date(Date.now() + wait * 1000),
        );
      }
    }
    tried += batch.length;
    if (batch.length < BATCH) break;
  }
  return tried;
}
