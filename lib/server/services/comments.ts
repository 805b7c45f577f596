import type { Db } from '@/db';
import { findComment, listComments as queryComments, setMentions, usersOfAccount, type CommentRow } from '@/db/queries/comments';
import { deleteRow, insertRow, updateRow } from '@/db/queries/tenant';
import { comments } from '@/db/schema';
import type { CommentableType } from '@/db/schema/enums';
import { serializeComment } from '@/lib/server/serializers/comments';
import { mentionedIds, type CommentCreate, type CommentListQuery, type CommentResponse, type CommentUpdate } from '@/lib/shared/validation/comments';
import { recordEvent, resourcePath } from './common';
import type { CallerContext } from './context';
import { forbidden, notFound, validationFailed } from './errors';
import { notify, notifyCommentFollowers } from './notify';
import { pageWindow, toPage, type Page } from './paging';
import { lockForWrite } from './preconditions';
import { assertSees, sees } from './visibility';

// Comments on a lead, project, company, contact or task (docs/collaboration.md). Whoever sees the
// record reads and writes its comments; a record the caller does not see — no access to its area,
// or a project (or a project's task) outside a team-only user's teams — is a 404, for its comments
// too. Its author edits a comment; its author or an admin deletes it. Mentions are users of the
// account, kept in order with the comment.

/** The body's mentions as user ids, every one a user of the account (a 422 on `body` naming the others). */
async function mentionsIn(db: Db, ctx: CallerContext, body: string): Promise<number[]> {
  const ids = mentionedIds(body).map(Number);
  const known = await usersOfAccount(db, ctx.accountId, ids.filter(Number.isSafeInteger));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) {
    const named = unknown.map((id) => `user:${id}`).join(', ');
    throw validationFailed({ body: [`mentions ${named}, which is no user of this account`] }, `body mentions ${named}, which is no user of this account`);
  }
  return ids;
}

/** A comment the caller sees (its record too); its row locked with `lock`. */
async function visibleComment(db: Db, ctx: CallerContext, id: number, lock = false): Promise<CommentRow> {
  const row = await findComment(db, ctx.accountId, id, lock);
  if (!row || !(await sees(db, ctx, row.comment.commentableType, Number(row.comment.commentableId)))) throw notFound('Comment');
  return row;
}

/** A `mention` notification for each newly mentioned user who sees the record — never the writer — in the comment's transaction. */
const notifyMentioned = (db: Db, ctx: CallerContext, type: CommentableType, recordId: number, commentId: number, userIds: number[]) =>
  notify(db, ctx, { kind: 'mention', subjectType: type, subjectId: recordId, commentId }, userIds);

const event = (db: Db, ctx: CallerContext, action: 'create' | 'update' | 'delete', id: number, changed?: Record<string, unknown>) =>
  recordEvent(db, ctx, { resource: 'comment', action, id, path: resourcePath('comment', id), ...(changed && { changed }) });

export async function listComments(db: Db, ctx: CallerContext, query: CommentListQuery): Promise<Page<CommentResponse>> {
  await assertSees(db, ctx, query.commentable_type, query.commentable_id);
  return toPage(query, await queryComments(db, ctx.accountId, query, pageWindow(query)), serializeComment);
}

export async function getComment(db: Db, ctx: CallerContext, id: number): Promise<CommentResponse> {
  return serializeComment(await visibleComment(db, ctx, id));
}

export function createComment(db: Db, ctx: CallerContext, input: CommentCreate): Promise<CommentResponse> {
  return db.transaction(async (tx) => {
    await assertSees(tx, ctx, input.commentable_type, input.commentable_id);
    const mentioned = await mentionsIn(tx, ctx, input.body);
    const id = await insertRow(tx, comments, {
      accountId: ctx.accountId,
      commentableType: input.commentable_type,
      commentableId: input.commentable_id,
      body: input.body,
      authorId: ctx.userId,
    });
    await setMentions(tx, id, mentioned);
    await notifyMentioned(tx, ctx, input.commentable_type, input.commentable_id, id, mentioned);
    // The record's assignee and the thread's earlier writers hear of it (the mentioned already have).
    await notifyCommentFollowers(tx, ctx, input.commentable_type, input.commentable_id, id, mentioned);
    await event(tx, ctx, 'create', id);
    return getComment(tx, ctx, id);
  });
}

const commentTarget = (tx: Db, ctx: CallerContext, id: number) => ({
  key: 'comment',
  label: 'Comment',
  lock: () =>
    findComment(tx, ctx.accountId, id, true).then(async (row) =>
      row && (await sees(tx, ctx, row.comment.commentableType, Number(row.comment.commentableId))) ? row : undefined,
    ),
  answer: serializeComment,
});

export function updateComment(db: Db, ctx: CallerContext, id: number, input: CommentUpdate): Promise<CommentResponse> {
  return db.transaction(async (tx) => {
    const current = await lockForWrite(ctx.ifMatch, commentTarget(tx, ctx, id));
    if (current.comment.authorId !== ctx.userId) throw forbidden('Only its author can edit a comment.');
    if (input.body === undefined || input.body === current.comment.body) return getComment(tx, ctx, id);
    const mentioned = await mentionsIn(tx, ctx, input.body);
    const now = new Date();
    await updateRow(tx, comments, ctx.accountId, id, { body: input.body, editedAt: now, updatedAt: now });
    await setMentions(tx, id, mentioned);
    // Only those the edit mentions anew hear of it.
    const before = new Set(current.mentions.map((m) => Number(m.id)));
    const { commentableType, commentableId } = current.comment;
    await notifyMentioned(
      tx,
      ctx,
      commentableType,
      Number(commentableId),
      id,
      mentioned.filter((u) => !before.has(u)),
    );
    await event(tx, ctx, 'update', id, { body: true, editedAt: true });
    return getComment(tx, ctx, id);
  });
}

export function deleteComment(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return db.transaction(async (tx) => {
    const current = await lockForWrite(ctx.ifMatch, commentTarget(tx, ctx, id));
    if (current.comment.authorId !== ctx.userId && ctx.role !== 'admin') throw forbidden('Only its author, or an admin of the account, can delete a comment.');
    await deleteRow(tx, comments, ctx.accountId, id);
    await event(tx, ctx, 'delete', id);
  });
}
