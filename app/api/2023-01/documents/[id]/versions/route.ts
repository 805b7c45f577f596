import { isJson, readDocumentUpload } from '@/lib/server/http/document-upload';
import { parseBody, parseId } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { addDocumentVersion, listDocumentVersions, singleRequestMax, uploadTooLarge } from '@/lib/server/services/documents';
import { documentVersionFromUpload } from '@/lib/shared/validation/documents';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/documents/{id}/versions — every file the document has held, newest first
  GET: async ({ db, ctx, params }) => json({ document_versions: await listDocumentVersions(db, ctx, parseId(params.id, 'Document')) }),
  // POST /api/2023-01/documents/{id}/versions — a new file (multipart/form-data, or JSON naming an upload), the document's next version
  POST: async ({ params, db, ctx, req }) => {
    const id = parseId(params.id, 'Document');
    const file = isJson(req)
      ? { uploadId: (await parseBody(req, 'document', documentVersionFromUpload)).upload_id }
      : await readDocumentUpload(req, singleRequestMax(), uploadTooLarge);
    return json({ document: await addDocumentVersion(db, ctx, id, file) }, 201);
  },
});
