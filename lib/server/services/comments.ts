import type { Db } from '@/db';
import { findComment, listComments as queryComments, setMentions, usersOfAccount, type CommentRow } from '@/db/queries/comments';
import { comments } from '@/db/schema';
import type { CommentableType } from '@/db/schema/enums';
import { serializeComment } from '@/lib/server/serializers/comments';
import { mentionedIds, type CommentCreate, type CommentListQuery, type CommentResponse, type CommentUpdate } from '@/lib/shared/validation/comments';
import type { CallerContext } from './context';
import { forbidden, validationFailed } from './errors';
import { notify, notifyCommentFollowers } from './notify';
import { pageWindow, toPage, type Page } from './paging';
import { createRecord, deleteRecord, getRecord, updateRecord, type RecordKind } from './records';
import { assertSees, seenOn } from './visibility';

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

/**
 * Comments as the write skeleton reads and writes them: only those whose record the caller sees
 * (a 404 otherwise, for a delete too). `mayChange`: who may change the one they see.
 */
function commentKind(ctx: CallerContext, mayChange?: (row: CommentRow) => void): RecordKind<CommentRow, CommentResponse> {
  return {
    resource: 'comment',
    table: comments,
    read: seenOn(ctx, findComment, ({ comment }) => ({ type: comment.commentableType, id: Number(comment.commentableId) })),
    columns: (row) => row.comment,
    serialize: serializeComment,
    narrowed: true,
    ...(mayChange && { mayChange: (_ctx, row) => mayChange(row) }),
  };
}

/** A `mention` notification for each newly mentioned user who sees the record — never the writer — in the comment's transaction. */
const notifyMentioned = (db: Db, ctx: CallerContext, type: CommentableType, recordId: number, commentId: number, userIds: number[]) =>
  notify(db, ctx, { kind: 'mention', subjectType: type, subjectId: recordId, commentId }, userIds);

export async function listComments(db: Db, ctx: CallerContext, query: CommentListQuery): Promise<Page<CommentResponse>> {
  await assertSees(db, ctx, query.commentable_type, query.commentable_id);
  return toPage(query, await queryComments(db, ctx.accountId, query, pageWindow(query)), serializeComment);
}

export function getComment(db: Db, ctx: CallerContext, id: number): Promise<CommentResponse> {
  return getRecord(db, ctx, commentKind(ctx), id);
}

export function createComment(db: Db, ctx: CallerContext, input: CommentCreate): Promise<CommentResponse> {
  let mentioned: number[] = [];
  const { commentable_type: type, commentable_id: recordId } = input;
  return createRecord(
    db,
    ctx,
    commentKind(ctx),
    input,
    async (tx) => {
      await assertSees(tx, ctx, type, recordId);
      mentioned = await mentionsIn(tx, ctx, input.body);
      return { commentableType: type, commentableId: recordId, body: input.body, authorId: ctx.userId };
    },
    async (tx, id) => {
      await setMentions(tx, id, mentioned);
      await notifyMentioned(tx, ctx, type, recordId, id, mentioned);
      // The record's assignee and the thread's earlier writers hear of it (the mentioned already have).
      await notifyCommentFollowers(tx, ctx, type, recordId, id, mentioned);
    },
  );
}

/** Its author edits a comment: a new body is `edited_at` now, and only those it mentions anew hear of it. */
export function updateComment(db: Db, ctx: CallerContext, id: number, input: CommentUpdate): Promise<CommentResponse> {
  const authorOnly = (row: CommentRow) => {
    if (row.comment.authorId !== ctx.userId) throw forbidden('Only its author can edit a comment.');
  };
  return updateRecord(db, ctx, commentKind(ctx, authorOnly), id, input, {
    columns: () => (input.body === undefined ? {} : { body: input.body }),
    changed: (changes) => {
      changes.editedAt = new Date();
    },
    // Its mentions follow its body.
    related: async (current, tx) => {
      if (input.body === undefined || input.body === current.comment.body) return null;
      const mentioned = await mentionsIn(tx, ctx, input.body);
      await setMentions(tx, id, mentioned);
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
      return null;
    },
  });
}

/** Its author or an admin deletes a comment. */
export function deleteComment(db: Db, ctx: CallerContext, id: number): Promise<void> {
  return deleteRecord(
    db,
    ctx,
    commentKind(ctx, (row) => {
      if (row.comment.authorId !== ctx.userId && ctx.role !== 'admin') throw forbidden('Only its author, or an admin of the account, can delete a comment.');
    }),
    id,
  );
}
