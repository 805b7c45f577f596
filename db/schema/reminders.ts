import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, oneOf, parentRef, timestamps, ts } from './columns';
import { COMMENTABLE_TYPES, type CommentableType } from './enums';

/**
 * A user's own reminder about a record (docs/collaboration.md#reminders): at `remind_at` exactly
 * one `reminder` notification is made, in the transaction that sets `notified_at` (a job queued for
 * that moment, and a sweep every minute, claim due reminders with FOR UPDATE SKIP LOCKED). Moving
 * `remind_at` arms it again. Deleting the record deletes its reminders.
 */
export const reminders = pgTable(
  'reminders',
  {
    id: id(),
    accountId: accountId(),
    /** Whose it is (only they see it). */
    userId: parentRef('user_id', () => users.id),
    remindableType: text('remindable_type').$type<CommentableType>().notNull(),
    remindableId: bigint('remindable_id', { mode: 'number' }).notNull(),
    remindAt: ts('remind_at').notNull(),
    note: text('note'),
    /** When its notification was made; null until then. */
    notifiedAt: ts('notified_at'),
    ...timestamps,
  },
  (t) => [
    // A user's reminders by time; the due ones not yet notified.
    index('reminders_user_remind_at_idx').on(t.userId, t.remindAt),
    index('reminders_due_idx')
      .on(t.remindAt)
      .where(sql`${t.notifiedAt} is null`),
    index('reminders_remindable_idx').on(t.accountId, t.remindableType, t.remindableId),
    index('reminders_account_updated_idx').on(t.accountId, t.updatedAt),
    check('reminders_remindable_type_check', oneOf(t.remindableType, COMMENTABLE_TYPES)),
  ],
);
