import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json, noContent } from '@/lib/server/http/route';
import { deleteDocument, getDocument, updateDocument } from '@/lib/server/services/documents';
import { documentUpdate } from '@/lib/shared/validation/documents';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/documents/{id} — one document (on a record the caller sees)
  GET: async ({ db, ctx, params }) => json({ document: await getDocument(db, ctx, parseId(params.id, 'Document')) }),
  // PATCH /api/2023-01/documents/{id} — rename it, move it to a folder, or change its category
  PATCH: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Document');
    return json({ document: await updateDocument(db, ctx, id, await parseBody(req, 'document', documentUpdate)) });
  },
  // DELETE /api/2023-01/documents/{id} — the document and every version (their bytes after the delete commits)
  DELETE: async ({ db, ctx, params }) => {
    await deleteDocument(db, ctx, parseId(params.id, 'Document'));
    return noContent();
  },
});
