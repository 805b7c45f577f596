import type { CommentRow, MentionedUser } from '@/db/queries/comments';
import type { CommentResponse } from '@/lib/shared/validation/comments';
import { base, iso, personRef } from './common';

const mentionRef = (u: MentionedUser) => personRef({ ...u, createdAt: new Date(u.createdAt), updatedAt: new Date(u.updatedAt) })!;

/** The one Comment shape (`Comment` in the OpenAPI document): its mentions in order of first mention. */
export function serializeComment(row: CommentRow): CommentResponse {
  const { comment } = row;
  return {
    ...base(comment),
    commentable_type: comment.commentableType,
    commentable_id: String(comment.commentableId),
    body: comment.body,
    author: row.author ? personRef(row.author) : null,
    mentions: row.mentions.map(mentionRef),
    edited_at: comment.editedAt ? iso(comment.editedAt) : null,
  };
}
