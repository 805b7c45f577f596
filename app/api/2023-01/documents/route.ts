import { isJson, readDocumentForm } from '@/lib/server/http/document-upload';
import { listOrExport } from '@/lib/server/http/export';
import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { createDocument, listDocuments, singleRequestMax, uploadTooLarge } from '@/lib/server/services/documents';
import { documentCreate, documentCreateFromUpload, documentListQuery, documentResponse } from '@/lib/shared/validation/documents';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/documents?attachable_type=&attachable_id= — a record's documents, newest first
  GET: async (call) => listOrExport(call, 'documents', documentListQuery, listDocuments, documentResponse),
  // POST /api/2023-01/documents — a file on a project, lead, company or contact: multipart/form-data
  // (up to 25 MB), or JSON naming an upload sent in three steps (any size)
  POST: async ({ db, ctx, req }) => {
    if (isJson(req)) {
      const input = await parseBody(req, 'document', documentCreateFromUpload);
      return json({ document: await createDocument(db, ctx, input, { uploadId: input.upload_id }) }, 201);
    }
    const form = await readDocumentForm(req, singleRequestMax(), uploadTooLarge, documentCreate);
    return json({ document: await createDocument(db, ctx, form.input, form) }, 201);
  },
});
