import { downloadResponse } from '@/lib/server/http/download';
import { parseId, parseQuery } from '@/lib/server/http/request';
import { defineRoute } from '@/lib/server/http/route';
import { downloadDocument } from '@/lib/server/services/documents';
import { documentVersionQuery } from '@/lib/shared/validation/documents';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/documents/{id}/download[?version=N] — 302 to a signed URL (S3, 5 minutes), or the bytes (local)
  GET: async ({ db, ctx, params, url }) =>
    downloadResponse(await downloadDocument(db, ctx, parseId(params.id, 'Document'), parseQuery(url, documentVersionQuery).version)),
});
