import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteComment, getComment, updateComment } from '@/lib/server/services/comments';
import { commentUpdate } from '@/lib/shared/validation/comments';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/comments/{id} — one comment (on a record the caller sees)
  GET: async ({ db, ctx, params }) => json({ comment: await getComment(db, ctx, parseId(params.id, 'Comment')) }),
  // PATCH /api/2023-01/comments/{id} — its author edits the body
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Comment');
    return json({ comment: await updateComment(db, ctx, id, await parseBody(req, 'comment', commentUpdate)) });
  },
  // DELETE /api/2023-01/comments/{id} — its author, or an admin of the account
  DELETE: async ({ db, ctx, params }) => {
    await deleteComment(db, ctx, parseId(params.id, 'Comment'));
    return noContent();
  },
});
