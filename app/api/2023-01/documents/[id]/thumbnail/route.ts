import { downloadResponse } from '@/lib/server/http/download';
import { parseId, parseQuery } from '@/lib/server/http/request';
import { defineRoute } from '@/lib/server/http/route';
import { documentThumbnail } from '@/lib/server/services/documents';
import { documentVersionQuery } from '@/lib/shared/validation/documents';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/documents/{id}/thumbnail[?version=N] — a small WebP of an image or a PDF's first page
  GET: async ({ db, ctx, params, url }) => {
    const query = parseQuery(url, documentVersionQuery);
    // A URL naming its version never changes what it answers; the browser keeps it (for this user) an hour.
    return downloadResponse(
      await documentThumbnail(db, ctx, parseId(params.id, 'Document'), query.version),
      query.version ? 'private, max-age=3600' : 'private, no-cache',
    );
  },
});
