import { parseBody } from '@/lib/server/http/request';
import { defineRoute, json } from '@/lib/server/http/route';
import { createDocumentUpload } from '@/lib/server/services/document-uploads';
import { documentUploadCreate } from '@/lib/shared/validation/documents';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // POST /api/2023-01/document_uploads — where to send a file's bytes (the first of three steps)
  POST: async ({ db, ctx, req }) =>
    json({ document_upload: await createDocumentUpload(db, ctx, await parseBody(req, 'document_upload', documentUploadCreate)) }, 201),
});
