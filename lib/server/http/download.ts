import { Readable } from 'node:stream';
import type { Download } from '@/lib/server/services/documents';

// A stored file's answer: a redirect to a signed URL (S3) or its bytes (local), either way with
// headers that keep a browser from running it or guessing another type (docs/documents.md#downloads).

/** What the bytes may do once a browser has them: nothing (no script, no request, no type guessing). */
const SANDBOX = {
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; sandbox",
};

export function downloadResponse(download: Download, cache?: string): Response {
  const caching: Record<string, string> = cache ? { 'Cache-Control': cache } : {};
  if ('redirect' in download) return new Response(null, { status: 302, headers: { Location: download.redirect, ...SANDBOX, ...caching } });
  return new Response(Readable.toWeb(download.body) as ReadableStream, {
    headers: {
      'Content-Type': download.contentType,
      'Content-Disposition': download.disposition,
      'Content-Length': String(download.size),
      ...SANDBOX,
      ...caching,
    },
  });
}
