import { z } from 'zod';
import { COMMENTABLE_TYPES } from '@/db/schema/enums';
import { paginationQuery, queryId, recordResponse, relationId, responseTimestamp, userReference } from './common';

// Comments on a lead, project, company, contact or task (docs/collaboration.md): plain text with
// light Markdown (bold, italics, links, lists) and mentions written `@[Display name](user:USER_ID)`.

/** The most a comment's body holds, after trimming. */
export const COMMENT_BODY_MAX = 10_000;

/** A mention in a body: `@[Dana Ortiz](user:12)` — its id is group 2. */
export const MENTION = /@\[([^\]\n]{1,255})\]\(user:([0-9]{1,16})\)/g;

/** The user ids a body mentions, each once, in order of first mention. */
export function mentionedIds(body: string): string[] {
  return [...new Set([...body.matchAll(MENTION)].map((m) => String(Number(m[2]))))];
}

const body = z
  .string()
  .trim()
  .min(1, "can't be blank")
  .max(COMMENT_BODY_MAX, `must be at most ${COMMENT_BODY_MAX.toLocaleString('en-US')} characters`)
  .meta({
    description:
      'Plain text with light Markdown (bold, italics, links, lists), 1 to 10,000 characters after trimming. A mention is written `@[Display name](user:USER_ID)`; it must name a user of the account.',
  });

/** POST /comments under `comment`. */
export const commentCreate = z
  .object({
    commentable_type: z.enum(COMMENTABLE_TYPES).meta({ description: 'What the comment is on: lead, project, company, contact or task.' }),
    commentable_id: relationId.meta({ description: 'The id of that record.' }),
    body,
  })
  .meta({ id: 'CommentCreate' });
export type CommentCreate = z.output<typeof commentCreate>;

/** PATCH /comments/{id} under `comment`: its author changes the body (without one, nothing changes). */
export const commentUpdate = z.object({ body }).partial().meta({ id: 'CommentUpdate' });
export type CommentUpdate = z.output<typeof commentUpdate>;

export const commentListQuery = paginationQuery.extend({
  commentable_type: z.enum(COMMENTABLE_TYPES).meta({ description: 'Required, with `commentable_id`: the record whose comments to list.' }),
  commentable_id: queryId.meta({ description: 'Required, with `commentable_type`: the id of that record.' }),
});
export type CommentListQuery = z.output<typeof commentListQuery>;

export const commentResponse = recordResponse('Comment', {
  commentable_type: z.enum(COMMENTABLE_TYPES),
  commentable_id: z.string(),
  body: z.string(),
  author: userReference.nullable(),
  mentions: z.array(userReference).meta({ description: 'The users the body mentions, in order of first mention.' }),
  edited_at: responseTimestamp.nullable().meta({ description: 'When its author last edited it; null until then.' }),
});
export type CommentResponse = z.output<typeof commentResponse>;
