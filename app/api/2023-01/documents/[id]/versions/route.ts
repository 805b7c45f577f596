import { readDocumentUpload } from '@/lib/server/http/document-upload';
import { parseId } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { addDocumentVersion, listDocumentVersions, singleRequestMax, uploadTooLarge } from '@/lib/server/services/documents';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/documents/{id}/versions — every file the document has held, newest first
  GET: async ({ db, ctx, params }) => json({ document_versions: await listDocumentVersions(db, ctx, parseId(params.id, 'Document')) }),
  // POST /api/2023-01/documents/{id}/versions — a new file (multipart/form-data), the document's next version
  POST: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Document');
    return json({ document: await addDocumentVersion(db, ctx, id, await readDocumentUpload(req, singleRequestMax(), uploadTooLarge)) }, 201);
  },
});
