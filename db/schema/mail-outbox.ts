import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, oneOf, parentRef, ref, timestamps, ts } from './columns';
import { MAIL_STATUSES, type MailStatus } from './enums';
import { notifications } from './notifications';

/**
 * Mail to send (docs/collaboration.md#email): written, composed, in the transaction of its cause (a
 * notification someone hears of at once, a morning's digest); sent by the worker, which leases a
 * batch (`next_attempt_at` moved past the send), sends outside any transaction and records the
 * result. A failed send is retried with backoff; the notification itself is never lost with it.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    accountId: accountId(),
    userId: parentRef('user_id', () => users.id),
    /** The notification it tells of (an instant mail); null for a digest. */
    notificationId: ref('notification_id', () => notifications.id),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    /** Where the recipient changes what they receive (List-Unsubscribe). */
    unsubscribeUrl: text('unsubscribe_url').notNull(),
    status: text('status').$type<MailStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: ts('sent_at'),
    ...timestamps,
  },
  (t) => [
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index('mail_outbox_user_idx').on(t.userId, t.createdAt),
    index('mail_outbox_notification_id_idx').on(t.notificationId),
    index('mail_outbox_account_updated_idx').on(t.accountId, t.updatedAt),
    check('mail_outbox_status_check', oneOf(t.status, MAIL_STATUSES)),
  ],
);
