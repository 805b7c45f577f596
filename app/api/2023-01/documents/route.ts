import { readDocumentForm } from '@/lib/server/http/document-upload';
import { listOrExport } from '@/lib/server/http/export';
import { defineRoute, json } from '@/lib/server/http/route';
import { createDocument, listDocuments, singleRequestMax, uploadTooLarge } from '@/lib/server/services/documents';
import { documentCreate, documentListQuery, documentResponse } from '@/lib/shared/validation/documents';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/documents?attachable_type=&attachable_id= — a record's documents, newest first
  GET: async (call) => listOrExport(call, 'documents', documentListQuery, listDocuments, documentResponse),
  // POST /api/2023-01/documents — upload a file to a project, lead, company or contact (multipart/form-data, up to 25 MB)
  POST: async ({ db, ctx, req }) =>
    json({ document: await createDocument(db, ctx, await readDocumentForm(req, singleRequestMax(), uploadTooLarge, documentCreate)) }, 201),
});
