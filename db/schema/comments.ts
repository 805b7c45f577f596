import { bigint, check, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { accountId, users } from './accounts';
import { id, oneOf, parentRef, ref, timestamps, ts } from './columns';
import { COMMENTABLE_TYPES, type CommentableType } from './enums';

/**
 * A comment on a lead, project, company, contact or task (docs/collaboration.md): plain text with
 * light Markdown, `@[Name](user:ID)` mentions. The record it is on is named by type and id (no
 * foreign key: one table for five); deleting the record deletes its comments in the same
 * transaction (lib/server/services/records.ts).
 */
export const comments = pgTable(
  'comments',
  {
    id: id(),
    accountId: accountId(),
    commentableType: text('commentable_type').$type<CommentableType>().notNull(),
    commentableId: bigint('commentable_id', { mode: 'number' }).notNull(),
    body: text('body').notNull(),
    /** Who wrote it; kept null if the user is ever removed. */
    authorId: ref('author_id', () => users.id),
    /** Set when its author edits it. */
    editedAt: ts('edited_at'),
    ...timestamps,
  },
  (t) => [
    // A record's thread, newest first.
    index('comments_commentable_idx').on(t.accountId, t.commentableType, t.commentableId, t.createdAt),
    index('comments_account_updated_idx').on(t.accountId, t.updatedAt),
    index('comments_author_id_idx').on(t.authorId),
    check('comments_commentable_type_check', oneOf(t.commentableType, COMMENTABLE_TYPES)),
  ],
);

/** The users a comment mentions (from its body, rewritten with it). */
export const commentMentions = pgTable(
  'comment_mentions',
  {
    commentId: parentRef('comment_id', () => comments.id),
    userId: parentRef('user_id', () => users.id),
    /** Its order of first mention in the body. */
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.commentId, t.userId] }), index('comment_mentions_user_id_idx').on(t.userId)],
);
