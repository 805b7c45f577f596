import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { mailOutbox } from '@/db/schema';
import { rows } from './sql';

// The mail outbox (db/schema/mail-outbox.ts): written with its cause; leased, sent and recorded by the worker.

export type NewMail = Pick<
  typeof mailOutbox.$inferInsert,
  'accountId' | 'userId' | 'notificationId' | 'toAddress' | 'subject' | 'text' | 'html' | 'unsubscribeUrl'
>;

export async function insertMail(db: Db, values: NewMail[]): Promise<void> {
  if (values.length) await db.insert(mailOutbox).values(values);
}

export interface LeasedMail {
  id: string;
  to_address: string;
  subject: string;
  text: string;
  html: string;
  unsubscribe_url: string;
  attempts: number;
}

/**
 * Up to `limit` due mails, each leased for `leaseSeconds` (its next attempt moved past the send, its
 * attempt counted) in one statement: another worker skips them, and a worker that dies mid-send
 * leaves them to be tried again when the lease runs out.
 */
export function leaseDueMail(db: Db, limit: number, leaseSeconds: number): Promise<LeasedMail[]> {
  return rows<LeasedMail>(
    db,
    sql`update ${mailOutbox} m set next_attempt_at = now() + make_interval(secs => ${leaseSeconds}), attempts = m.attempts + 1, updated_at = now()
      from (select id from ${mailOutbox} where status = 'pending' and next_attempt_at <= now() order by next_attempt_at limit ${limit} for update skip locked) due
      where m.id = due.id
      returning m.id::text as id, m.to_address, m.subject, m.text, m.html, m.unsubscribe_url, m.attempts`,
  );
}

export async function markMailSent(db: Db, id: number): Promise<void> {
  await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null, updatedAt: new Date() }).where(eq(mailOutbox.id, id));
}

/** A failed send: tried again at `retryAt`, or given up (`failed`) when null. */
export async function markMailFailed(db: Db, id: number, error: string, retryAt: Date | null): Promise<void> {
  await db
    .update(mailOutbox)
    .set({ lastError: error.slice(0, 1000), updatedAt: new Date(), ...(retryAt ? { nextAttemptAt: retryAt } : { status: 'failed' as const }) })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, 'pending')));
}
