import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/db';
import { commentMentions, comments, users } from '@/db/schema';
import type { CommentableType } from '@/db/schema/enums';
import { personRefColumns } from './refs';
import { idsOfAccount, listOfAccount, readsById } from './tenant';
import type { PageWindow } from './sql';

// Comments (docs/collaboration.md): a page of a record's thread with each author joined and its
// mentions aggregated in the same statement — the page and its count, whatever the page's size.

/** A mentioned user as the page's statement gives it (JSON: timestamps as text). */
export interface MentionedUser {
  id: number;
  createdAt: string;
  updatedAt: string;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
}

const mentioned = sql<MentionedUser[]>`coalesce((
  select json_agg(json_build_object('id', u.id, 'createdAt', u.created_at, 'updatedAt', u.updated_at, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email) order by m.position)
  from ${commentMentions} m join ${users} u on u.id = m.user_id
  where m.comment_id = ${comments.id}), '[]'::json)`;

function selectComments(db: Db) {
  return db
    .select({ comment: comments, author: personRefColumns(users), mentions: mentioned })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId));
}
export type CommentRow = Awaited<ReturnType<ReturnType<typeof selectComments>['execute']>>[number];

export interface CommentFilters {
  commentable_type: CommentableType;
  commentable_id: number;
  updated_since?: Date;
}

/** A record's comments, newest first. */
export function listComments(db: Db, accountId: number, f: CommentFilters, page: PageWindow) {
  const on = [eq(comments.commentableType, f.commentable_type), eq(comments.commentableId, f.commentable_id)];
  return listOfAccount(db, selectComments(db).$dynamic(), comments, accountId, f, on, [desc(comments.createdAt), desc(comments.id)], page);
}

export const { find: findComment, byIds: commentsByIds } = readsById(selectComments, comments);

/** Of `ids`, the users of the account (the others are no one a comment may mention). */
export async function usersOfAccount(db: Db, accountId: number, ids: number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(idsOfAccount(users, accountId, ids));
  return new Set(found.map((u) => Number(u.id)));
}

/** Replaces a comment's mentions with `userIds`, in that order. */
export async function setMentions(db: Db, commentId: number, userIds: number[]): Promise<void> {
  await db.delete(commentMentions).where(eq(commentMentions.commentId, commentId));
  if (userIds.length) await db.insert(commentMentions).values(userIds.map((userId, position) => ({ commentId, userId, position })));
}

/** Deletes the comments on a record (the record is being deleted): their ids, for their events. */
export async function deleteCommentsOn(db: Db, accountId: number, type: CommentableType, id: number): Promise<number[]> {
  const gone = await db
    .delete(comments)
    .where(and(eq(comments.accountId, accountId), eq(comments.commentableType, type), eq(comments.commentableId, id)))
    .returning({ id: comments.id });
  return gone.map((c) => Number(c.id));
}
