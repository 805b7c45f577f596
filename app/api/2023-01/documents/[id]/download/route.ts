import { Readable } from 'node:stream';
import { parseId, parseQuery } from '@/lib/server/http/request';
import { defineRoute } from '@/lib/server/http/route';
import { downloadDocument } from '@/lib/server/services/documents';
import { documentVersionQuery } from '@/lib/shared/validation/documents';

/** What the bytes may do once a browser has them: nothing (no script, no request, no type guessing). */
const SANDBOX = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
};

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = defineRoute({
  // GET /api/2023-01/documents/{id}/download[?version=N] — 302 to a signed URL (S3, 5 minutes), or the bytes (local)
  GET: async ({ db, ctx, params, url }) => {
    const id = parseId(params.id, 'Document');
    const download = await downloadDocument(db, ctx, id, parseQuery(url, documentVersionQuery).version);
    if ('redirect' in download) return new Response(null, { status: 302, headers: { Location: download.redirect, ...SANDBOX } });
    return new Response(Readable.toWeb(download.body) as ReadableStream, {
      headers: { 'Content-Type': download.contentType, 'Content-Disposition': download.disposition, 'Content-Length': String(download.size), ...SANDBOX },
    });
  },
});
