import { bigint, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { comments } from './comments';
import { id, oneOf, parentRef, ref, timestamps, ts } from './columns';
import { COMMENTABLE_TYPES, NOTIFICATION_KINDS, type CommentableType, type NotificationKind } from './enums';

/**
 * Something a user should know (docs/collaboration.md): made in the same transaction as its cause,
 * for its recipient alone, never for their own action. The record it is about is named by type and
 * id, as a comment's is.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    accountId: accountId(),
    /** Whose it is. */
    userId: parentRef('user_id', () => users.id),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** Who caused it; null for the system (a reminder, a due date). */
    actorId: ref('actor_id', () => users.id),
    subjectType: text('subject_type').$type<CommentableType>().notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    /** The comment it is about, if any (its mention); deleting the comment clears it. */
    commentId: ref('comment_id', () => comments.id),
    /** What it says beyond its record: a reminder's note. */
    detail: text('detail'),
    /**
     * Made once per cause: `reminder:<id>`, `task_due:<task>:<day>`, `bid_due:<project>:<day>` —
     * a second worker's (or a second run's) insert of the same one does nothing.
     */
    dedupeKey: text('dedupe_key'),
    readAt: ts('read_at'),
    ...timestamps,
  },
  (t) => [
    // The inbox: a user's, unread first, newest first; the unread count.
    index('notifications_user_read_idx').on(t.userId, t.readAt, t.createdAt),
    index('notifications_account_updated_idx').on(t.accountId, t.updatedAt),
    index('notifications_actor_id_idx').on(t.actorId),
    index('notifications_comment_id_idx').on(t.commentId),
    uniqueIndex('notifications_user_dedupe_key').on(t.userId, t.dedupeKey),
    check('notifications_kind_check', oneOf(t.kind, NOTIFICATION_KINDS)),
    check('notifications_subject_type_check', oneOf(t.subjectType, COMMENTABLE_TYPES)),
  ],
);
