import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { createComment, listComments } from '@/lib/server/services/comments';
import { commentCreate, commentListQuery, commentResponse } from '@/lib/shared/validation/comments';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/comments?commentable_type=&commentable_id= — a record's comments, newest first
  GET: async (call) => listOrExport(call, 'comments', commentListQuery, listComments, commentResponse),
  // POST /api/2023-01/comments — comment on a lead, project, company, contact or task (mentions included)
  POST: async ({ db, ctx, req }) => json({ comment: await createComment(db, ctx, await parseBody(req, 'comment', commentCreate)) }, 201),
});
