import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { errorResponse } from '@/lib/server/http/errors';
import { definePublicRoute } from '@/lib/server/http/route';
import { getDb } from '@/lib/server/db';
import { receiveUpload } from '@/lib/server/services/document-uploads';
import { notFound } from '@/lib/server/services/errors';

// PUT /api/uploads/{id}?token=… — an upload's bytes, with the local storage driver: the app's own
// stand-in for a presigned S3 URL (docs/documents.md#large-files). The token in the URL is the
// credential; the body streams to the store (proxy.ts leaves this path alone, so nothing buffers it).
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = definePublicRoute({
  PUT: async (req) => {
    const url = new URL(req.url);
    const id = /^\/api\/uploads\/([1-9][0-9]{0,15})$/.exec(url.pathname)?.[1];
    try {
      if (!id) throw notFound('Upload');
      const length = req.headers.get('content-length');
      await receiveUpload(
        getDb(),
        Number(id),
        url.searchParams.get('token') ?? '',
        req.body && Readable.fromWeb(req.body as WebReadableStream),
        length === null ? null : Number(length),
      );
      return new Response(null, { status: 200 });
    } catch (err) {
      return errorResponse(err, crypto.randomUUID());
    }
  },
});
